// The help-centre calls (worker/modules/help) through the typed client; reply types come from the handlers.
import { client, type JsonBody, ok, type Reply, withSignal } from '@/lib/client';

export const HELP_API = '/centrodeayuda';
export const FAQ_ROUTE = '/app/centrodeayuda/preguntasfrecuentes';

const help = client.centrodeayuda;
type Body<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

// The control pages' rows (their grids read them through the list hook), typed by the handlers.
export type Question = Reply<typeof help.enviarpreguntas.control.$get>['data'][number];
export type Suggestion = Reply<typeof help.sugerencias.control.$get>['data'][number];
export type Demo = Reply<typeof help.agendardemostraciones.control.$get>['data'][number];
export type DemoOption = Demo['opciones'][number];

export const getFaq = (query: { q?: string; modulo?: string }, signal?: AbortSignal) =>
  ok(help.faq.$get({ query }, withSignal(signal)));
export type FaqGroup = Body<typeof getFaq>['data'][number];
export type Faq = FaqGroup['preguntas'][number];
export const getAids = (query: { modulo?: string }, signal?: AbortSignal) =>
  ok(help.ayudas.$get({ query }, withSignal(signal)));
export type Aid = Omit<Body<typeof getAids>['data'][number], 'modulo_label'> & { modulo_label?: string };
export type AidImage = Aid['imagenes'][number];

const id = (n: number) => ({ id: String(n) });
export const sendSuggestion = (body: JsonBody<typeof help.sugerencias.$post>) =>
  ok(help.sugerencias.$post({ json: body }));
export const sendQuestion = (body: JsonBody<typeof help.enviarpreguntas.$post>) =>
  ok(help.enviarpreguntas.$post({ json: body }));
export const sendDemo = (body: JsonBody<typeof help.agendardemostraciones.$post>) =>
  ok(help.agendardemostraciones.$post({ json: body }));
const answer = help.enviarpreguntas[':id{[0-9]+}'].respuesta;
export const confirmDemo = (demoId: number, body: { opcion_id: number; comentario: string | null }) =>
  ok(help.agendardemostraciones[':id{[0-9]+}'].confirmar.$put({ param: id(demoId), json: body }));
export const answerQuestion = (questionId: number, body: JsonBody<typeof answer.$put>) =>
  ok(answer.$put({ param: id(questionId), json: body }));
export const questionToFaq = (questionId: number) =>
  ok(help.enviarpreguntas[':id{[0-9]+}'].faq.$post({ param: id(questionId) }));

// The grids' lists (ServerGrid): the query is the grid's URL state; the rows are the handlers'.
type Query = Record<string, string>;
export const listOwnQuestions = (query: Query, signal?: AbortSignal) =>
  ok(help.enviarpreguntas.$get({ query }, withSignal(signal)));
export const listQuestions = (query: Query, signal?: AbortSignal) =>
  ok(help.enviarpreguntas.control.$get({ query }, withSignal(signal)));
export const listOwnSuggestions = (query: Query, signal?: AbortSignal) =>
  ok(help.sugerencias.$get({ query }, withSignal(signal)));
export const listSuggestions = (query: Query, signal?: AbortSignal) =>
  ok(help.sugerencias.control.$get({ query }, withSignal(signal)));
export const listOwnDemos = (query: Query, signal?: AbortSignal) =>
  ok(help.agendardemostraciones.$get({ query }, withSignal(signal)));
export const listDemos = (query: Query, signal?: AbortSignal) =>
  ok(help.agendardemostraciones.control.$get({ query }, withSignal(signal)));
export type OwnQuestion = Body<typeof listOwnQuestions>['data'][number];
export type OwnSuggestion = Body<typeof listOwnSuggestions>['data'][number];
export type OwnDemo = Body<typeof listOwnDemos>['data'][number];

// The state of a question, a suggestion or a demo request (PUT …/estado/:id).
const questionState = help.enviarpreguntas.estado[':id{[0-9]+}'];
const suggestionState = help.sugerencias.estado[':id{[0-9]+}'];
const demoState = help.agendardemostraciones.estado[':id{[0-9]+}'];
export const setQuestionState = (id: number, json: JsonBody<typeof questionState.$put>) =>
  ok(questionState.$put({ param: { id: String(id) }, json }));
export const setSuggestionState = (id: number, json: JsonBody<typeof suggestionState.$put>) =>
  ok(suggestionState.$put({ param: { id: String(id) }, json }));
export const setDemoState = (id: number, json: JsonBody<typeof demoState.$put>) =>
  ok(demoState.$put({ param: { id: String(id) }, json }));

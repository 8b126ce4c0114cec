import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import { MSG } from '../shared/messages';
import { issuesByField } from '../shared/schemas/fields';
import { HttpError, invalid } from './errors';
import type { AppEnv } from './ports';

/**
 * Parses with a shared schema; a failure is a 422 carrying the schema's Spanish messages, keyed
 * by field. An issue about the value as a whole (no field) is given as `message` only.
 */
export function parseWith<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) {
    const { _: whole, ...byField } = issuesByField(result.issues);
    if (!Object.keys(byField).length) throw new HttpError(422, whole?.join(', ') || MSG.invalid);
    throw invalid(byField);
  }
  return result.output;
}

const OBJECT_TYPES = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);
/** The object schema inside pipes, if the body must be an object. */
const takesObject = (schema: v.GenericSchema): boolean => {
  const s = schema as unknown as { type: string; pipe?: v.GenericSchema[] };
  return OBJECT_TYPES.has(s.type) || (s.type !== 'union' && !!s.pipe && takesObject(s.pipe[0]!));
};

export const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** Marks a route as reading a JSON body (the strict-body guard refuses bodies elsewhere). */
export type BodyMarked = { takesBody: true };

type JsonParse<S extends v.GenericSchema> = (value: v.InferInput<S>, c: Context) => v.InferOutput<S>;

// The strict-body guard (platform/guards.ts) has already refused malformed JSON with 400; here
// a body of the wrong shape (an array, a string, null where an object is expected) is a 422.
export const json = <S extends v.GenericSchema>(schema: S) => {
  const object = takesObject(schema);
  return Object.assign(
    // The client's body type is what the schema accepts (its input), the handler's what it yields.
    validator<v.InferInput<S>, string, string, 'json', string, JsonParse<S>>('json', (value) => {
      if (object && !isPlainObject(value)) throw new HttpError(422, MSG.bodyNotObject);
      return parseWith(schema, value) as v.InferOutput<S>;
    }),
    { takesBody: true } as BodyMarked,
  );
};

/** For a handler that reads its JSON body itself. */
export const readsJson = () =>
  Object.assign(
    createMiddleware<AppEnv>(async (_c, next) => next()),
    { takesBody: true } as BodyMarked,
  );

/**
 * For a handler that reads its JSON body itself and then parses it with `schema`: the typed
 * client sees that schema's input as the body (the schema itself runs in the handler).
 */
export const readsJsonOf = <S extends v.GenericSchema>(_schema: S) =>
  Object.assign(
    createMiddleware<AppEnv, string, { in: { json: v.InferInput<S> } }>(async (_c, next) => next()),
    { takesBody: true } as BodyMarked,
  );

export const query = <S extends v.GenericSchema>(schema: S) =>
  validator('query', (value) => parseWith(schema, value) as v.InferOutput<S>);

export const params = <S extends v.GenericSchema>(schema: S) =>
  validator('param', (value) => parseWith(schema, value) as v.InferOutput<S>);

// Help centre forms (docs/product-spec.md §3, §5), shared by the API and the screens. The server parses
// with these same schemas, so the upper-casing happens there too and the client is not trusted.
import * as v from 'valibot';
import { MSG } from '../messages';
import { type Issues, text } from './fields';
import { BOGOTA_OFFSET_MS } from '../bogota';
import { STATE } from '../workflow';

/** An e-mail kept as typed (spec §5: correo is not upper-cased). */
const emailAsTyped = () =>
  v.pipe(
    v.string(MSG.required),
    v.trim(),
    v.nonEmpty(MSG.required),
    v.maxLength(254, MSG.maxLength('El correo', 254)),
    v.email(MSG.invalid),
  );

/** Optional free text, upper-cased; empty is null. */
const optionalUpper = (label: string, max: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(MSG.invalid),
        v.trim(),
        v.maxLength(max, MSG.maxLength(label, max)),
        v.toUpperCase(),
        v.transform((s) => s || null),
      ),
    ),
    null,
  );

const optionalPlain = (label: string, max: number) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(MSG.invalid),
        v.trim(),
        v.maxLength(max, MSG.maxLength(label, max)),
        v.transform((s) => s || null),
      ),
    ),
    null,
  );

const upper = (label: string, max: number) => v.pipe(text(label, max), v.toUpperCase());

/** Suggestion (spec §5): correo required and valid, descripcion required; all but correo upper-cased. */
export const suggestionSchema = v.object({
  correo: emailAsTyped(),
  modulo: optionalUpper('El módulo', 80),
  titulo: optionalUpper('El título', 150),
  descripcion: upper('La descripción', 2000),
  tipo_sugerencia: optionalUpper('El tipo de sugerencia', 60),
});
export type SuggestionBody = v.InferOutput<typeof suggestionSchema>;

/** Question (spec §5): pregunta required. 300 characters, the FAQ's own limit. */
export const questionSchema = v.object({
  modulo: optionalPlain('El módulo', 80),
  pregunta: text('La pregunta', 300),
  funcionalidad: optionalPlain('La funcionalidad', 150),
});
export type QuestionBody = v.InferOutput<typeof questionSchema>;

// ── Date-times: Bogotá wall time (UTC−5, no daylight saving), stored as UTC milliseconds. ──
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** 'YYYY-MM-DD HH:mm[:ss]' (or with a 'T', as a date-time input gives it) → UTC ms; null if not a real date. */
export function bogotaDateTimeMs(s: string): number | null {
  const m = DATE_TIME.exec(s.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1).map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (y < 2000 || y > 2999 || h > 23 || mi > 59 || se > 59) return null;
  const wall = Date.UTC(y, mo - 1, d, h, mi, se);
  const back = new Date(wall);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return wall + BOGOTA_OFFSET_MS;
}

/** UTC ms → 'YYYY-MM-DD HH:mm' in Bogotá (spec §9 formats). */
export function bogotaDateTime(ms: number): string {
  return new Date(ms - BOGOTA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

const dateTime = () =>
  v.pipe(
    v.string(MSG.required),
    v.trim(),
    v.nonEmpty(MSG.required),
    v.check((s) => s === '' || bogotaDateTimeMs(s) !== null, MSG.invalid),
  );

export const DEMO_OPTIONS = 3;

/** Demonstration request (spec §5, §9): five required fields and exactly three date-times. */
export const demoSchema = v.object({
  empresa: upper('La empresa', 150),
  nombre: upper('El nombre', 150),
  email: emailAsTyped(),
  cargo: text('El cargo', 100),
  celular: v.pipe(text('El celular', 20), v.regex(/^\+?[0-9 ]{7,20}$/, MSG.invalid)),
  opciones: v.pipe(
    v.array(v.object({ fecha: dateTime() }), MSG.required),
    v.length(DEMO_OPTIONS, MSG.demoThreeOptions),
  ),
});
export type DemoBody = v.InferOutput<typeof demoSchema>;

/** Rules that need the clock, checked on both sides: options in the future and all different. */
export function demoErrors(body: Pick<DemoBody, 'opciones'>, nowMs: number): Issues {
  const errors: Issues = {};
  const seen = new Set<number>();
  body.opciones.forEach((o, i) => {
    const ms = bogotaDateTimeMs(o.fecha);
    if (ms === null) return;
    if (ms <= nowMs) errors[`opciones.${i}.fecha`] = [MSG.demoPastDate];
    else if (seen.has(ms)) errors[`opciones.${i}.fecha`] = [MSG.demoRepeatedDate];
    seen.add(ms);
  });
  return errors;
}

// ── Administrators ──
export const answerSchema = v.object({ respuesta: text('La respuesta', 5000) });

export const confirmDemoSchema = v.object({
  opcion_id: v.pipe(
    v.number(MSG.required),
    v.integer(MSG.invalid),
    v.minValue(1, MSG.invalid),
    v.maxValue(Number.MAX_SAFE_INTEGER, MSG.invalid),
  ),
  comentario: v.optional(
    v.nullable(
      v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(1000, MSG.maxLength('El comentario', 1000))),
    ),
    null,
  ),
});

// ── Modules: what a suggestion, a question, a FAQ or a graphic aid is about ──
/** `key` is the first path segment after /app/; the label is what people read and pick. */
export const HELP_MODULES = [
  { key: 'miinformacionpersonal', label: 'Mi información personal' },
  { key: 'perfil', label: 'Mi perfil' },
  { key: 'miscompras', label: 'Mis compras' },
  { key: 'bonos', label: 'Bonos' },
  { key: 'bonosreferidos', label: 'Referidos' },
  { key: 'reports', label: 'Dashboard' },
  { key: 'centrodeayuda', label: 'Centro de ayuda' },
  { key: 'consultas', label: 'Consultas' },
  { key: 'administracion', label: 'Administración' },
  { key: 'configuracion', label: 'Configuración' },
  { key: 'account', label: 'Mi cuenta' },
] as const;

/** Lower case, no accents, no spaces or punctuation: 'Mis compras' and 'MIS COMPRAS' → 'miscompras'. */
export const moduleKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The module a stored `modulo` names (by key or label, any case or accents), if it is a known one. */
export function helpModuleOf(modulo: string | null | undefined) {
  if (!modulo) return undefined;
  const k = moduleKey(modulo);
  return HELP_MODULES.find((m) => m.key === k || moduleKey(m.label) === k);
}

/** The label a stored `modulo` reads as. */
export const moduleLabel = (modulo: string | null | undefined) =>
  helpModuleOf(modulo)?.label ?? modulo ?? 'General';

/** The module of a screen: the first segment after /app/. */
export function moduleOfPath(pathname: string): string | undefined {
  const seg = /^\/app\/([^/?#]+)/.exec(pathname)?.[1];
  return seg ? helpModuleOf(seg)?.key : undefined;
}

/** Kinds of suggestion offered by the form (sent upper-cased). */
export const SUGGESTION_TYPES = ['Mejora', 'Nueva funcionalidad', 'Error', 'Otro'] as const;

/** Suggestions and questions: PENDIENTE, then APROBADO (attended) or NO_APROBADO (declined). */
export const HELP_STATES = [STATE.PENDIENTE, STATE.APROBADO, STATE.NO_APROBADO] as const;
/** A demonstration is confirmed on one option (APROBADO) or declined (NO_APROBADO), once. */
export const DEMO_DECLINE = { PENDIENTE: [STATE.NO_APROBADO] } as const;

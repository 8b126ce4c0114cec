import { validator } from 'hono/validator';
import * as v from 'valibot';
import { issuesByField } from '../shared/schemas/fields';
import { invalid } from './errors';

/** Parses with a shared schema; a failure is a 422 carrying the schema's Spanish messages. */
export function parseWith<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw invalid(issuesByField(result.issues));
  return result.output;
}

// Hono parses the body (malformed JSON → HTTPException 400, mapped by onError); the content
// type itself was checked by the global write guard.
export const json = <S extends v.GenericSchema>(schema: S) =>
  validator('json', (value) => parseWith(schema, value) as v.InferOutput<S>);

export const query = <S extends v.GenericSchema>(schema: S) =>
  validator('query', (value) => parseWith(schema, value) as v.InferOutput<S>);

export const params = <S extends v.GenericSchema>(schema: S) =>
  validator('param', (value) => parseWith(schema, value) as v.InferOutput<S>);

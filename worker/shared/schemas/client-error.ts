import * as v from 'valibot';
import { CLIENT_ERROR_LIMITS as L, CLIENT_ERROR_ORIGINS } from '../ops';

/** An error the SPA caught (window error, unhandled promise, the router's error boundary). */
export const clientErrorSchema = v.strictObject({
  mensaje: v.pipe(v.string(), v.maxLength(L.mensaje)),
  pila: v.optional(v.pipe(v.string(), v.maxLength(L.pila))),
  ruta: v.pipe(v.string(), v.maxLength(L.ruta)),
  version: v.optional(v.pipe(v.string(), v.maxLength(L.version))),
  origen: v.picklist(CLIENT_ERROR_ORIGINS),
});

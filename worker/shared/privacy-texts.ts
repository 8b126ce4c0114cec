// The privacy notice's Spanish texts (docs/privacy.md «Aviso y autorizaciones»), apart from the
// purposes' field map (privacy.ts) so the SPA's shell can show them without the profile schemas.

/** The 422 of a sensitive field sent without its authorisation (SECURITY row «datos sensibles»). */
export const consentRequired = (nombre: string) =>
  `Para guardar este dato necesitamos tu autorización para la finalidad «${nombre}». Otórgala en Mi cuenta → Privacidad.`;
export const mandatoryRequired = (nombre: string) =>
  `Debes aceptar el aviso de privacidad para la finalidad «${nombre}»`;
export const MANDATORY_NOT_REVOCABLE =
  'Esta finalidad es obligatoria para usar la plataforma: para retirarla radica una solicitud de revocatoria o de supresión en Centro de ayuda → Mis solicitudes de datos';
export const UNKNOWN_PURPOSE = 'La finalidad no existe en el aviso de privacidad vigente';
export const SENSITIVE_OPTIONAL =
  'Responder las preguntas sobre datos sensibles es facultativo: puedes comprar, suscribirte, referir y recibir pagos sin autorizarlas.';

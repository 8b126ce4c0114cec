// Operations texts the API and the status screen share (isomorphic).
export const OPS_MSG = {
  retried: 'Reenviado',
  retryFailed: 'No se pudo reenviar: el servicio volvió a fallar',
  retryUnavailable:
    'No hay un servicio de correo configurado (MAIL_API_URL): el mensaje sigue pendiente en la bandeja de salida',
} as const;

export const JOB_RESULT_LABELS = {
  OK: 'Correcta',
  FALLIDO: 'Fallida',
  EN_CURSO: 'En curso',
  SIN_EJECUTAR: 'Nunca se ha ejecutado',
} as const;

/** What the SPA reports of its own failures (POST /api/v1/sistema/errores). */
export const CLIENT_ERROR_LIMITS = { mensaje: 2000, pila: 8000, ruta: 300, version: 100 } as const;
export const CLIENT_ERROR_ORIGINS = ['ventana', 'promesa', 'router'] as const;

// The spec's Spanish texts (docs/product-spec.md §5 and §8), written once for server and web.

/** The largest file an upload takes, in MB (decision 0466): said in the message, checked by the browser first. */
export const MAX_UPLOAD_MB = 48;

/** The verb agrees with its subject (decision 0466): «Los nombres deben…», «El nombre debe…». */
const debe = (label: string) => (/^(los|las)\s/i.test(label.trim()) ? 'deben' : 'debe');

export const MSG = {
  required: 'Este campo es requerido',
  requiredField: 'El campo es requerido',
  invalid: 'El campo es inválido',
  numeric: (label: string) => `${label} ${debe(label)} ser numerico`,
  min: (label: string, n: number | string) => `${label} ${debe(label)} ser mayor o igual a ${n}`,
  max: (label: string, n: number | string) => `${label} ${debe(label)} ser menor o igual a ${n}`,
  between: (label: string, a: number | string, b: number | string) =>
    `${label} ${debe(label)} estar entre ${a} y ${b}`,
  /** A value out of a fixed list of numbers (e.g. the VAT rates 0, 5 and 19). */
  oneOf: (label: string, values: readonly number[]) =>
    `${label} ${debe(label)} ser ${values.slice(0, -1).join(', ')} o ${values[values.length - 1]}`,
  minLength: (label: string, n: number) => `${label} ${debe(label)} tener al menos ${n} caracteres`,
  maxLength: (label: string, n: number) => `${label} ${debe(label)} tener máximo ${n} caracteres`,
  lengthBetween: (label: string, a: number, b: number) =>
    `${label} ${debe(label)} tener entre ${a} y ${b} caracteres`,
  created: 'Registro creado correctamente',
  updated: 'Registro actualizado correctamente',
  deleted: 'Registro eliminado correctamente',
  verificationResent: 'Se ha reenviado correctamente el correo de verificacion',
  saveError: 'Ha ocurrido un error al momento de intentar grabar los datos',
  loadError: 'Ha ocurrido un error al momento de cargar los datos',
  sendError: 'Ocurrio un error al enviar la informacion',
  badRequest: 'Solicitud invalida',
  removeError: 'Ha ocurrido un error al remover el registro',
  requestError: 'Ocurrio un error al realizar la solicitud.',
  formError: 'Ocurrio un error al obtener informacion del formulario',
  tableError: 'Ocurrio un error cargando los datos de la tabla',
  downloadError: 'No fue posible realizar la descarga',
  urlRequired: 'La URL es requerida para este metodo',
  logoutError: 'Unable to logout',
  logoutCrossSite: 'La sesión sigue abierta: para cerrarla usa «Cerrar sesión» dentro de la aplicación',
  confirmTitle: 'Confirmar accion',
  confirmText: 'Esta seguro de realizar esta accion?',
  emptyTitle: 'No hay datos para mostrar...',
  emptyText: 'Lo sentimos, no se encontraron registros',
  // Platform messages the spec leaves open (see docs/decisions/0003-auth-messages.md).
  badCredentials: 'Correo o contraseña incorrectos',
  locked: 'Demasiados intentos fallidos. Intenta de nuevo más tarde.',
  /** The lockout with its wait, in whole minutes rounded up (decision 0461). */
  lockedFor: (seconds: number) => {
    const m = Math.max(1, Math.ceil(seconds / 60));
    return `Demasiados intentos fallidos. Intenta de nuevo en ${m} ${m === 1 ? 'minuto' : 'minutos'} o restablece tu contraseña.`;
  },
  unlocked: 'Cuenta desbloqueada: ya puede iniciar sesión.',
  /** A date-range filter whose end is before its start (decision 0462). */
  rangeEndBeforeStart: (key: string) =>
    `Filtro ${key.slice(0, 40)}: la fecha final no puede ser anterior a la fecha inicial`,
  rangeEndBeforeStartUi: (from: string) =>
    `La fecha final no puede ser anterior a la fecha inicial (${from}).`,
  tooMany: 'Demasiadas solicitudes. Intenta de nuevo más tarde.',
  unverified: 'Debes verificar tu correo electrónico antes de iniciar sesión',
  registered: 'Registro recibido. Revisa tu correo electrónico para activar la cuenta.',
  resetRequested: 'Si el correo está registrado, recibirás un enlace para restablecer la contraseña.',
  resetDone: 'La contraseña se ha restablecido correctamente. Ya puedes iniciar sesión.',
  resetInvalid: 'El enlace de restablecimiento no es válido o ha expirado',
  verified: 'Correo verificado correctamente. Ya puedes iniciar sesión.',
  verifyInvalid: 'El enlace de verificación no es válido o ha expirado',
  unauthorized: 'Tu sesión ha expirado. Inicia sesión nuevamente.',
  forbidden: 'No tienes permisos para realizar esta acción',
  notFound: 'El registro no existe',
  routeNotFound: 'Recurso no encontrado',
  unsupportedType: 'Tipo de contenido no soportado',
  tooLarge: `El archivo supera el tamaño máximo permitido (${MAX_UPLOAD_MB} MB)`,
  // Request bodies (decision 0033).
  bodyMalformed: 'El cuerpo de la solicitud no es un JSON válido',
  bodyNotObject: 'El cuerpo de la solicitud debe ser un objeto JSON',
  bodyNotExpected: 'Esta acción no recibe datos: envía un cuerpo vacío o {}',
  bodyTooLarge: (mb: number) => `El cuerpo de la solicitud supera el tamaño máximo permitido (${mb} MB)`,
  termsRequired: 'Debes aceptar los términos y condiciones vigentes',
  passwordMismatch: 'Las contraseñas no coinciden',
  wrongPassword: 'La contraseña actual no es correcta',
  passwordChanged: 'La contraseña se ha cambiado correctamente',
  serverError: 'Ocurrio un error al realizar la solicitud.',
  // Uploads and grids (web; docs/product-spec.md §5 where quoted).
  imagesLimit: (n: number) => `Recuerde que solo puede agregar ${n} imagenes`,
  attachmentTypeFirst: 'Seleccione primero el tipo de adjunto',
  fileTypes: (list: string) => `Tipo de archivo no permitido. Se aceptan: ${list}`,
  fileTooLargeMb: (mb: number) => `El archivo supera el tamaño máximo permitido (${mb} MB)`,
  oneFileOnly: 'Solo puede adjuntar un archivo',
  uploaded: 'Archivo cargado correctamente',
  // Shop (decision 0010).
  cartEmpty: 'No hay productos agregados al carrito',
  cartPickOne: 'Selecciona un producto o un tipo de suscripción',
  cartChanged:
    'El total del carrito cambió (precios o cantidades actualizados). Revisa el carrito e intenta pagar de nuevo.',
  cartUnavailable: 'Hay productos en el carrito que ya no están disponibles. Retíralos e intenta de nuevo.',
  cartFull: (n: number) => `El carrito admite máximo ${n} productos distintos`,
  productUnavailable: 'El producto no existe o no está disponible',
  totalTooLarge: 'El total de la compra supera el máximo permitido',
  attachmentsLimit: (n: number) => `La compra admite máximo ${n} adjuntos`,
  // Bonuses and referrals (web).
  linkCopied: 'Enlace copiado al portapapeles',
  copyFailed: 'No fue posible copiar el enlace',
  cycleAlreadySettled: (label: string) => `El ciclo ${label} ya estaba liquidado`,
  /** Months settle in order (decision 0215): the earliest month still open, e.g. 'octubre de 2026'. */
  earlierCycleOpen: (month: string) => `Primero debe terminar la liquidación de ${month}.`,
  selectRows: 'Selecciona al menos un registro por pagar',
  // Help centre (decision 0012).
  demoThreeOptions: 'Debes indicar tres opciones de fecha',
  demoPastDate: 'La fecha debe ser posterior a la fecha y hora actual',
  demoRepeatedDate: 'Las opciones de fecha deben ser diferentes',
  demoOptionPast: 'La opción elegida ya pasó; pide al solicitante nuevas fechas',
  demoOptionUnknown: 'La opción no pertenece a esta solicitud',
  questionNeedsAnswer: 'Responde la pregunta para aprobarla',
  questionUnanswered: 'Responde la pregunta antes de convertirla en pregunta frecuente',
  questionAlreadyFaq: 'Esta pregunta ya es una pregunta frecuente',
  faqDuplicate: 'Ya existe una pregunta frecuente igual',
  demoConfirmed: 'Demostración confirmada; se envió el correo al solicitante',
  faqCreated: 'Pregunta frecuente creada correctamente',
  // Two-factor sign-in (decision 0034).
  totpAsk: 'Ingresa el código de tu aplicación de autenticación',
  totpCodeFormat: 'El código tiene 6 dígitos',
  totpInvalid: 'El código no es válido',
  totpChallengeInvalid: 'La verificación expiró. Inicia sesión de nuevo.',
  totpEnabled: 'Verificación en dos pasos activada. Guarda tus códigos de recuperación.',
  totpDisabled: 'Verificación en dos pasos desactivada',
  totpAlreadyOn: 'La verificación en dos pasos ya está activa',
  totpNoSetup: 'Primero genera el código QR',
  totpRequiredByRole: 'Tu rol exige la verificación en dos pasos: actívala en Mi cuenta',
  totpCannotDisable: 'Tu rol exige la verificación en dos pasos; no puedes desactivarla',
  totpTokenRefused: 'Esta cuenta usa verificación en dos pasos: inicia sesión desde la aplicación',
  // Idempotent writes and review leases (decisions 0120 and 0121).
  idempotencyKeyFormat:
    'La cabecera Idempotency-Key debe tener entre 1 y 255 caracteres ASCII visibles (sin espacios).',
  idempotencyKeyReused:
    'Esta clave de idempotencia ya se usó con otra solicitud. Genera una clave nueva para esta solicitud.',
  idempotencyInFlight: 'La solicitud anterior con esta clave aún se está procesando.',
  idempotencyAnswerLost:
    'La solicitud anterior con esta clave se registró, pero su respuesta se perdió. Revisa el resultado antes de intentarlo con una clave nueva.',
  queueEmpty: 'No hay más solicitudes disponibles en esta cola.',
} as const;

/** A text a person typed, ended as a sentence: «No coincide» and «No coincide.» both read «No coincide.». */
export const asSentence = (text: string) => {
  const t = text.trim();
  return /[.!?…]$/.test(t) ? t : `${t}.`;
};

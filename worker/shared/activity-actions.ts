// The actions of the activity log (decision 0110), each with how Administración → Actividad reads
// it: declared once, for the server's rows and exports and the screen's filter.
export const ACTIVITY_ACTIONS = {
  crear: 'Creó',
  editar: 'Editó',
  eliminar: 'Eliminó',
  activar: 'Activó',
  desactivar: 'Desactivó',
  estado: 'Cambió el estado',
  restaurar: 'Restauró campos',
  importar: 'Importó',
  liquidar: 'Inició la liquidación',
  contrasena: 'Cambió la contraseña',
  // Decision 0461: an administrator lifted a sign-in lockout.
  desbloquear: 'Desbloqueó el inicio de sesión',
} as const;

export type Action = keyof typeof ACTIVITY_ACTIONS;

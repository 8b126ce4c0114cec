// The twelve tabs of the registered-user detail (spec §2), each behind its own permission so an
// administrator can be given some of them; the server checks the same strings.
export const USER_TABS = [
  { key: 'personal', label: 'Información personal' },
  { key: 'identidad', label: 'Validación de identidad' },
  { key: 'pago', label: 'Información de pago' },
  { key: 'perfil', label: 'Perfil' },
  { key: 'fisica', label: 'Descripción física' },
  { key: 'servicios', label: 'Servicios' },
  { key: 'ubicaciones', label: 'Ubicaciones' },
  { key: 'galeria', label: 'Galería' },
  { key: 'compras', label: 'Historial de compras' },
  { key: 'referidos', label: 'Referidos' },
  { key: 'bonos', label: 'Bonos' },
  { key: 'notificaciones', label: 'Notificaciones' },
] as const;
export type UserTab = (typeof USER_TABS)[number]['key'];

export const tabPermission = (tab: UserTab) => `app:general:consultas:usuariosregistrados:tab:${tab}`;
export const NO_TAB_PERMISSION = 'No tienes permisos para este tab';

export type UserRecord = {
  id: number;
  user_name: string;
  email: string;
  nombres: string;
  apellidos: string | null;
  activo: boolean;
  created_at: number;
  photo_url: string | null;
  roles: number[];
  roles_items: { id: number; nombre: string }[];
};

export const USERS_API = '/seguridad/users';

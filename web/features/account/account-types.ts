// GET /api/v1/auth/account (worker/modules/auth/account.ts). Instants in epoch ms.
export type AccountSession = {
  id: string;
  creada_at: number;
  ultimo_uso_at: number | null;
  expira_at: number;
  dispositivo: string | null;
  tipo: string;
  actual: boolean;
};

export type Account = {
  email: string;
  user_name: string;
  nombres: string | null;
  apellidos: string | null;
  created_at: number;
  sesiones: AccountSession[];
};

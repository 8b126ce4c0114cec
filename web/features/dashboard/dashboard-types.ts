// GET /api/v1/reports/dashboard (worker/modules/reports/dashboard.ts). Money in integer cents,
// instants in epoch ms, months as Bogotá 'YYYY-MM'.
export type Amount = { total: number; valor: number };
export type MonthValue = { mes: string; valor: number };

export type MemberFigures = {
  suscripcion: { estado: string; fecha_inicio: number | null; fecha_fin: number | null } | null;
  compras: { no_pagado: Amount; pagado: Amount };
  bonos: { pagado: number; pendiente: number; por_ciclo: { clave: string; total: number; estado: string }[] };
  referidos: { nivel: number; total: number }[];
};

export type PlatformFigures = {
  miembros_por_mes: MonthValue[];
  validacion_identidad: { estado: string; total: number }[];
  perfiles_pendientes: { total: number; dias_mas_antiguo: number | null };
  suscripciones: { activas: number; vencen_30_dias: number };
  compras_mes: { mes: string; no_pagado: Amount; pagado: Amount };
  ventas_por_mes: MonthValue[];
  bonos_por_ciclo: { clave: string; ciclo_id: number; pagado: number; pendiente: number }[];
};

export type Dashboard = { miembro: MemberFigures; plataforma: PlatformFigures | null; generado_at: number };

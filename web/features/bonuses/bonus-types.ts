// Shapes of worker/modules/bonuses/routes.ts and cycles-data.ts (money in cents, rates in bp).
export type MemberCycle = { id: number; clave: string; total: number; lineas: number; estado: string; pagado_at: number | null };
export type MemberCycles = { data: MemberCycle[]; totales: { pagado: number; pendiente: number } };

export type BonusLine = { id: number; compra_id: number; referido: string; nivel: number; porcentaje: number; base: number; monto: number; motivo: string | null };
export type CycleDetail = MemberCycle & { ciclo_id: number; user_id: number; user_name: string; lineas_detalle: BonusLine[] };

export type Cycle = {
  id: number;
  clave: string;
  /** EN_PROCESO while chunks run, LIQUIDADO when final. */
  estado: string;
  total: number;
  lineas: number;
  usuarios: number;
  progreso: number;
  /** A running settlement: members written of the members at its start, bounded steps, last error. */
  miembros: number;
  miembros_hechos: number;
  pasos: number;
  ultimo_error: string | null;
  /** A run holds the cycle right now. */
  en_curso: boolean;
  pagado: number;
  pendiente: number;
  usuarios_pagados: number;
  iniciado_at: number;
  liquidado_at: number | null;
  origen: string;
};

export type PreviewRow = { user_id: number; user_name: string; total: number; lineas: number };
/** One page of the dry run (grid contract: total is the row count; suma and lineas are the cycle's). */
export type PreviewPage = { data: PreviewRow[]; total: number; suma: number; lineas: number };
export type SettleAnswer = { data: { clave: string; estado: 'LIQUIDADO' | 'EN_CURSO' | 'YA_LIQUIDADO'; total: number; lineas: number; usuarios: number; segundoPlano: boolean }; message: string };
export type BulkAnswer = { actualizados: number; fallidos: number; message: string };

/** detallebonos rows come straight from the table, so the date is camelCase. */
export type Rate = { id: number; nivel: number; porcentaje: number; descripcion: string | null; updated_at: number };

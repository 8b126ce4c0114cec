// Bank-statement import (decision 0140): the groups a movement falls in and their Spanish
// labels, shared by the API and the screen. Isomorphic.
import { STATE } from './workflow';

export const MATCH_GROUPS = [STATE.CONCILIADO, STATE.AMBIGUO, STATE.SIN_CONCILIAR] as const;
export type MatchGroup = (typeof MATCH_GROUPS)[number];

export const MATCH_GROUP_LABELS: Record<MatchGroup, string> = {
  CONCILIADO: 'Conciliados',
  AMBIGUO: 'Ambiguos',
  SIN_CONCILIAR: 'Sin conciliar',
};

export const STATEMENT_STATES = [
  STATE.CONCILIANDO,
  STATE.LISTO,
  STATE.CONFIRMANDO,
  STATE.CONFIRMADO,
] as const;
export type StatementState = (typeof STATEMENT_STATES)[number];

/** Why a movement was not matched (its `motivo`). */
export const REASON = {
  notIncome: 'No es un ingreso (valor cero o negativo)',
  referenceNotFound: 'Referencia no encontrada',
  noReferenceNoAmount: 'Sin referencia y ninguna compra pendiente por ese valor',
  alreadyPaid: 'Compra ya pagada',
  repeated: (fila: number) => `Movimiento repetido: la compra ya está en la fila ${fila}`,
  otherAmount: (esperado: string) => `Valor distinto: la compra es por ${esperado}`,
  byAmountOnly: (n: number) =>
    n === 1
      ? 'Sin referencia: una compra pendiente por el mismo valor'
      : `Sin referencia: ${n} compras pendientes por el mismo valor`,
} as const;

export const STATEMENT_MSG = {
  noColumns:
    'El archivo debe tener una fila de encabezados con las columnas Fecha, Valor (o Monto) y Descripción (o Referencia)',
  empty: 'El archivo no tiene movimientos',
  badAmount: (fila: number) => `Fila ${fila}: el valor no es un número`,
  confirmNotReady: 'El extracto todavía se está conciliando',
  confirmed: (n: number) =>
    n === 1 ? 'Se confirmó 1 compra conciliada' : `Se confirmaron ${n} compras conciliadas`,
  continuing: 'La conciliación continúa: vuelva a consultar el extracto',
} as const;

// Reading a bank's movements (decision 0140): the rows of the linear .xlsx/.csv readers
// (resources' importRows, with its size and row limits), a header row naming the date, amount and
// description/reference columns, Colombian number formats ("1.234.567,00", "$ 1.234.567") and the
// usual date spellings. Each movement keeps its row number and the purchase its reference names.
import type { ReadCell } from '../../platform/xlsx-read';
import { invalid } from '../../platform/errors';
import { parseReference } from '../../shared/payment-reference';
import { STATEMENT_MSG } from '../../shared/statement';

export type Movement = {
  fila: number;
  fecha: string | null;
  /** COP cents. */
  valor: number;
  descripcion: string;
  referenciaCompraId: number | null;
};

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

const DATE = ['fecha', 'fechamovimiento', 'fechadelmovimiento', 'fechatransaccion', 'fechaoperacion'];
const AMOUNT = ['valor', 'monto', 'importe', 'credito', 'creditos', 'abono', 'abonos', 'valormovimiento'];
const TEXT = ['descripcion', 'referencia', 'concepto', 'detalle', 'referencia1', 'referencia2', 'documento'];

/** Column indexes of the header row; text columns are joined when there are several. */
function columnsOf(header: ReadCell[]) {
  const names = header.map((h) => fold(String(h ?? '')));
  const fecha = names.findIndex((n) => DATE.includes(n));
  const valor = names.findIndex((n) => AMOUNT.includes(n));
  const texto = names.flatMap((n, i) => (TEXT.includes(n) ? [i] : []));
  if (valor < 0 || !texto.length) throw invalid({ file: [STATEMENT_MSG.noColumns] });
  return { fecha, valor, texto };
}

/**
 * COP cents from a cell: numbers as they are; text in Colombian ("1.234.567,00") or English
 * ("1,234,567.00") notation, with "$", "COP", spaces and a sign. Null when it is not a number.
 */
export function amountOf(cell: ReadCell): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? Math.round(cell * 100) : null;
  if (typeof cell !== 'string') return null;
  let s = cell.replace(/COP|\$|\s|\u00a0/gi, '');
  let sign = 1;
  if (/^\(.*\)$/.test(s)) {
    sign = -1;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-')) {
    sign = -sign;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  if (!/^[0-9.,]+$/.test(s) || !/[0-9]/.test(s)) return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let int: string;
  let dec = '';
  if (lastDot >= 0 && lastComma >= 0) {
    // Both: the later one separates the decimals.
    const at = Math.max(lastDot, lastComma);
    int = s.slice(0, at).replace(/[.,]/g, '');
    dec = s.slice(at + 1);
  } else if (lastComma >= 0 || lastDot >= 0) {
    const sep = lastComma >= 0 ? ',' : '.';
    const parts = s.split(sep);
    const tail = parts[parts.length - 1]!;
    // One separator followed by other than exactly three digits is a decimal mark ("1234,5",
    // "1234.56"); repeated, or before three digits, it groups thousands ("1.234.567", "250,000").
    if (parts.length === 2 && tail.length !== 3) {
      int = parts[0]!;
      dec = tail;
    } else int = parts.join('');
  } else int = s;
  if (!/^[0-9]*$/.test(int) || !/^[0-9]*$/.test(dec) || dec.length > 2) return null;
  const cents = Number(int || '0') * 100 + Number((dec + '00').slice(0, 2));
  return Number.isSafeInteger(cents) ? sign * cents : null;
}

/** ISO date (YYYY-MM-DD) from a cell: Excel's serial day, D/M/YYYY, YYYY-MM-DD; otherwise as written. */
export function dateOf(cell: ReadCell): string | null {
  if (cell === null || cell === '') return null;
  if (typeof cell === 'number' && cell > 20_000 && cell < 80_000) {
    return new Date(Date.UTC(1899, 11, 30) + Math.round(cell) * 86_400_000).toISOString().slice(0, 10);
  }
  const s = String(cell).trim();
  const pad = (n: string) => n.padStart(2, '0');
  let m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})/.exec(s);
  if (m) return `${m[1]}-${pad(m[2]!)}-${pad(m[3]!)}`;
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})/.exec(s);
  if (m) return `${m[3]}-${pad(m[2]!)}-${pad(m[1]!)}`;
  return s.slice(0, 40);
}

/** The movements of a statement's rows (the first row is the header); blank rows are skipped. */
export function movementsOf(rows: ReadCell[][]): Movement[] {
  const [header, ...body] = rows;
  if (!header) throw invalid({ file: [STATEMENT_MSG.empty] });
  const cols = columnsOf(header);
  const out: Movement[] = [];
  const errors: string[] = [];
  body.forEach((row, i) => {
    const fila = i + 2;
    if (row.every((c) => c === null || String(c).trim() === '')) return;
    const valor = amountOf(row[cols.valor] ?? null);
    if (valor === null) {
      if (errors.length < 20) errors.push(STATEMENT_MSG.badAmount(fila));
      return;
    }
    const descripcion = cols.texto
      .map((c) => String(row[c] ?? '').trim())
      .filter(Boolean)
      .join(' · ')
      .slice(0, 500);
    out.push({
      fila,
      fecha: cols.fecha >= 0 ? dateOf(row[cols.fecha] ?? null) : null,
      valor,
      descripcion,
      referenciaCompraId: parseReference(descripcion),
    });
  });
  if (errors.length) throw invalid({ file: errors });
  if (!out.length) throw invalid({ file: [STATEMENT_MSG.empty] });
  return out;
}

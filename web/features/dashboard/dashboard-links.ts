// Where each figure leads: the grid that lists it, with the grid's URL filters
// (`?filters={json}`, see web/components/data-grid/use-grid-state.ts) when it reads them.
import { formatDate } from '@/lib/format';
import { STATE } from '@shared/workflow';

const DAY = 86_400_000;

const filtered = (path: string, filters: Record<string, unknown>) =>
  `${path}?filters=${encodeURIComponent(JSON.stringify(filters))}`;

/** 'YYYY-MM' → the grid's inclusive date range of that month. */
export function monthRange(mes: string) {
  const [y, m] = mes.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${mes}-01`, to: `${mes}-${String(last).padStart(2, '0')}` };
}

const MEMBERS = '/app/consultas/usuariosregistrados';
const SUBSCRIPTIONS = '/app/consultas/suscripciones';
const PURCHASES = '/app/administracion/compras';

export const links = {
  members: MEMBERS,
  membersOf: (mes: string) => filtered(MEMBERS, { created_at: monthRange(mes) }),
  identity: (estado: string) => filtered('/app/administracion/controlinformacionpersonal', { estado }),
  pendingProfiles: filtered('/app/administracion/perfil/control', { estado: STATE.PENDIENTE }),
  activeSubscriptions: filtered(SUBSCRIPTIONS, { estado: STATE.APROBADO }),
  expiringSubscriptions: (now: number) =>
    filtered(SUBSCRIPTIONS, {
      estado: STATE.APROBADO,
      fecha_fin: { from: formatDate(now), to: formatDate(now + 30 * DAY) },
    }),
  /** Unpaid purchases are counted by creation in the month; paid ones by their payment date. */
  unpaidPurchases: (mes: string) =>
    filtered(PURCHASES, { estado: STATE.NO_PAGADO, created_at: monthRange(mes) }),
  paidPurchases: (mes: string) => filtered(PURCHASES, { estado: STATE.PAGADO, pagado_at: monthRange(mes) }),
  sales: filtered(PURCHASES, { estado: STATE.PAGADO }),
  settlement: '/app/administracion/liquidacionbonos',
  myPurchases: '/app/miscompras?tab=compras',
  mySubscriptions: '/app/miscompras?tab=suscripciones',
  myBonuses: '/app/bonos',
  myReferrals: '/app/bonosreferidos/referidos',
};

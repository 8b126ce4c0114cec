// Global search (decision 0151): members, purchases and products found through
// their FTS5 indexes, each group filtered by the caller's permissions in its own SQL — a statement
// returns only rows the caller may see; nothing is dropped after the fact. The statements ride in
// one batch behind the session statement (readBatch): one database round trip.
import type { InStatement, ResultSet } from '@libsql/client';
import {
  PERSONAL_DATA_PERMISSION,
  readPersonalField,
  type PersonalDataReader,
} from '../../platform/personal-data';
import {
  exactWordQuery,
  fragmentQuery,
  inColumns,
  looksLikeFragment,
  wordQuery,
} from '../../platform/search-index';
import { referenceIn } from '../../shared/payment-reference';
import { configPermission, P } from '../../shared/permissions';
import { stateLabel } from '../../shared/workflow';
import { pesos } from '../../shared/money-out';

/** Results per group. */
export const GROUP_LIMIT = 8;
/** Index hits read per index before the permission filter and the order (bounded work). */
const HITS = 50;
/** A trigram query no row matches (control characters are never in the indexed fields): an empty scan. */
const NOTHING = '"\u0001\u0001\u0001"';

/** 1 when user :me holds the permission named by parameter `:code_name` (through an active role). */
const holds = (param: string) => `exists (select 1 from user_roles ur
  join roles r on r.id = ur.role_id and r.activo = 1
  join role_permissions rp on rp.role_id = ur.role_id
  join permissions p on p.id = rp.permission_id and p.code = :${param}
  where ur.user_id = :me)`;

export const SEARCH_PERMISSIONS = {
  usuarios: configPermission('seguridad:usuarios', 'view'),
  registrados: P.usuariosRegistrados,
  controlCompras: P.controlCompras,
  misCompras: P.misCompras,
  productos: configPermission('catalogo:productos', 'view'),
} as const;

const codes = {
  c_full: PERSONAL_DATA_PERMISSION,
  c_usuarios: SEARCH_PERMISSIONS.usuarios,
  c_registrados: SEARCH_PERMISSIONS.registrados,
  c_control: SEARCH_PERMISSIONS.controlCompras,
  c_mis: SEARCH_PERMISSIONS.misCompras,
  c_productos: SEARCH_PERMISSIONS.productos,
};

/**
 * The columns of the members' indexes a reader who does not see documents in full may match
 * (SECURITY row 19, decision 0343): a caller shown ••••7766 cannot find a member by its digits.
 */
const VISIBLE_WORD_COLUMNS = ['user_name', 'nombres', 'apellidos', 'email'];
const VISIBLE_FRAGMENT_COLUMNS = ['user_name', 'email'];

/** The query `full` for who sees documents in full, `visible` for everyone else: decided in SQL. */
const byReader = (full: string, visible: string) =>
  `(case when ${holds('c_full')} then :${full} else :${visible} end)`;

/**
 * Members: names by words, document numbers and e-mails also by fragment; for staff who may list
 * users. The document is matched only for who may see it whole (byReader). The fragment search (trigrams: tens of milliseconds over a million members, since every
 * digit trigram is in thousands of rows) runs only when no member holds the typed text as whole
 * words: a whole document number, user name or e-mail is found by the word index alone, which
 * costs a fraction of a millisecond (decision 0262). The choice is made inside the MATCH
 * argument (a term no row holds when a whole-word hit exists): a WHERE condition beside the MATCH
 * was measured to leave most of the trigram scan's cost.
 */
const membersSql = (withFragment: boolean) => `
select u.id, u.user_name, u.nombres, u.apellidos, u.email, u.numero_identificacion
from users u
where (${holds('c_usuarios')} or ${holds('c_registrados')})
  and u.id in (
    select rowid from (select rowid from users_fts where users_fts match ${byReader('words', 'words_visible')} limit ${HITS})
    ${
      withFragment
        ? `union select rowid from (select rowid from users_tri where users_tri match
      (case when exists (select 1 from users_fts where users_fts match ${byReader('whole', 'whole_visible')}) then :nothing
        else ${byReader('fragment', 'fragment_visible')} end)
      limit ${HITS})`
        : ''
    }
  )
order by u.nombres_orden, u.apellidos_orden, u.id
limit ${GROUP_LIMIT}`;

/**
 * Purchases by number, by a fragment of it, and by payment reference (decision 0347: the reference
 * is computed from the id, so a valid one names its purchase): all for purchase control, one's own
 * otherwise.
 */
const purchasesSql = (withFragment: boolean) => `
select c.id, c.user_id, c.total, c.estado, c.created_at, u.user_name
from compras c join users u on u.id = c.user_id
where (${holds('c_control')} or (${holds('c_mis')} and c.user_id = :me))
  and (c.id = :numero or c.id = :referencia ${withFragment ? 'or c.id in (select rowid from compras_fts where compras_fts match :fragment)' : ''})
order by c.id desc
limit ${GROUP_LIMIT}`;

/** Products: every one for who maintains the catalogue; the active ones (the shop's) for a buyer. */
const productsSql = `
select p.id, p.codigo, p.nombre, p.precio, p.activo
from productos p
where p.id in (select rowid from productos_fts where productos_fts match :words limit ${HITS})
  and (${holds('c_productos')} or (${holds('c_mis')} and p.activo = 1))
order by p.nombre_orden, p.id
limit ${GROUP_LIMIT}`;

export type SearchPlan = { statements: InStatement[]; groups: ('miembros' | 'compras' | 'productos')[] };

/** The statements of one search for user `me`, or none when the text has nothing to search. */
export function searchPlan(text: string, me: number): SearchPlan {
  const words = wordQuery(text);
  const fragment = looksLikeFragment(text) ? fragmentQuery(text) : null;
  const numero = /^\s*#?\d{1,15}\s*$/.test(text) ? Number(text.replace(/\D/g, '')) : null;
  const referencia = referenceIn(text);
  const plan: SearchPlan = { statements: [], groups: [] };
  if (words) {
    plan.statements.push({
      sql: membersSql(!!fragment),
      args: {
        me,
        words,
        words_visible: inColumns(words, VISIBLE_WORD_COLUMNS),
        ...(fragment
          ? {
              fragment,
              fragment_visible: inColumns(fragment, VISIBLE_FRAGMENT_COLUMNS),
              whole: exactWordQuery(text) ?? words,
              whole_visible: inColumns(exactWordQuery(text) ?? words, VISIBLE_WORD_COLUMNS),
              nothing: NOTHING,
            }
          : {}),
        c_full: codes.c_full,
        c_usuarios: codes.c_usuarios,
        c_registrados: codes.c_registrados,
      },
    });
    plan.groups.push('miembros');
    plan.statements.push({
      sql: productsSql,
      args: { me, words, c_productos: codes.c_productos, c_mis: codes.c_mis },
    });
    plan.groups.push('productos');
  }
  const purchaseFragment =
    fragment && /\d/.test(text) && !text.includes('@') ? fragmentQuery(text.replace(/^\s*#/, '')) : null;
  if (numero !== null || referencia !== null || purchaseFragment) {
    plan.statements.push({
      sql: purchasesSql(!!purchaseFragment),
      args: {
        me,
        numero: numero ?? -1,
        referencia: referencia ?? -1,
        ...(purchaseFragment ? { fragment: purchaseFragment } : {}),
        c_control: codes.c_control,
        c_mis: codes.c_mis,
      },
    });
    plan.groups.push('compras');
  }
  return plan;
}

export type SearchHit = { id: number; titulo: string; detalle: string; ruta: string };
export type SearchResult = { miembros: SearchHit[]; compras: SearchHit[]; productos: SearchHit[] };

type Row = Record<string, unknown>;

/**
 * The batch's rows as the palette shows them, each with the screen that opens it for this caller;
 * the document through the one reader of masked fields (worker/platform/personal-data.ts).
 */
export function searchResult(
  plan: SearchPlan,
  results: ResultSet[],
  reader: PersonalDataReader,
): SearchResult {
  const held = reader.permissions;
  const out: SearchResult = { miembros: [], compras: [], productos: [] };
  plan.groups.forEach((group, i) => {
    const rows = results[i]!.rows as unknown as Row[];
    if (group === 'miembros')
      out.miembros = rows.map((r) => ({
        id: Number(r.id),
        titulo: `${r.nombres ?? ''} ${r.apellidos ?? ''}`.trim() || String(r.user_name),
        detalle: [
          r.user_name,
          r.email,
          readPersonalField(
            reader,
            'numero_identificacion',
            r.numero_identificacion == null ? null : String(r.numero_identificacion),
            Number(r.id),
          ),
        ]
          .filter(Boolean)
          .join(' · '),
        ruta: held.has(SEARCH_PERMISSIONS.registrados)
          ? `/app/consultas/usuariosregistrados/view/${r.id}`
          : `/app/configuracion/seguridad/usuarios/edit/${r.id}`,
      }));
    else if (group === 'compras')
      out.compras = rows.map((r) => ({
        id: Number(r.id),
        titulo: `Compra #${r.id}`,
        detalle: `${r.user_name} · ${pesos(Number(r.total))} · ${stateLabel(String(r.estado))}`,
        ruta: held.has(SEARCH_PERMISSIONS.controlCompras)
          ? `/app/administracion/compras/view/${r.id}`
          : `/app/miscompras/view/${r.id}`,
      }));
    else
      out.productos = rows.map((r) => ({
        id: Number(r.id),
        titulo: String(r.nombre),
        detalle: `${r.codigo} · ${pesos(Number(r.precio))}${r.activo ? '' : ' · Inactivo'}`,
        ruta: held.has(SEARCH_PERMISSIONS.productos)
          ? `/app/configuracion/catalogo/productos/edit/${r.id}`
          : '/app/miscompras',
      }));
  });
  return out;
}

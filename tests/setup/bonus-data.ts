// Builds referral trees, subscriptions and paid purchases straight in the database, so the
// settlement can be checked against amounts worked out by hand.
import { sql } from 'drizzle-orm';
import type { Db } from '../../worker/platform/db';

export const DAY = 86_400_000;

export async function baseCatalogue(db: Db) {
  await db.run(
    sql`insert or ignore into categorias_productos (id, nombre, created_at, updated_at) values (1, 'General', 0, 0)`,
  );
  await db.run(
    sql`insert or ignore into tipos_suscripcion (id, nombre, precio, duracion_meses, created_at, updated_at) values (1, 'Mensual', 5000000, 1, 0, 0)`,
  );
}

let nextUser = 1000;
let nextCompra = 1;

export async function member(db: Db, name: string, sponsorId: number | null = null): Promise<number> {
  const id = nextUser++;
  await db.run(sql`insert into users (id, email, user_name, password_hash, referral_code, sponsor_id, email_verified_at, created_at, updated_at)
    values (${id}, ${`${name}@bonos.test`}, ${name}, 'x', ${`RC${id}`}, ${sponsorId}, 0, 0, 0)`);
  return id;
}

export async function paid(
  db: Db,
  userId: number,
  total: number,
  pagadoAt: number,
  estado = 'PAGADO',
): Promise<number> {
  const id = nextCompra++;
  await db.run(sql`insert into compras (id, user_id, checkout_key, total_items, total, estado, pagado_at, created_at, updated_at)
    values (${id}, ${userId}, ${`t:${id}`}, 1, ${total}, ${estado}, ${pagadoAt}, ${pagadoAt}, ${pagadoAt})`);
  return id;
}

export async function subscribed(db: Db, userId: number, from: number, to: number) {
  const compra = await paid(db, userId, 0, from);
  await db.run(sql`insert into suscripciones (user_id, tipo_suscripcion_id, compra_id, estado, fecha_inicio, fecha_fin, created_at, updated_at)
    values (${userId}, 1, ${compra}, 'APROBADO', ${from}, ${to}, 0, 0)`);
}

export async function snapshot(db: Db) {
  const lines = await db.all(
    sql`select c.clave, beneficiario_id, compra_id, referido_id, nivel, base, porcentaje, monto, motivo from ciclo_bonificacion_user_referido l join ciclos_bonificacion c on c.id = l.ciclo_id order by c.clave, compra_id, beneficiario_id, nivel`,
  );
  const users = await db.all(
    sql`select c.clave, b.user_id, b.total, b.lineas, b.estado, b.bonos, b.saldo_anterior, (select k.clave from ciclo_bonificacion_user a join ciclos_bonificacion k on k.id = a.ciclo_id where a.id = b.arrastrado_a) as arrastrado_a from ciclo_bonificacion_user b join ciclos_bonificacion c on c.id = b.ciclo_id order by c.clave, b.user_id`,
  );
  const cycles = await db.all(
    sql`select clave, estado, total, lineas, usuarios, minimo_pago from ciclos_bonificacion order by clave`,
  );
  return { lines, users, cycles };
}

/** Restarts the id sequences, so two databases built the same way hold the same ids. */
export function resetIds() {
  nextUser = 1000;
  nextCompra = 1;
}

/**
 * Complete bank details and an approved identity validation (decision 0201): what a member needs
 * before any path pays one of his bonus rows.
 */
export async function verifiedPayment(db: Db, userId: number) {
  await db.run(sql`insert into metodos_pago (nombre, tipo, created_at, updated_at)
    select 'Transferencia (pruebas)', 'CUENTA_BANCARIA', 0, 0
    where not exists (select 1 from metodos_pago where nombre = 'Transferencia (pruebas)')`);
  await db.run(sql`insert into bancos (codigo, nombre, created_at, updated_at)
    select 'T900', 'Banco de pruebas', 0, 0 where not exists (select 1 from bancos where codigo = 'T900')`);
  await db.run(sql`insert into informacion_pago (user_id, metodo_pago_id, banco_id, tipo_cuenta, numero_cuenta, titular, created_at, updated_at)
    select ${userId}, (select id from metodos_pago where nombre = 'Transferencia (pruebas)'),
      (select id from bancos where codigo = 'T900'), 'AH', ${`4455${userId}`}, 'Titular de pruebas', 0, 0`);
  await db.run(
    sql`insert into validaciones_identidad (user_id, estado, created_at, updated_at) values (${userId}, 'APROBADO', 0, 0)`,
  );
}

// Decisions 0014 and 0018: an authenticated read costs at most two database round trips — the session with
// its user and permissions in one statement, the page (rows, labels and total) in one batch — and
// never writes. On workerd the test Hrana server counts the HTTP requests the Worker makes, as
// Turso would see them.
import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../worker/shared/permissions';
import { ADMIN, makeApp, TARGET } from '../setup/app';

const WRITE = /^\s*(insert|update|delete|replace)\b/i;

describe('database round trips per authenticated read', () => {
  it('keeps permission codes free of commas (they travel comma-joined in the session statement)', () => {
    expect(PERMISSIONS.filter((p) => p.code.includes(','))).toEqual([]);
  });

  // Counting needs the Hrana server, which only the workerd target talks to (on Node the app
  // reads an embedded file: there is no round trip to count).
  it.skipIf(TARGET !== 'workerd')(
    'costs one round trip for a grid page and a detail read, two for the dashboard, and writes nothing',
    async () => {
      const t = await makeApp();
      const admin = await t.login(ADMIN.email, ADMIN.password);
      const made = await t.request('POST', '/api/v1/general/divisionPolitica/ciudades', {
        cookie: admin,
        body: { departamento_id: 1, codigo: '99001', nombre: 'Ciudad de prueba' },
      });
      expect(made.status).toBe(201);
      const hrana = t.hrana!;
      const measure = async (path: string) => {
        const [requests, statements] = [hrana.requests.length, hrana.log.length];
        const res = await t.request('GET', path, { cookie: admin });
        expect(res.status, res.text).toBe(200);
        return {
          roundTrips: hrana.requests.length - requests,
          writes: hrana.log.slice(statements).filter((s) => WRITE.test(s)),
          json: res.json,
        };
      };
      const q = new URLSearchParams({
        page: '1',
        perPage: '100',
        sorts: JSON.stringify({ nombre: 'asc' }),
        filters: JSON.stringify({ activo: true }),
      });
      const grid = await measure(`/api/v1/general/divisionPolitica/ciudades?${q}`);
      expect(grid.json.total).toBeGreaterThan(0);
      expect(grid.json.data[0].departamento_id_label).toEqual(expect.any(String));
      const detail = await measure(`/api/v1/general/divisionPolitica/ciudades/${made.json.data.id}`);
      expect(detail.json.data.departamento_id_label).toEqual(expect.any(String));
      const dashboard = await measure('/api/v1/reports/dashboard');
      expect(dashboard.json.data.plataforma.miembros_por_mes).toHaveLength(12);
      expect({ grid: grid.roundTrips, detail: detail.roundTrips, dashboard: dashboard.roundTrips }).toEqual({
        grid: 1,
        detail: 1,
        dashboard: 2,
      });
      expect([...grid.writes, ...detail.writes, ...dashboard.writes]).toEqual([]);
    },
  );
});

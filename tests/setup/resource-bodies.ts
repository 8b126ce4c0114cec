import type { FieldDef, ResourceDef } from '../../worker/shared/resource-types';
import type { TestApp } from './app';

let serial = 0;

/** Values the generic text would not satisfy: an entry's rules across fields (collection accounts). */
const SAMPLES: Record<string, Record<string, unknown>> = {
  cuentasrecaudo: { numero: '0012345678', documento: '800197268-4', direccion: 'TXyz123abc' },
};

/** A valid body for a registry entry, creating referenced rows through the API as needed. */
export async function validBody(
  t: TestApp,
  cookie: string,
  def: ResourceDef,
  resources: Map<string, ResourceDef>,
): Promise<Record<string, unknown>> {
  const n = ++serial;
  const body: Record<string, unknown> = {};
  for (const f of def.fields) {
    if (f.readOnly) continue;
    body[f.name] = SAMPLES[def.key]?.[f.name] ?? (await valueFor(t, cookie, f, n, resources));
  }
  return body;
}

async function valueFor(
  t: TestApp,
  cookie: string,
  f: FieldDef,
  n: number,
  resources: Map<string, ResourceDef>,
): Promise<unknown> {
  switch (f.kind) {
    case 'text':
      return `${f.name === 'codigo' ? 'C' : f.label} ${n}`.slice(0, f.max ?? 150).slice(-(f.max ?? 150));
    case 'textarea':
      return `Texto de ${f.label.toLowerCase()} ${n}`;
    case 'email':
      return `correo${n}@example.co`;
    case 'int':
      // An int with fixed options (the VAT rate) takes the last one.
      return f.options ? Number(f.options[f.options.length - 1]!.value) : Math.max(f.min ?? 0, 1);
    case 'money':
      return 150_000_00;
    case 'percent':
      return 1000;
    case 'bool':
      return true;
    case 'option':
      return f.options![0]!.value;
    case 'date':
      return '2026-01-15';
    case 'refs':
      return [];
    case 'ref': {
      const target = resources.get(f.ref!)!;
      const list = await t.request('GET', `/api/v1${target.endpoint}?perPage=10`, { cookie });
      if (list.json.data.length) return list.json.data[0].id;
      const created = await t.request('POST', `/api/v1${target.endpoint}`, {
        cookie,
        body: await validBody(t, cookie, target, resources),
      });
      return created.json.data.id;
    }
  }
}

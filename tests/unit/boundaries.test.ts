// The module boundaries bite: the repo's ESLint config (eslint.config.js) run on in-memory files
// placed where a real file would sit (docs/decisions/0047-module-doors.md). Nothing is written.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

/** The rule ids ESLint reports for `code` as if it were the file at `path`. */
async function lint(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('worker modules are reached only through their doors', () => {
  it("refuses another module's internal file and accepts its door", async () => {
    expect(
      await lint(
        'worker/modules/auth/probe.ts',
        "import { personalInfoOf } from '../profile/personal';\nexport const probe = personalInfoOf;\n",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await lint(
        'worker/modules/auth/probe.ts',
        "import { personalInfoOf } from '../profile';\nexport const probe = personalInfoOf;\n",
      ),
    ).toEqual([]);
  });

  it('keeps platform below the modules and the entries on the doors', async () => {
    expect(
      await lint(
        'worker/platform/probe.ts',
        "import { tableOf } from '../modules/resources';\nexport const probe = tableOf;\n",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await lint(
        'worker/probe.ts',
        "import { settleClosedCycles } from './modules/bonuses/catch-up';\nexport const probe = settleClosedCycles;\n",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await lint(
        'worker/probe.ts',
        "import { SettlementWorkflow } from './modules/bonuses/workers';\nexport const probe = SettlementWorkflow;\n",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('keeps worker/shared free of server code, since the browser imports it', async () => {
    expect(
      await lint('worker/shared/probe.ts', "import { Hono } from 'hono';\nexport const probe = Hono;\n"),
    ).toEqual(['no-restricted-imports']);
    expect(
      await lint(
        'worker/shared/probe.ts',
        "import { createDb } from '../platform/db';\nexport const probe = createDb;\n",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses a cycle between two modules, even through their doors', async () => {
    // auth already reads profile (the account export); profile reading auth back closes a loop.
    const path = 'worker/modules/profile/notifications.ts';
    const code = `import { revokeSessions } from '../auth';\nexport const probe = revokeSessions;\n${readFileSync(`${root}${path}`, 'utf8')}`;
    expect(await lint(path, code)).toEqual(['import-x/no-cycle']);
  });
});

describe('web features stay apart', () => {
  it('refuses a feature importing another feature or the shell', async () => {
    expect(
      await lint(
        'web/features/help/probe.ts',
        "import { CartPopover } from '@/features/shop/cart-popover';\nexport const probe = CartPopover;\n",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await lint(
        'web/features/help/probe.ts',
        "import { TopBar } from '@/shell/top-bar';\nexport const probe = TopBar;\n",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('lets the shell reach a feature only through the slot table', async () => {
    expect(
      await lint(
        'web/shell/probe.ts',
        "import { CartPopover } from '@/features/shop/cart-popover';\nexport const probe = CartPopover;\n",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await lint(
        'web/shell/probe.ts',
        "import { TOP_BAR_SLOTS } from '@/routing/slots';\nexport const probe = TOP_BAR_SLOTS;\n",
      ),
    ).toEqual([]);
  });
});

describe('what crosses between the app, its tools and the tests', () => {
  it('keeps worker/ (tools included) and web/ from importing tests/', async () => {
    expect(
      await lint(
        'worker/tools/probe.ts',
        "import { makeApp } from '../../tests/setup/app';\nexport const probe = makeApp;\n",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await lint(
        'worker/tools/probe.ts',
        "import { startHranaServer } from './hrana-server';\nexport const probe = startHranaServer;\n",
      ),
    ).toEqual([]);
  });

  it('lets the SPA take from worker/ only @shared and the types of worker/app.ts or a door', async () => {
    expect(
      await lint(
        'web/lib/probe.ts',
        "import type { ResourceApp } from '../../worker/modules/resources/routes';\nexport type Probe = ResourceApp;\n",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await lint(
        'web/lib/probe.ts',
        "import { createDb } from '../../worker/platform/db';\nexport const probe = createDb;\n",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await lint(
        'web/lib/probe.ts',
        "import type { ResourceApp } from '../../worker/modules/resources';\nimport type { AppType } from '../../worker/app';\nimport { P } from '@shared/permissions';\nexport type Probe = [ResourceApp, AppType];\nexport const probe = P;\n",
      ),
    ).toEqual([]);
  });
});

it("applies typescript-eslint's recommended rules", async () => {
  expect(await lint('worker/platform/probe.ts', 'export const probe: any = 1;\n')).toEqual([
    '@typescript-eslint/no-explicit-any',
  ]);
});

// The lint rule workflow/no-state-literal (tools/lint/workflow-rules.js, decision 0315): a
// workflow state is written STATE.X outside worker/shared/workflow.ts. Its own cases through
// ESLint's RuleTester, and the repo's config applying it where it should (worker/, web/) and not
// where literals stay (the table itself, tests/).
import { fileURLToPath } from 'node:url';
import { ESLint, RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import tseslint from '../../tools/lint/index.js';
import { noStateLiteral, workflowStates } from '../../tools/lint/workflow-rules.js';
import { STATE, WORKFLOW_STATES } from '../../worker/shared/workflow';

RuleTester.describe = describe;
RuleTester.it = it;

const root = fileURLToPath(new URL('../..', import.meta.url));
const states = workflowStates(`${root}worker/shared/workflow.ts`);
const options = [{ states }];
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

describe('the rule reads the table', () => {
  it('knows every state of worker/shared/workflow.ts, ANULADA among them', () => {
    expect(states).toEqual([...WORKFLOW_STATES]);
    expect(states).toContain(STATE.ANULADA);
  });
});

tester.run('workflow/no-state-literal', noStateLiteral, {
  valid: [
    { code: "import { STATE } from '../shared/workflow';\nconst s = STATE.PAGADO;", options },
    // Not a state of the table.
    { code: "const s = 'ACTIVO'; const t = 'pagado';", options },
    // Types, keys and the SQL text are left alone.
    { code: "type S = 'PAGADO' | 'NO_PAGADO';", options },
    { code: "const tones = { PAGADO: 1, 'NO_PAGADO': 2 }; interface I { 'ANULADA': string }", options },
    { code: "const q = sql`select 1 from compras where estado = 'NO_PAGADO'`;", options },
    { code: 'const q = `${x} PAGADO`;', options },
  ],
  invalid: [
    { code: "const s = 'PAGADO';", options, errors: [{ messageId: 'literal', data: { state: 'PAGADO' } }] },
    {
      code: "if (compra.estado === 'ANULADA') f(['NO_PAGADO']);",
      options,
      errors: [{ messageId: 'literal' }, { messageId: 'literal' }],
    },
    { code: 'const s = `LIQUIDADO`;', options, errors: [{ messageId: 'literal' }] },
    { code: "const t = { ['PENDIENTE']: 1 };", options, errors: [{ messageId: 'literal' }] },
    {
      code: 'const x = <Chip status="ANULADA" />;',
      options,
      languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
      errors: [{ messageId: 'literal' }],
    },
  ],
});

describe('the repo applies it in worker/ and web/, not in the table nor the tests', () => {
  const eslint = new ESLint({ cwd: root });
  const rules = async (path: string, code: string) =>
    (await eslint.lintText(code, { filePath: `${root}${path}` }))[0]!.messages.map((m) => m.ruleId);
  const code = "export const s = 'ANULADA';\n";

  it('refuses a literal in the worker and the web', async () => {
    expect(await rules('worker/modules/shop/probe.ts', code)).toEqual(['workflow/no-state-literal']);
    expect(await rules('web/features/shop/probe.ts', code)).toEqual(['workflow/no-state-literal']);
  });
  it('lets the table and the tests write them', async () => {
    expect(await rules('worker/shared/workflow.ts', code)).toEqual([]);
    expect(await rules('tests/api/probe.test.ts', code)).toEqual([]);
  });
});

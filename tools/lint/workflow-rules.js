// The house's workflow lint rule (decision 0315): a workflow state is named through STATE
// (worker/shared/workflow.ts), never written as a string literal, so each state's name, label,
// chip and transitions live in one table. `workflow/no-state-literal` reports a JS string (or a
// template without expressions) whose value is a state of that table. Left alone: types (a
// literal type is checked against STATE by tsc and erased), object keys, import sources, and the
// text of SQL templates — a partial index (e.g. cbu_abierto_idx) is used only when the query
// repeats its literal, so the SQL keeps `estado = 'NO_PAGADO'`.
import { readFileSync } from 'node:fs';

/** The state names of worker/shared/workflow.ts's vocabulary (its `LOOKS` block), read as text. */
export function workflowStates(workflowFile) {
  const text = readFileSync(workflowFile, 'utf8');
  const start = text.indexOf('const LOOKS = {');
  const end = text.indexOf('} as const satisfies', start);
  if (start < 0 || end < 0) throw new Error(`No LOOKS table in ${workflowFile}`);
  return [...text.slice(start, end).matchAll(/^\s+([A-Z][A-Z_]*): \{ label/gm)].map((m) => m[1]);
}

const KEYED = new Set(['Property', 'PropertyDefinition', 'MethodDefinition', 'TSPropertySignature']);
const SOURCED = new Set([
  'ImportDeclaration',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
  'ImportExpression',
]);

/** @type {import('eslint').Rule.RuleModule} */
export const noStateLiteral = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Name a workflow state through STATE (worker/shared/workflow.ts), not a string literal.',
    },
    schema: [
      {
        type: 'object',
        properties: { states: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      literal:
        "'{{state}}' is a workflow state: write STATE.{{state}} (worker/shared/workflow.ts, docs/decisions/0315-workflow-table.md).",
    },
  },
  create(context) {
    const states = new Set(context.options[0]?.states ?? []);
    const report = (node, state) => context.report({ node, messageId: 'literal', data: { state } });
    return {
      Literal(node) {
        if (typeof node.value !== 'string' || !states.has(node.value)) return;
        const p = node.parent;
        if (p.type === 'TSLiteralType') return;
        if (SOURCED.has(p.type) && p.source === node) return;
        if (KEYED.has(p.type) && p.key === node && !p.computed) return;
        if (p.type === 'TSEnumMember' && p.id === node) return;
        report(node, node.value);
      },
      TemplateLiteral(node) {
        if (node.expressions.length || node.parent.type === 'TaggedTemplateExpression') return;
        const value = node.quasis[0]?.value.cooked;
        if (value && states.has(value)) report(node, value);
      },
    };
  },
};

export default { rules: { 'no-state-literal': noStateLiteral } };

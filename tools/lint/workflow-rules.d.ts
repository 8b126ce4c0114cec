// Types of workflow-rules.js, for its unit test (tests/unit/workflow-lint.test.ts).
import type { ESLint, Rule } from 'eslint';
export function workflowStates(workflowFile: string | URL): string[];
export const noStateLiteral: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;

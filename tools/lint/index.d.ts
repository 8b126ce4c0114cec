// The types the tests use of index.js (typescript-eslint, installed in tools/lint): its parser.
import type { Linter } from 'eslint';
declare const tseslint: { parser: Linter.Parser; [key: string]: unknown };
export default tseslint;

// typescript-eslint for this repo's ESLint (eslint.config.js), on the TypeScript 5.9 JS API it needs.
//
// The repo's compiler is TypeScript 7 (the native port), whose npm package has no JS compiler API,
// while typescript-eslint's parser needs `require('typescript')` of TypeScript <= 6.0. This folder
// is a package of its own with its own lock, installed by the root's `postinstall`
// (`npm ci --prefix tools/lint --omit=peer`) into tools/lint/node_modules: typescript-eslint,
// ts-api-utils and TypeScript 5.9.3 all sit there, so each `require('typescript')` of theirs finds
// 5.9 by Node's own resolution, and the root's `tsc` stays TypeScript 7. ESLint, their peer, is
// left out and found in the root's node_modules, as eslint.config.js's own. Decisions 0046, 0333.
import { createRequire } from 'node:module';

export default createRequire(import.meta.url)('typescript-eslint');

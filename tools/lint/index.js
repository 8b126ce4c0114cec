// typescript-eslint for this repo's ESLint (eslint.config.js), pinned to the TypeScript 5.9 JS API.
//
// The repo's compiler is TypeScript 7 (the native port), whose npm package has no JS compiler API,
// while typescript-eslint's parser needs `require('typescript')` of TypeScript <= 6.0. This folder
// is a local package (`lint-kit`, a file: devDependency) that owns typescript-eslint and
// TypeScript 5.9.3, so npm keeps both out of the root node_modules and `tsc` stays TypeScript 7.
// npm may still hoist a helper such as ts-api-utils to the root, where `typescript` is 7, so inside
// the lint process every `require('typescript')` is pointed at this folder's copy.
// Why and what else was tried: docs/decisions/0046-linting.md.
import Module, { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const typescript5 = require.resolve('typescript');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolve.call(this, request === 'typescript' ? typescript5 : request, ...rest);
};

export default require('typescript-eslint');

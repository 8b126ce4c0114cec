// The code cites only what the repository holds (docs/decisions/0467): no comment or text in web/
// or worker/ points at an issue tracker's numbers ("issue 22 §3") or at the spec by a bare
// "product-spec §N"; it names a decision, a doc in docs/ or a SECURITY row, or says the rule.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Citations of things that are not in the repository. */
const FOREIGN = [/\bissues?\s+\d+/i, /product-spec\s*§/];

/** Every .ts/.tsx file under `dir`, skipping build output (web/dist, web/dist-server) and installs. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || /^dist/.test(entry.name) ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line: text` for each line of `text` that cites something outside the repository. */
function foreignCitations(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) => (FOREIGN.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
}

const files = ['web', 'worker'].flatMap((dir) => sources(join(root, dir)));

describe('citations inside the repository', () => {
  it('finds the sources and skips the build output', () => {
    const names = files.map((f) => relative(root, f));
    expect(names).toContain('worker/app.ts');
    expect(names).toContain('web/main.tsx');
    expect(names.filter((n) => n.startsWith('web/dist'))).toEqual([]);
  });

  it('tells a foreign citation from one that is in the repository', () => {
    const sample = [
      '// Edit counter (issue 22): a stale one is a 409.',
      '// Payout batches (Issue 24 item 3).',
      '// See issues 23 and 24.',
      '// One toast at a time (product-spec §9).',
      '// One toast at a time (docs/product-spec.md §9).',
      '// Edit counter (decision 0251), SECURITY row 15, docs/privacy.md «Solicitudes».',
      '  for (const issue of result.issues) errors.push(issue.message);',
    ].join('\n');
    expect(foreignCitations('x.ts', sample).map((l) => l.split(':')[1])).toEqual(['1', '2', '3', '4']);
  });

  it('no file in web/ or worker/ cites an issue number or a bare product-spec §', () => {
    const found = files.flatMap((file) => foreignCitations(relative(root, file), readFileSync(file, 'utf8')));
    expect(found, `cite a decision, a doc in docs/ or a SECURITY row instead:\n${found.join('\n')}`).toEqual(
      [],
    );
  });

  it('every docs/product-spec.md §N the code cites is a section of that file', () => {
    const spec = readFileSync(join(root, 'docs/product-spec.md'), 'utf8');
    const sections = new Set([...spec.matchAll(/^## (\d+)\./gm)].map((m) => m[1]));
    /** The section numbers of each «docs/product-spec.md §5», «… §2, §3» or «… §5 and §8». */
    const cited = (text: string) =>
      [...text.matchAll(/docs\/product-spec\.md (§\d+(?:(?:, | and )§\d+)*)/g)].flatMap((m) =>
        [...m[1]!.matchAll(/§(\d+)/g)].map((n) => n[1]!),
      );
    const missing = files.flatMap((file) =>
      cited(readFileSync(file, 'utf8'))
        .filter((n) => !sections.has(n))
        .map((n) => `${relative(root, file)}: §${n}`),
    );
    expect(missing).toEqual([]);
  });
});

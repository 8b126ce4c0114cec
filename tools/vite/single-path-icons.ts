// A build step of the SPA (vite.config.ts, decision 0331): each lucide icon the app imports drawn
// with as few elements as its drawing allows. Its strokes (paths, circles, lines, rectangles…) are
// joined into one <path>, so an icon is two elements (<svg><path/>) instead of up to six: a served
// grid page has ~130 icons, ~200 elements fewer to style, lay out and hydrate (decision 0307). A
// shape with attributes of its own (a filled dot) stays as it is.
//
// No module of lucide-react is edited: the app's `import { XIcon } from 'lucide-react'` is pointed
// at a module of the app's own, `createLucideIcon(data)` (lucide's public API for custom icons) with
// the joined drawing. The drawing is read by importing lucide's icon module in Node and taking its
// `__iconData` export (name, size, node); the build fails, naming the file, if it is not there.
// tests/e2e/icons.test.ts holds each icon the app uses to lucide's own drawing, pixel by pixel.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

export type IconNode = [tag: string, attributes: Record<string, string>];

const GEOMETRY: Record<string, string[]> = {
  path: ['d'],
  circle: ['cx', 'cy', 'r'],
  ellipse: ['cx', 'cy', 'rx', 'ry'],
  line: ['x1', 'y1', 'x2', 'y2'],
  polyline: ['points'],
  polygon: ['points'],
  rect: ['x', 'y', 'width', 'height', 'rx', 'ry'],
};

const num = (v: string | undefined) => Number(v ?? 0);

/** One shape as path data, starting with an absolute move. */
function toPath([tag, a]: IconNode): string {
  switch (tag) {
    case 'path':
      // A relative move that opens a path is absolute; after another shape it would not be.
      return /^\s*m/.test(a.d!) ? `M0 0${a.d}` : a.d!;
    case 'circle':
    case 'ellipse': {
      const [cx, cy] = [num(a.cx), num(a.cy)];
      const [rx, ry] = tag === 'circle' ? [num(a.r), num(a.r)] : [num(a.rx), num(a.ry)];
      return `M${cx - rx} ${cy}a${rx} ${ry} 0 1 0 ${2 * rx} 0a${rx} ${ry} 0 1 0 ${-2 * rx} 0`;
    }
    case 'line':
      return `M${num(a.x1)} ${num(a.y1)}L${num(a.x2)} ${num(a.y2)}`;
    case 'polyline':
    case 'polygon': {
      const pts = a
        .points!.trim()
        .split(/[\s,]+/)
        .map(Number);
      const pairs = pts.flatMap((v, i) => (i % 2 ? [] : [`${v} ${pts[i + 1]}`]));
      return `M${pairs.join('L')}${tag === 'polygon' ? 'z' : ''}`;
    }
    default: {
      const [x, y, w, h] = [num(a.x), num(a.y), num(a.width), num(a.height)];
      // SVG's rule: a missing radius takes the other one; each is at most half the side.
      const rx = Math.min(num(a.rx ?? a.ry), w / 2);
      const ry = Math.min(num(a.ry ?? a.rx), h / 2);
      if (!rx || !ry) return `M${x} ${y}h${w}v${h}h${-w}z`;
      const arc = (dx: number, dy: number) => `a${rx} ${ry} 0 0 1 ${dx} ${dy}`;
      return `M${x + rx} ${y}h${w - 2 * rx}${arc(rx, ry)}v${h - 2 * ry}${arc(-rx, ry)}h${2 * rx - w}${arc(-rx, -ry)}v${2 * ry - h}${arc(rx, -ry)}z`;
    }
  }
}

const joinable = ([tag, attrs]: IconNode) =>
  !!GEOMETRY[tag] && Object.keys(attrs).every((k) => k === 'key' || GEOMETRY[tag]!.includes(k));

/** The drawing with its plain shapes joined into one path (first), the others after it. */
export function joinIconNodes(nodes: IconNode[]): IconNode[] {
  const joined = nodes.filter(joinable);
  if (joined.length < 2) return nodes;
  return [['path', { d: joined.map(toPath).join(''), key: 'icon' }], ...nodes.filter((n) => !joinable(n))];
}

const lucideRoot = () => dirname(createRequire(import.meta.url).resolve('lucide-react/package.json'));

/** Each icon component lucide-react exports (`SearchIcon`, `Search`…) and its module's file name. */
export function lucideIconFiles(root = lucideRoot()): Map<string, string> {
  const files = new Map<string, string>();
  const index = readFileSync(join(root, 'dist/esm/lucide-react.mjs'), 'utf8');
  for (const m of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g))
    for (const name of m[1]!.matchAll(/default as (\w+)/g)) files.set(name[1]!, m[2]!);
  if (files.size < 1000)
    throw new Error(
      `single-path-icons: lucide-react's index no longer lists its icon modules (${files.size} found)`,
    );
  return files;
}

export type IconData = { name: string; size?: number; node: IconNode[] };

/** The drawing lucide's icon module `file` exports (`__iconData`), read by importing it. */
export async function iconDataOf(file: string, root = lucideRoot()): Promise<IconData> {
  const path = join(root, 'dist/esm/icons', `${file}.mjs`);
  const data = ((await import(pathToFileURL(path).href)) as { __iconData?: IconData }).__iconData;
  if (typeof data?.name !== 'string' || !Array.isArray(data.node))
    throw new Error(`single-path-icons: ${path} no longer exports __iconData { name, node } (decision 0331)`);
  return data;
}

const VIRTUAL = 'virtual:single-path-icon/';
const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;

export function singlePathIcons(): Plugin {
  const root = lucideRoot();
  const files = lucideIconFiles(root);
  const create = join(root, 'dist/esm/createLucideIcon.mjs');
  return {
    name: 'single-path-icons',
    // In the build, and in the Vite server that prerenders /login at its end (so the page drawn
    // and the one hydrated have the same icons); `npm run dev` draws lucide's own.
    apply: (_, env) => env.command === 'build' || env.mode !== 'development',
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return null;
      const data = await iconDataOf(id.slice(VIRTUAL.length + 1), root);
      return `import createLucideIcon from ${JSON.stringify(create)};\nexport default createLucideIcon(${JSON.stringify({ ...data, node: joinIconNodes(data.node) })});\n`;
    },
    transform(code, id) {
      if (!/[\\/]web[\\/].*\.[jt]sx?$/.test(id) || !code.includes('lucide-react')) return null;
      let changed = false;
      const out = code.replace(IMPORT, (whole, list: string) => {
        const direct: string[] = [];
        const rest: string[] = [];
        for (const spec of list
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)) {
          const [name, local = name] = spec.split(/\s+as\s+/) as [string, string?];
          const file = files.get(name);
          if (file) direct.push(`import ${local} from '${VIRTUAL}${file}';`);
          else rest.push(spec);
        }
        if (!direct.length) return whole;
        changed = true;
        if (rest.length) direct.push(`import { ${rest.join(', ')} } from 'lucide-react';`);
        return direct.join(' ');
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}

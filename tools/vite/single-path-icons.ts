// A build step of the SPA (vite.config.ts): each lucide icon drawn with as few elements as its
// drawing allows. Its strokes (paths, circles, lines, rectangles…) are joined into one <path>, so an
// icon is two elements (<svg><path/>) instead of up to six: a served grid page has ~130 icons
// (issue 20 §6), ~200 elements fewer to style, lay out and hydrate. A shape with attributes of its
// own (a filled dot) stays as it is. tests/e2e/icons.test.ts holds each icon the app uses to
// lucide's own drawing, pixel by pixel, in Chromium.
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

/** lucide-react's icon modules (dist/esm/icons/*.mjs) declare `node: [...]`, on one line or several. */
const NODE = /node: (\[\[.*\]\]|\[[\s\S]*?\n {2}\]),?\n/;

/** The drawing an icon module declares (lucide's own code: a literal of arrays and objects). */
export function iconNodesOf(code: string): IconNode[] | null {
  const found = NODE.exec(code);
  return found ? (new Function(`return ${found[1]}`)() as IconNode[]) : null;
}

export function singlePathIcons(): Plugin {
  return {
    name: 'single-path-icons',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][\w-]+\.mjs$/.test(id)) return null;
      const nodes = iconNodesOf(code);
      if (!nodes) return null;
      const drawing = joinIconNodes(nodes);
      if (drawing === nodes) return null;
      return { code: code.replace(NODE.exec(code)![1]!, JSON.stringify(drawing)), map: null };
    },
  };
}

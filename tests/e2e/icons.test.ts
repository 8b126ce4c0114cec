// tools/vite/single-path-icons.ts joins each lucide icon's shapes into one path at build time
// (decisions 0307 and 0331). Every icon the app imports must still draw what lucide draws: both
// drawings are rasterised by Chromium at 48 px and compared pixel by pixel.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  iconDataOf,
  type IconNode,
  joinIconNodes,
  lucideIconFiles,
} from '../../tools/vite/single-path-icons';
import { openBrowser } from '../setup/e2e';

/** The icon components the app imports (`XIcon` from 'lucide-react'), as module files. */
function appIcons(): Map<string, string> {
  const files = lucideIconFiles();
  const used = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'dist' && entry.name !== 'dist-server') walk(path);
      } else if (/\.tsx?$/.test(entry.name)) {
        for (const m of readFileSync(path, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g))
          for (const spec of m[1]!.split(',').map((s) => s.trim().split(/\s+as\s+/)[0]!))
            if (files.has(spec)) used.set(spec, files.get(spec)!);
      }
    }
  };
  walk('web');
  return used;
}

const svg = (nodes: IconNode[]) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="#000" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${nodes
    .map(
      ([tag, attrs]) =>
        `<${tag} ${Object.entries(attrs)
          .filter(([k]) => k !== 'key')
          .map(([k, v]) => `${k}="${v}"`)
          .join(' ')}/>`,
    )
    .join('')}</svg>`;

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('icons drawn as one path', () => {
  it('draw what lucide draws, for every icon the app imports', async () => {
    const icons = appIcons();
    expect(icons.size).toBeGreaterThan(50);
    const pairs = await Promise.all(
      [...icons].map(async ([name, file]) => {
        const original = (await iconDataOf(file)).node;
        return {
          name,
          original: svg(original),
          joined: svg(joinIconNodes(original)),
          shapes: original.length,
        };
      }),
    );
    // Most icons have several shapes: the join is doing something.
    expect(pairs.filter((p) => p.original !== p.joined).length).toBeGreaterThan(icons.size / 2);
    const page = await browser.newPage();
    try {
      const diffs = await page.evaluate(async (list) => {
        const raster = async (markup: string) => {
          const img = new Image();
          img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
          await img.decode();
          const canvas = new OffscreenCanvas(48, 48);
          const ctx = canvas.getContext('2d')!;
          ctx.drawImage(img, 0, 0);
          return ctx.getImageData(0, 0, 48, 48).data;
        };
        const out: { name: string; inked: number; off: number }[] = [];
        for (const p of list) {
          const [a, b] = [await raster(p.original), await raster(p.joined)];
          let inked = 0;
          let off = 0;
          // Alpha only (the stroke is black): a pixel is off when coverage differs by over a quarter.
          for (let i = 3; i < a.length; i += 4) {
            if (a[i]! > 0) inked++;
            if (Math.abs(a[i]! - b[i]!) > 64) off++;
          }
          out.push({ name: p.name, inked, off });
        }
        return out;
      }, pairs);
      // Anti-aliasing where two strokes overlap may differ by a few pixels, never the drawing.
      const wrong = diffs.filter((d) => d.off > Math.max(4, d.inked * 0.02));
      expect(wrong).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

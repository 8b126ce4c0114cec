// A small XML tokenizer for uploaded SVG (no DOMParser in workerd, no Node built-ins): it reads
// tags, attributes, text and comments, decodes entities, and throws on anything it cannot read
// with certainty (unknown entities, a DTD with an internal subset, unquoted or repeated attributes).

export type SvgToken =
  | { kind: 'open'; name: string; attrs: [string, string][]; selfClosing: boolean }
  | { kind: 'close'; name: string }
  | { kind: 'text'; text: string }
  | { kind: 'pi'; target: string };

export class SvgSyntaxError extends Error {}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const NAME = /^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?/;

/** Decodes the five XML entities and numeric references; anything else is refused. */
export function decodeEntities(s: string): string {
  return s.replace(/&(?:([^;\s&<]{1,32});)?/g, (_, ref: string | undefined) => {
    if (ref === undefined) throw new SvgSyntaxError('bare &');
    if (Object.hasOwn(NAMED, ref)) return NAMED[ref]!;
    const m = /^#(x[0-9a-fA-F]{1,6}|[0-9]{1,7})$/.exec(ref);
    if (!m) throw new SvgSyntaxError(`entity ${ref}`);
    const code = m[1]!.startsWith('x') ? parseInt(m[1]!.slice(1), 16) : parseInt(m[1]!, 10);
    if (code > 0x10ffff) throw new SvgSyntaxError('code point');
    return String.fromCodePoint(code);
  });
}

function readAttrs(src: string): [string, string][] {
  const attrs: [string, string][] = [];
  let rest = src;
  for (;;) {
    rest = rest.replace(/^\s+/, '');
    if (!rest) return attrs;
    const name = NAME.exec(rest)?.[0];
    if (!name) throw new SvgSyntaxError('attribute name');
    rest = rest.slice(name.length);
    const m = /^\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(rest);
    if (!m) throw new SvgSyntaxError(`attribute ${name} without a quoted value`);
    if (attrs.some(([n]) => n === name)) throw new SvgSyntaxError(`repeated attribute ${name}`);
    attrs.push([name, decodeEntities(m[2] ?? m[3] ?? '')]);
    rest = rest.slice(m[0].length);
    if (rest && !/^\s/.test(rest)) throw new SvgSyntaxError('attributes must be separated by spaces');
  }
}

/** Splits the document into tokens; throws SvgSyntaxError on anything malformed or unsupported. */
export function tokenize(doc: string): SvgToken[] {
  const out: SvgToken[] = [];
  let i = 0;
  while (i < doc.length) {
    const lt = doc.indexOf('<', i);
    if (lt < 0) {
      out.push({ kind: 'text', text: decodeEntities(doc.slice(i)) });
      break;
    }
    if (lt > i) out.push({ kind: 'text', text: decodeEntities(doc.slice(i, lt)) });
    const at = doc.slice(lt, lt + 9);
    if (at.startsWith('<!--')) {
      const end = doc.indexOf('-->', lt + 4);
      if (end < 0) throw new SvgSyntaxError('comment');
      i = end + 3;
    } else if (at.startsWith('<![CDATA[')) {
      const end = doc.indexOf(']]>', lt + 9);
      if (end < 0) throw new SvgSyntaxError('cdata');
      out.push({ kind: 'text', text: doc.slice(lt + 9, end) });
      i = end + 3;
    } else if (at.startsWith('<!')) {
      const end = doc.indexOf('>', lt);
      const decl = end < 0 ? '' : doc.slice(lt, end + 1);
      // Only a plain DOCTYPE: an internal subset could declare entities.
      if (!/^<!DOCTYPE\s+svg\b[^[<]*>$/i.test(decl)) throw new SvgSyntaxError('declaration');
      i = end + 1;
    } else if (at.startsWith('<?')) {
      const end = doc.indexOf('?>', lt);
      if (end < 0) throw new SvgSyntaxError('processing instruction');
      out.push({ kind: 'pi', target: /^<\?([^\s?]*)/.exec(doc.slice(lt, end))![1]! });
      i = end + 2;
    } else {
      const end = tagEnd(doc, lt);
      const body = doc.slice(lt + 1, end);
      if (body.startsWith('/')) {
        const name = body.slice(1).trim();
        if (!NAME.test(name) || NAME.exec(name)![0] !== name) throw new SvgSyntaxError('closing tag');
        out.push({ kind: 'close', name });
      } else {
        const selfClosing = body.endsWith('/');
        const inner = selfClosing ? body.slice(0, -1) : body;
        const name = NAME.exec(inner)?.[0];
        if (!name) throw new SvgSyntaxError('tag name');
        const after = inner.slice(name.length);
        if (after && !/^\s/.test(after)) throw new SvgSyntaxError('tag name');
        out.push({ kind: 'open', name, attrs: readAttrs(after), selfClosing });
      }
      i = end + 1;
    }
  }
  return out;
}

/** The `>` that ends the tag starting at `lt`, skipping quoted attribute values. */
function tagEnd(doc: string, lt: number): number {
  let quote = '';
  for (let j = lt + 1; j < doc.length; j++) {
    const ch = doc[j]!;
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '<') throw new SvgSyntaxError('< inside a tag');
    else if (ch === '>') return j;
  }
  throw new SvgSyntaxError('unterminated tag');
}

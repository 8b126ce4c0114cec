// The SVG allow-list (SECURITY rows 12 and 19, decision 0032): an uploaded SVG passes only when every
// element and attribute is on the lists below, no attribute is an event handler, no animation
// targets a link or an event attribute, and every reference (href, url(), CSS) stays inside the
// document or is an embedded raster image, checked after entity decoding.
import { SvgSyntaxError, tokenize } from './tokens';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
/** Editor metadata namespaces: their elements and attributes are never rendered nor run. */
const INERT_NS = new Set([
  'http://www.inkscape.org/namespaces/inkscape',
  'http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  'http://creativecommons.org/ns#',
  'http://purl.org/dc/elements/1.1/',
  'http://ns.adobe.com/AdobeIllustrator/10.0/',
  'http://ns.adobe.com/Graphs/1.0/',
  'http://ns.adobe.com/SaveForWeb/1.0/',
  'http://ns.adobe.com/Extensibility/1.0/',
  'http://ns.adobe.com/Variables/1.0/',
  'http://ns.adobe.com/ImageReplacement/1.0/',
  'http://ns.adobe.com/xap/1.0/',
]);

const ELEMENTS = new Set(
  (
    'svg g defs symbol use title desc metadata switch style view path rect circle ellipse line polyline polygon text tspan textPath image ' +
    'linearGradient radialGradient stop pattern clipPath mask marker filter animate animateTransform animateMotion mpath set ' +
    'feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight feDropShadow ' +
    'feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge feMergeNode feMorphology feOffset fePointLight ' +
    'feSpecularLighting feSpotLight feTile feTurbulence'
  ).split(' '),
);

const ATTRIBUTES = new Set(
  (
    'id class style lang tabindex role version baseProfile x y x1 y1 x2 y2 cx cy r rx ry fx fy fr width height d points pathLength viewBox ' +
    'preserveAspectRatio transform gradientTransform gradientUnits patternUnits patternContentUnits patternTransform spreadMethod offset ' +
    'href clipPathUnits maskUnits maskContentUnits markerUnits markerWidth markerHeight refX refY orient filterUnits primitiveUnits ' +
    'in in2 result stdDeviation dx dy mode operator k1 k2 k3 k4 type values tableValues slope intercept amplitude exponent ' +
    'baseFrequency numOctaves seed stitchTiles scale xChannelSelector yChannelSelector radius kernelMatrix order divisor bias targetX ' +
    'targetY edgeMode preserveAlpha surfaceScale diffuseConstant specularConstant specularExponent lightingColor azimuth elevation z ' +
    'pointsAtX pointsAtY pointsAtZ limitingConeAngle flood-color flood-opacity lighting-color stop-color stop-opacity ' +
    'fill fill-opacity fill-rule stroke stroke-width stroke-opacity stroke-linecap stroke-linejoin stroke-miterlimit stroke-dasharray ' +
    'stroke-dashoffset opacity color display visibility overflow clip clip-path clip-rule mask filter marker marker-start marker-mid ' +
    'marker-end font-family font-size font-style font-weight font-variant font-stretch font-size-adjust letter-spacing word-spacing ' +
    'text-anchor text-decoration text-rendering dominant-baseline alignment-baseline baseline-shift writing-mode direction unicode-bidi ' +
    'shape-rendering image-rendering color-rendering color-interpolation color-interpolation-filters paint-order vector-effect ' +
    'mix-blend-mode isolation transform-origin textLength lengthAdjust startOffset method spacing side rotate path keyPoints ' +
    'attributeName attributeType begin dur end min max restart repeatCount repeatDur calcMode keyTimes keySplines from to by ' +
    'additive accumulate fill-rule enable-background xmlns media title'
  ).split(' '),
);

const ANIMATIONS = new Set(['animate', 'animateTransform', 'animateMotion', 'set']);
/** An href may point inside the document or embed a raster image; nothing else. */
const SAFE_HREF = /^(#[\w.:-]*|data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*)$/;

/** What the browser would see once control characters and spaces are gone, lowercased. */
const squeezed = (s: string) =>
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  s.replace(/[\u0000-\u0020\u007f-\u00a0\u200b-\u200f\u2028\u2029\ufeff]/g, '').toLowerCase();

function checkCss(css: string) {
  const s = squeezed(css);
  // A CSS escape could spell anything; benign drawings do not need one.
  if (s.includes('\\') || /@import|expression\(|javascript:|behavior:|-moz-binding|@namespace/.test(s))
    throw new SvgSyntaxError('css');
  for (const m of s.matchAll(/url\(([^)]*)\)/g)) {
    const ref = m[1]!.replace(/^["']|["']$/g, '');
    if (!SAFE_HREF.test(ref)) throw new SvgSyntaxError('css url');
  }
}

function checkValue(name: string, value: string) {
  const s = squeezed(value);
  if (/(java|vb)script:|data:text|data:application|data:image\/svg/.test(s))
    throw new SvgSyntaxError(`value of ${name}`);
  if (name === 'style') checkCss(value);
  else if (s.includes('url(')) checkCss(value);
}

/** Throws SvgSyntaxError when the SVG holds anything outside the allow-list. */
export function checkSvg(doc: string) {
  const tokens = tokenize(doc);
  const ns = new Map<string, string>([['xml', XML_NS]]);
  // First pass: every namespace declared anywhere must be SVG, XLink or editor metadata, and a
  // prefix means one thing throughout the document.
  for (const t of tokens) {
    if (t.kind !== 'open') continue;
    for (const [name, value] of t.attrs) {
      if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
      const prefix = name === 'xmlns' ? '' : name.slice(6);
      if (prefix === '' ? value !== SVG_NS : ![SVG_NS, XLINK_NS].includes(value) && !INERT_NS.has(value))
        throw new SvgSyntaxError(`namespace ${value}`);
      if (ns.has(prefix) && ns.get(prefix) !== value) throw new SvgSyntaxError(`prefix ${prefix} redeclared`);
      ns.set(prefix, value);
    }
  }
  const stack: string[] = [];
  let sawRoot = false;
  for (const t of tokens) {
    if (t.kind === 'pi') {
      if (t.target !== 'xml' || sawRoot) throw new SvgSyntaxError('processing instruction');
    } else if (t.kind === 'text') {
      if (stack.at(-1) === 'style') checkCss(t.text);
    } else if (t.kind === 'close') {
      if (stack.pop() !== t.name) throw new SvgSyntaxError('mismatched closing tag');
    } else {
      if (!stack.length && (sawRoot || t.name !== 'svg')) throw new SvgSyntaxError('root');
      sawRoot = true;
      checkElement(t.name, t.attrs, ns);
      if (!t.selfClosing) stack.push(t.name);
    }
  }
  if (stack.length || !sawRoot) throw new SvgSyntaxError('unclosed element');
}

function checkElement(tag: string, attrs: [string, string][], ns: Map<string, string>) {
  const [prefix, local] = tag.includes(':') ? tag.split(':') : ['', tag];
  const uri = ns.get(prefix!) ?? (prefix ? undefined : SVG_NS);
  const inert = uri !== undefined && INERT_NS.has(uri);
  if (!inert && (uri !== SVG_NS || !ELEMENTS.has(local!))) throw new SvgSyntaxError(`element ${tag}`);
  for (const [name, value] of attrs) {
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    const [aPrefix, aLocal] = name.includes(':') ? name.split(':') : ['', name];
    const aUri = aPrefix ? ns.get(aPrefix!) : '';
    if (/^on/i.test(aLocal!)) throw new SvgSyntaxError(`event attribute ${name}`);
    if (aUri === undefined) throw new SvgSyntaxError(`attribute ${name}`);
    if (inert || INERT_NS.has(aUri)) {
      if (/(java|vb)script:/.test(squeezed(value))) throw new SvgSyntaxError(`value of ${name}`);
      continue;
    }
    const known =
      aUri === ''
        ? ATTRIBUTES.has(aLocal!) || /^(data|aria)-[\w-]+$/.test(aLocal!)
        : aUri === XLINK_NS
          ? ['href', 'title', 'type', 'actuate', 'show'].includes(aLocal!)
          : aUri === XML_NS
            ? ['space', 'lang'].includes(aLocal!)
            : false;
    if (!known) throw new SvgSyntaxError(`attribute ${name}`);
    if (aLocal === 'href' && !SAFE_HREF.test(value.trim()))
      throw new SvgSyntaxError(`href ${value.slice(0, 40)}`);
    if (aLocal === 'attributeName') {
      const target = squeezed(value).split(':').pop()!;
      if (target === 'href' || target.startsWith('on') || target === 'style' || target === 'src')
        throw new SvgSyntaxError(`animation of ${value}`);
    }
    checkValue(aLocal!, value);
  }
  if (
    ANIMATIONS.has(local!) &&
    !attrs.some(([n]) => n === 'attributeName') &&
    local !== 'animateMotion' &&
    local !== 'animateTransform'
  ) {
    // An animation without a target animates nothing harmful only if it has no values at all.
    if (attrs.some(([n]) => ['values', 'to', 'from', 'by'].includes(n)))
      throw new SvgSyntaxError('untargeted animation');
  }
}

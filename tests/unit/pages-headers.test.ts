import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CSP_HEADER,
  DOCUMENT_HEADERS,
  PERMISSIONS_POLICY_HEADER,
} from '../../worker/platform/document-headers';

describe('Cloudflare Pages headers', () => {
  it('serve the SPA with the same CSP as the Node server, and HSTS of a year', () => {
    const text = readFileSync('web/public/_headers', 'utf8');
    expect(text).toContain(`Content-Security-Policy: ${CSP_HEADER}`);
    expect(text).toMatch(/Strict-Transport-Security: max-age=31536000/);
  });

  it('turn off the same browser features as the API (Permissions-Policy, issue 21 item 7)', () => {
    const text = readFileSync('web/public/_headers', 'utf8');
    expect(text).toContain(`Permissions-Policy: ${PERMISSIONS_POLICY_HEADER}`);
  });

  it('repeat every security header a document carries, as the Pages Function sends them', () => {
    const text = readFileSync('web/public/_headers', 'utf8');
    for (const [name, value] of Object.entries(DOCUMENT_HEADERS)) expect(text).toContain(`${name}: ${value}`);
  });
});

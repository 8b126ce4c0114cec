// The consent ledger's standing against the notice in force (decision 0402). The reads and the
// gate on sensitive data live in worker/platform/consent.ts, which other modules call.
import { standingOf, type LedgerRow } from '../../platform/consent';
import type { Notice } from './notice';

export { ledgerRows, type LedgerRow } from '../../platform/consent';

/**
 * Whether the member still has to accept the notice in force (decision 0402): some mandatory
 * purpose of it lacks a grant at its version or later. `accepted` is the newest version whose
 * mandatory purposes he granted (null: none).
 */
export function acceptanceOf(rows: LedgerRow[], notice: Notice) {
  const standing = standingOf(rows);
  const mandatory = notice.finalidades.filter((f) => f.obligatoria).map((f) => f.codigo);
  const pending = mandatory.some((code) => {
    const r = standing.get(code);
    return !r || !r.otorgada || r.version < notice.version;
  });
  const grants = rows.filter((r) => r.otorgada && mandatory.includes(r.finalidad)).map((r) => r.version);
  return { pending, accepted: grants.length ? Math.max(...grants) : null };
}

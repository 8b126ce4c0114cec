// Production's PBKDF2 ceiling, declared once for the tests. Cloudflare Workers refuse PBKDF2 with
// more than 100,000 iterations: workerd's crypto code throws a DOMException NotSupportedError
// "Pbkdf2 failed: iteration counts above 100000 are not supported (requested N)." (the message is in
// the workerd binary of node_modules/@cloudflare/workerd-linux-64), but only where the isolate sets a
// maximum, which the local workerd does not. The workerd test entry installs it for every API test
// on workerd; tests/api/pbkdf2-ceiling.test.ts installs it in this process for the node target.

export const PRODUCTION_PBKDF2_CEILING = 100_000;

/**
 * Makes `subtle.deriveBits` behave as production's: PBKDF2 above the ceiling rejects. Returns the
 * iteration counts every PBKDF2 derivation asked for (refused ones included) and an undo.
 */
export function enforcePbkdf2Ceiling(subtle: SubtleCrypto = crypto.subtle) {
  const original = subtle.deriveBits;
  const asked: number[] = [];
  subtle.deriveBits = ((...args: Parameters<SubtleCrypto['deriveBits']>) => {
    const [algorithm] = args;
    const name = typeof algorithm === 'string' ? algorithm : algorithm.name;
    if (name.toUpperCase() === 'PBKDF2') {
      const iterations = Number((algorithm as { iterations?: number }).iterations ?? 0);
      asked.push(iterations);
      if (iterations > PRODUCTION_PBKDF2_CEILING)
        return Promise.reject(
          new DOMException(
            `Pbkdf2 failed: iteration counts above ${PRODUCTION_PBKDF2_CEILING} are not supported (requested ${iterations}).`,
            'NotSupportedError',
          ),
        );
    }
    return original.apply(subtle, args);
  }) as SubtleCrypto['deriveBits'];
  return {
    asked,
    restore: () => {
      subtle.deriveBits = original;
    },
  };
}

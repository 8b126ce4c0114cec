// Which kind (CUENTA_BANCARIA / BILLETERA / CRIPTOMONEDA) a payment method is. The autocomplete
// a member may read gives only {id, label}, so the kind is learnt from the server itself: a PUT
// carrying only the method is refused (422) naming exactly the fields that kind requires, and
// nothing is saved. The saved method's kind comes with the payment info.
// TODO(api): drop the probe once /general/metodosdepago/autocomplete returns `tipo`.
import { PAYMENT_FIELDS } from '@shared/schemas/profile';
import { useEffect, useState } from 'react';
import { api, ApiError } from '@/lib/api';

const cache = new Map<string, string | null>();

function tipoOfErrors(keys: string[]): string | null {
  const set = new Set(keys);
  const hit = Object.entries(PAYMENT_FIELDS).find(([, fields]) => fields.length === set.size && fields.every((f) => set.has(f)));
  return hit?.[0] ?? null;
}

export function useMethodTipo(methodId: string, known: { id: string; tipo: string | null } | null) {
  const [tipo, setTipo] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!methodId) return setTipo(null);
    if (known && known.id === methodId && known.tipo) return setTipo(known.tipo);
    if (cache.has(methodId)) return setTipo(cache.get(methodId)!);
    let active = true;
    setLoading(true);
    api('PUT', '/general/informacionpago', { metodo_pago_id: Number(methodId) })
      .then(() => null)
      .catch((err) => {
        if (!(err instanceof ApiError) || err.status !== 422) return null;
        const t = tipoOfErrors(Object.keys(err.errors));
        cache.set(methodId, t);
        return t;
      })
      .then((t) => active && setTipo(t))
      .finally(() => active && setLoading(false));
    return () => {
      active = false;
    };
  }, [methodId, known?.id, known?.tipo]);

  return { tipo, loading };
}

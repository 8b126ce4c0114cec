// Which kind (CUENTA_BANCARIA / BILLETERA / CRIPTOMONEDA) a payment method is. The autocomplete
// a member may read gives only {id, label}, so the kind is learnt from the server itself: a PUT
// carrying only the method is refused (422) naming exactly the fields that kind requires, and
// nothing is saved. The saved method's kind comes with the payment info.
// TODO(api): drop the probe once /general/metodosdepago/autocomplete returns `tipo`.
import { PAYMENT_FIELDS } from '@shared/schemas/profile';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { savePayment } from '@/features/profile/profile-api';

function tipoOfErrors(keys: string[]): string | null {
  const set = new Set(keys);
  const hit = Object.entries(PAYMENT_FIELDS).find(
    ([, fields]) => fields.length === set.size && fields.every((f) => set.has(f)),
  );
  return hit?.[0] ?? null;
}

/** The probe, cached per method for the whole session (a method's kind does not change). */
async function probe(methodId: string): Promise<string | null> {
  try {
    await savePayment({ metodo_pago_id: Number(methodId) });
    return null;
  } catch (err) {
    // Only a 422 tells the kind; any other failure is not cached (the next mount asks again).
    if (!(err instanceof ApiError) || err.status !== 422) throw err;
    return tipoOfErrors(Object.keys(err.errors));
  }
}

export function useMethodTipo(methodId: string, known: { id: string; tipo: string | null } | null) {
  const fromSaved = known && known.id === methodId && known.tipo ? known.tipo : null;
  const q = useQuery({
    queryKey: ['metodo-tipo', methodId],
    queryFn: () => probe(methodId),
    enabled: !!methodId && !fromSaved,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  if (!methodId) return { tipo: null, loading: false };
  if (fromSaved) return { tipo: fromSaved, loading: false };
  return { tipo: q.data ?? null, loading: q.isFetching };
}

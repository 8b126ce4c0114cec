// Identification types (with their code, for the NIT check) and education levels: the same
// lists the registration form reads.
import { useEffect, useState } from 'react';
import { api } from '@/lib/api';

export type IdentificationType = { id: number; codigo: string; nombre: string };
type InitForm = { tiposIdentificacion: IdentificationType[]; nivelesEducativos: { id: number; nombre: string }[] };

export function useInitForm() {
  const [data, setData] = useState<InitForm | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    api<InitForm>('GET', '/auth/initForm', undefined, { signal: ctrl.signal })
      .then(setData)
      .catch(() => !ctrl.signal.aborted && setError(true));
    return () => ctrl.abort();
  }, []);
  return { tipos: data?.tiposIdentificacion ?? [], niveles: data?.nivelesEducativos ?? [], loading: !data && !error, error };
}

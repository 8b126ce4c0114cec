// The profile's sections share one version (the `perfiles` row, decision 0251): a section saved
// elsewhere meanwhile is a 409, shown with the shared conflict banner. Recargar brings the
// server's profile into this section's inputs (and its version for the next save); Comparar
// shows this section's values next to the server's. What was typed stays until then.
import { useState } from 'react';
import { type ComparedField, ConflictBanner, useStaleEdit } from '@/components/form/conflict-banner';
import { handleSaveError } from '@/lib/api-errors';
import { getProfile, type ProfileData } from '@/features/profile/profile-api';

type Form<V> = { values: V; setValues: (next: V) => void };

export function useSectionConflict<V extends Record<string, unknown>>(
  data: ProfileData,
  valuesOf: (data: ProfileData) => V,
  onSaved: () => void,
) {
  const stale = useStaleEdit();
  // The version Recargar brought, until the page's own read catches up.
  const [fresh, setFresh] = useState(0);
  const version = Math.max(data.version ?? 0, fresh) || undefined;
  const banner = (form: Form<V>, fields: ComparedField[]) =>
    stale.message ? (
      <ConflictBanner
        message={stale.message}
        fields={fields}
        mine={form.values}
        load={async () => valuesOf((await getProfile()).data)}
        onReload={() =>
          void getProfile().then(({ data: now }) => {
            form.setValues(valuesOf(now));
            setFresh(now.version ?? 0);
            stale.clear();
            onSaved();
          }, handleSaveError)
        }
      />
    ) : null;
  return { version, errors: stale.errors, clear: stale.clear, banner };
}

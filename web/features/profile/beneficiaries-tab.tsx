// 'Beneficiarios': who receives what share, with the total; add, edit and delete.
import { MSG } from '@shared/messages';
import { PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ErrorState } from '@/components/feedback/error-state';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { BeneficiariesTable } from '@/components/beneficiaries/beneficiaries-table';
import { useWrite } from '@/lib/mutation';
import { BeneficiaryDialog } from '@/features/profile/beneficiary-dialog';
import { type Beneficiary, deleteBeneficiary, getBeneficiaries } from '@/features/profile/profile-api';
import { keyOf, useRead } from '@/lib/query';

export function BeneficiariesTab() {
  const state = useRead(
    keyOf('/general/beneficiarios'),
    async (signal) => (await getBeneficiaries(signal)).data,
  );
  const { reload } = state;
  const [dialog, setDialog] = useState<{ editing: Beneficiary | null } | null>(null);
  const [deleting, setDeleting] = useState<Beneficiary | null>(null);
  const removal = useWrite({
    send: (b: Beneficiary) => deleteBeneficiary(b.id),
    success: () => MSG.deleted,
    errors: 'notify',
    fallback: MSG.removeError,
    onSaved: () => reload(),
  });
  if (state.status === 'error') return <ErrorState onRetry={reload} />;
  if (state.status !== 'ready') return <FormSkeleton fields={2} />;
  const rows = state.data;

  const remove = (b: Beneficiary) => removal.run(b);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Beneficiarios</CardTitle>
          <CardDescription>
            Personas que recibirían tus beneficios. La suma de los porcentajes no puede superar 100 %.
          </CardDescription>
        </div>
        <Button onClick={() => setDialog({ editing: null })}>
          <PlusIcon />
          Agregar beneficiario
        </Button>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <EmptyState text="Aún no has registrado beneficiarios" />
        ) : (
          <BeneficiariesTable
            rows={rows}
            total
            actions={(b) => (
              <>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Editar ${b.nombre}`}
                  onClick={() => setDialog({ editing: b })}
                >
                  <PencilIcon />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Eliminar ${b.nombre}`}
                  className="text-destructive hover:text-destructive"
                  onClick={() => setDeleting(b)}
                >
                  <Trash2Icon />
                </Button>
              </>
            )}
          />
        )}
      </CardContent>
      <BeneficiaryDialog
        open={!!dialog}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          reload();
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        description="Seguro desea eliminar el beneficiario?"
        confirmLabel="Eliminar"
        destructive
        onConfirm={() => deleting && void remove(deleting)}
      />
    </Card>
  );
}

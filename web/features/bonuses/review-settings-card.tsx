// Money-out settings on the Liquidación de bonos screen: the minimum payout (pesos on screen,
// cents in the API) and whether a settled cycle needs a second administrator's approval before
// its payouts can be generated. Editable with the settings permission, read-only otherwise.
import { MSG } from '@shared/messages';
import { P } from '@shared/permissions';
import { bonusSettingsSchema } from '@shared/schemas/bonus-review';
import { SaveIcon } from 'lucide-react';
import { ErrorState } from '@/components/feedback/error-state';
import { FormActions } from '@/components/form/form-actions';
import { HistoryPanel } from '@/components/form/history-panel';
import { MoneyField } from '@/components/form/money-field';
import { SwitchField } from '@/components/form/switch-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatMoney } from '@/lib/format';
import { keyOf, useRead } from '@/lib/query';
import { useSession } from '@/lib/session';
import { useApiForm } from '@/lib/use-api-form';
import { type BonusSettings, getBonusSettings, saveBonusSettings } from '@/features/bonuses/review-api';
import type { FormErrors } from '@/lib/form-errors';

const useSettings = () => useRead(keyOf('/bonos/parametros'), getBonusSettings);

export function ReviewSettingsCard() {
  const res = useSettings();
  const canEdit = useSession().can(P.parametrosBonos);
  return (
    <>
      <SettingsCard res={res} canEdit={canEdit} />
      {res.data ? (
        <HistoryPanel
          entity="parametros_bonificacion"
          recordId={1}
          version={res.data.data.version}
          labels={{
            minimo_pago: 'Pago mínimo (centavos)',
            aprobacion_cierre: 'Requiere aprobación del cierre',
          }}
          invalidates={['/bonos/parametros']}
          title="Historial de los parámetros de pago"
        />
      ) : null}
    </>
  );
}

function SettingsCard({ res, canEdit }: { res: ReturnType<typeof useSettings>; canEdit: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Parámetros de pago</CardTitle>
        <CardDescription>
          Un saldo positivo por debajo del pago mínimo pasa como saldo anterior al siguiente ciclo. Cada ciclo
          usa el mínimo vigente cuando empezó a liquidarse.
        </CardDescription>
      </CardHeader>
      {res.status === 'error' ? (
        <CardContent>
          <ErrorState message={res.error.forbidden ? MSG.forbidden : MSG.loadError} onRetry={res.reload} />
        </CardContent>
      ) : !res.data ? (
        <CardContent>
          <Skeleton className="h-20 w-full" aria-label="Cargando parámetros" />
        </CardContent>
      ) : canEdit ? (
        <SettingsForm key={res.data.data.version} settings={res.data.data} />
      ) : (
        <CardContent className="grid gap-1 text-sm">
          <p>
            Pago mínimo: <strong>{formatMoney(res.data.data.minimo_pago)}</strong>
          </p>
          <p>
            Requiere aprobación del cierre: <strong>{res.data.data.aprobacion_cierre ? 'Sí' : 'No'}</strong>
          </p>
        </CardContent>
      )}
    </Card>
  );
}

function SettingsForm({ settings }: { settings: BonusSettings }) {
  const form = useApiForm({
    defaultValues: {
      minimo_pago: settings.minimo_pago as number | null,
      aprobacion_cierre: settings.aprobacion_cierre,
    },
    schema: bonusSettingsSchema,
    precheck: ({ minimo_pago }): FormErrors => (minimo_pago === null ? { minimo_pago: MSG.required } : {}),
    toBody: (v) => ({
      minimo_pago: v.minimo_pago,
      aprobacion_cierre: v.aprobacion_cierre,
      version: settings.version,
    }),
    send: (body) => saveBonusSettings(body),
    invalidates: ['/bonos/parametros', '/bonos/ciclos'],
  });
  return (
    <form onSubmit={form.onSubmit} noValidate>
      <CardContent className="grid gap-4 md:grid-cols-2">
        <MoneyField label="Pago mínimo" required {...form.field('minimo_pago')} />
        <SwitchField
          label="Requiere aprobación del cierre"
          checked={form.values.aprobacion_cierre}
          onCheckedChange={(v) => form.set('aprobacion_cierre', v)}
          error={form.errors.aprobacion_cierre}
        />
        {settings.updated_at ? (
          <p className="text-xs text-muted-foreground md:col-span-2">
            Última modificación: {formatDateTime(settings.updated_at)}
          </p>
        ) : null}
      </CardContent>
      <FormActions busy={form.busy} icon={<SaveIcon />} />
    </form>
  );
}

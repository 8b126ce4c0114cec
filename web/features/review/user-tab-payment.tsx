import { CONSTANTS } from '@shared/constants';
import { PAYMENT_FIELDS } from '@shared/schemas/profile';
import { EmptyState } from '@/components/feedback/empty-state';
import { type Field, FieldList } from '@/features/review/field-list';
import { useLabelOf } from '@/lib/lookups';
import type { PaymentTab as Payment } from '@/features/review/review-api';

const nameOf = (list: readonly { codigo: string; nombre: string }[], code: unknown) =>
  list.find((x) => x.codigo === code)?.nombre ?? (code ? String(code) : null);

export function UserTabPayment({ data }: { data: Payment | null }) {
  const banco = useLabelOf('bancos', [data?.banco_id]);
  const cripto = useLabelOf('criptomoneda', [data?.criptomoneda_id]);
  if (!data) return <EmptyState text="El usuario no ha registrado información de pago" />;
  const all: Record<string, Field> = {
    banco_id: ['Banco', banco(data.banco_id)],
    tipo_cuenta: ['Tipo de cuenta', nameOf(CONSTANTS.tiposCuenta, data.tipo_cuenta)],
    tipo_billetera: ['Tipo de billetera', nameOf(CONSTANTS.tiposBilletera, data.tipo_billetera)],
    numero_cuenta: ['Número de cuenta', data.numero_cuenta],
    titular: ['Titular', data.titular],
    criptomoneda_id: ['Criptomoneda', cripto(data.criptomoneda_id)],
    direccion_billetera: ['Dirección de la billetera', data.direccion_billetera],
  };
  const used = PAYMENT_FIELDS[data.metodo_tipo ?? ''] ?? [];
  return (
    <FieldList columns={2} fields={[['Método de pago', data.metodo_pago], ...used.map((k) => all[k]!)]} />
  );
}

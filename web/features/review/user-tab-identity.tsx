import { EmptyState } from '@/components/feedback/empty-state';
import { StatusChip } from '@/components/status/status-chip';
import { formatDateTime } from '@/lib/format';
import { FieldList } from '@/features/review/field-list';
import { type Documents, IdentityDocuments } from '@/features/review/identity-documents';

type Identity = {
  estado: string | null;
  comentario: string | null;
  enviado_at: number | null;
  revisado_at: number | null;
  documentos: Documents;
} | null;

export function UserTabIdentity({ data }: { data: Identity }) {
  if (!data) return <EmptyState text="El usuario no ha enviado documentos de identidad" />;
  return (
    <div className="grid gap-6">
      <FieldList
        columns={2}
        fields={[
          ['Estado', <StatusChip status={data.enviado_at ? data.estado : null} />],
          ['Comentario del revisor', data.comentario],
          ['Enviado', formatDateTime(data.enviado_at)],
          ['Revisado', formatDateTime(data.revisado_at)],
        ]}
      />
      <IdentityDocuments documentos={data.documentos} />
    </div>
  );
}

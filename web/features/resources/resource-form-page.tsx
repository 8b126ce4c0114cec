// The one form screen (new and edit) of every registry entry. Entries with images or a PDF
// manage them here once the row exists: a new one is saved first, then opened for editing.
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/feedback/page-header';
import { RecordPending } from '@/components/feedback/record-pending';
import { ResourceFile } from '@/features/resources/resource-file';
import { ResourceForm } from '@/components/form/resource-form';
import { ResourceImages } from '@/features/resources/resource-images';
import { useResourceOfPath } from '@/features/resources/resource-of-path';
import { useBackToList } from '@/lib/list-path';
import { type ResourceRow, useResourceRow } from '@/lib/resource-queries';
import { Redirect } from '@/lib/redirect';

export default function ResourceFormPage() {
  const def = useResourceOfPath();
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const back = useBackToList();
  const state = useResourceRow(def?.endpoint ?? null, id);
  const { reload } = state;
  if (!def) return <Redirect to="/404" replace />;

  const extras = !!(def.images || def.file);
  const title = `${def.label}: ${id ? 'editar registro' : 'nuevo registro'}`;
  const onSaved = (row: ResourceRow) => {
    if (!id && extras) navigate(`${def.route}/edit/${row.id}`, { replace: true, state: location.state });
    else navigate(back);
  };

  if (id && state.status !== 'ready')
    return <RecordPending title={title} state={state} fields={def.fields.length} onRetry={reload} />;
  const record = state.status === 'ready' ? state.data : undefined;
  const note =
    !id && def.images
      ? 'Guarde el registro para agregar las imágenes.'
      : !id && def.file
        ? `Guarde el registro para adjuntar el ${def.file.label.toLowerCase()}.`
        : undefined;

  return (
    <section className="grid gap-6" key={`${def.key}-${id ?? 'new'}`}>
      <PageHeader title={title} />
      <ResourceForm def={def} record={record} listPath={back} onSaved={onSaved} note={note} />
      {record && def.images && <ResourceImages def={def} id={record.id} max={def.images.max} />}
      {record && def.file && (
        <ResourceFile def={def} record={record} label={def.file.label} onChanged={reload} />
      )}
    </section>
  );
}

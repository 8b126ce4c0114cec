// Administración → Solicitudes de datos (docs/privacy.md «Solicitudes de los titulares»): every
// request by due date, open ones first, with the overdue and due-soon chips the server computes;
// the desk extends once with its reason, asks for what is missing or answers (mailed and kept),
// downloads the member's data for a consulta, follows a suppression to its end, and reads who of
// the company looked at the member's data (decision 0405).
import { MSG } from '@shared/messages';
import { STATE, PRIVACY_REQUEST, stateLabel } from '@shared/workflow';
import { DownloadIcon, EyeIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/feedback/empty-state';
import { ReadView } from '@/components/feedback/read-view';
import { PageHeader } from '@/components/feedback/page-header';
import { Spinner } from '@/components/feedback/spinner';
import { SelectField } from '@/components/form/select-field';
import { TextareaField } from '@/components/form/textarea-field';
import { AccessList } from '@/components/privacy/access-list';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import {
  actOnRequest,
  continueSuppression,
  DESK_PATH,
  type DeskRequest,
  downloadMemberData,
  getDeskRequests,
  getMemberAccesses,
  memberAccessesPath,
} from '@/features/privacy-desk/privacy-desk-api';
import { useWrite } from '@/lib/mutation';
import { keyOf, useRead } from '@/lib/query';

const ACTION_LABELS: Record<string, string> = {
  RESUELTA: 'Responder (resolver)',
  PRORROGADA: 'Prorrogar el plazo (una vez)',
  INCOMPLETA: 'Pedir la información que falta',
};

export default function PrivacyDeskPage() {
  const res = useRead(keyOf(DESK_PATH), getDeskRequests);
  const [open, setOpen] = useState<{ id: number; panel: Panel } | null>(null);
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Solicitudes de datos"
        description="Consultas, reclamos y supresiones de los titulares, ordenadas por fecha límite (días hábiles de Colombia)."
      />
      <ReadView read={res} loading={<Skeleton className="h-40" aria-label="Cargando solicitudes" />}>
        {({ data: rows }) =>
          rows.length === 0 ? (
            <EmptyState />
          ) : (
            <Table aria-label="Solicitudes de datos">
              <TableHeader>
                <TableRow>
                  <TableHead>Radicado</TableHead>
                  <TableHead>Titular</TableHead>
                  <TableHead>Tipo</TableHead>
                  <TableHead>Estado</TableHead>
                  <TableHead>Vence el</TableHead>
                  <TableHead>Acciones</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((r) => (
                  <DeskRow
                    key={r.id}
                    row={r}
                    open={open?.id === r.id ? open.panel : null}
                    onToggle={(panel) =>
                      setOpen(open?.id === r.id && open.panel === panel ? null : { id: r.id, panel })
                    }
                  />
                ))}
              </TableBody>
            </Table>
          )
        }
      </ReadView>
    </section>
  );
}

type Panel = 'atender' | 'accesos';

function DeskRow({
  row,
  open,
  onToggle,
}: {
  row: DeskRequest;
  open: Panel | null;
  onToggle: (panel: Panel) => void;
}) {
  // Answering first: it is what the desk does most.
  const actions = Object.keys(ACTION_LABELS).filter((s) =>
    (PRIVACY_REQUEST[row.estado as keyof typeof PRIVACY_REQUEST] ?? []).includes(s as never),
  );
  return (
    <>
      <TableRow>
        <TableCell className="font-medium">{row.radicado}</TableCell>
        <TableCell>{row.user_name}</TableCell>
        <TableCell>
          {row.tipo_nombre}
          {row.en_tramite && (
            <Badge variant="outline" className="ms-2">
              Reclamo en trámite
            </Badge>
          )}
        </TableCell>
        <TableCell>{stateLabel(row.estado)}</TableCell>
        <TableCell>
          <span className="tabular-nums">{row.vence_el}</span>
          {row.alerta && (
            <Badge variant={row.alerta.tone === 'danger' ? 'destructive' : 'warning'} className="ms-2">
              {row.alerta.label}
            </Badge>
          )}
        </TableCell>
        <TableCell>
          <div className="flex flex-wrap gap-2">
            {actions.length > 0 && (
              <Button
                type="button"
                size="sm"
                onClick={() => onToggle('atender')}
                aria-expanded={open === 'atender'}
              >
                Atender
              </Button>
            )}
            {row.user_id !== null && (
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => onToggle('accesos')}
                aria-expanded={open === 'accesos'}
                aria-label={`Accesos a los datos del titular de ${row.radicado}`}
              >
                <EyeIcon aria-hidden />
                Accesos
              </Button>
            )}
            {row.tipo === 'CONSULTA' && (
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => void downloadMemberData(row.id)}
                aria-label={`Descargar los datos del titular de ${row.radicado}`}
              >
                <DownloadIcon aria-hidden />
                Datos
              </Button>
            )}
          </div>
        </TableCell>
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={6}>
            {open === 'atender' ? (
              <ActForm row={row} actions={actions} onDone={() => onToggle('atender')} />
            ) : (
              <MemberAccesses userId={row.user_id!} />
            )}
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

function ActForm({
  row,
  actions,
  onDone,
}: {
  row: DeskRequest;
  actions: readonly string[];
  onDone: () => void;
}) {
  const [estado, setEstado] = useState<string>(actions[0] ?? STATE.RESUELTA);
  const [respuesta, setRespuesta] = useState('');
  const [progress, setProgress] = useState<string | null>(null);
  const act = useWrite({
    send: () => actOnRequest(row.id, { estado: estado as 'RESUELTA', respuesta }),
    invalidates: [DESK_PATH],
    onSaved: async (res) => {
      let sup = res.data.supresion;
      // A suppression goes on in bounded steps until it ends.
      while (sup && sup.estado === STATE.EN_CURSO) {
        setProgress(`Supresión en curso: ${sup.filas} registros depurados…`);
        sup = (await continueSuppression(row.id)).data;
      }
      if (sup) setProgress(`Supresión terminada. Los libros se conservan hasta el ${sup.conservar_hasta}.`);
      else onDone();
    },
  });
  return (
    <div className="grid gap-3" aria-label={`Atender ${row.radicado}`}>
      <p className="whitespace-pre-line text-sm">{row.descripcion}</p>
      <SelectField
        label="Acción"
        value={estado}
        onValueChange={setEstado}
        placeholder={null}
        options={actions.map((a) => ({ value: a, label: ACTION_LABELS[a]! }))}
      />
      <TextareaField
        label={
          estado === STATE.PRORROGADA
            ? 'Motivo de la prórroga'
            : estado === STATE.INCOMPLETA
              ? 'Qué falta'
              : 'Respuesta'
        }
        required
        rows={4}
        value={respuesta}
        onValueChange={setRespuesta}
        maxLength={8000}
      />
      <div className="flex gap-2">
        <Button type="button" disabled={act.busy || !respuesta.trim()} onClick={() => act.run()}>
          {act.busy && <Spinner />}
          Enviar
        </Button>
      </div>
      {progress && <p role="status">{progress}</p>}
    </div>
  );
}

/** Who of the company looked at the member's data: who, role, what, when and from where. */
function MemberAccesses({ userId }: { userId: number }) {
  const res = useRead(keyOf(memberAccessesPath(userId)), (signal) => getMemberAccesses(userId, signal));
  if (res.status === 'error') return <p className="text-sm text-destructive">{MSG.loadError}</p>;
  if (res.status !== 'ready') return <Spinner />;
  return (
    <AccessList
      rows={res.data.data}
      label="Accesos a los datos del titular"
      empty="Nadie de la empresa ha consultado los datos de este titular."
    />
  );
}

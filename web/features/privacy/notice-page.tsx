// Configuración → Privacidad (P.avisoPrivacidad; docs/privacy.md «Aviso y autorizaciones»): the
// notice in force with its purposes, the versions published, and a new version to publish: the
// text and the purposes, starting from those in force. Publishing asks every member to accept what
// changed at his next sign-in (decision 0402).
import { MSG } from '@shared/messages';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ErrorState } from '@/components/feedback/error-state';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { PageHeader } from '@/components/feedback/page-header';
import { ConfirmDialog } from '@/components/form/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import {
  ADMIN_NOTICES_PATH,
  getNotices,
  type NoticeAdmin,
  NOTICE_PATH,
  type Purpose,
  publishNotice,
} from '@/lib/privacy-api';
import { notifyError } from '@/lib/api-errors';
import { fieldMessages } from '@/lib/form-errors';
import { invalidate, keyOf, useRead } from '@/lib/query';

export default function NoticePage() {
  const state = useRead(keyOf(ADMIN_NOTICES_PATH), async (signal) => (await getNotices(signal)).data);
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Privacidad"
        description="El aviso de privacidad y sus finalidades (Ley 1581 de 2012, Decreto 1377 de 2013). Cada publicación es una versión nueva que los miembros aceptan al ingresar."
      />
      {state.status === 'loading' && <FormSkeleton fields={4} />}
      {state.status === 'error' && <ErrorState onRetry={state.reload} />}
      {state.status === 'ready' && <NoticeEditor data={state.data} onPublished={state.reload} />}
    </section>
  );
}

function NoticeEditor({ data, onPublished }: { data: NoticeAdmin; onPublished: () => void }) {
  const [texto, setTexto] = useState(data.vigente.texto);
  const [finalidades, setFinalidades] = useState<Purpose[]>(data.vigente.finalidades);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  const edit = (i: number, patch: Partial<Purpose>) =>
    setFinalidades((list) => list.map((f, j) => (j === i ? { ...f, ...patch } : f)));

  const publish = async () => {
    setBusy(true);
    setErrors({});
    try {
      const res = await publishNotice({ texto, finalidades });
      toast.success(res.message);
      await invalidate(NOTICE_PATH);
      onPublished();
    } catch (err) {
      const fields = fieldMessages(err);
      setErrors(fields);
      if (!Object.keys(fields).length) notifyError(err, MSG.requestError);
      else toast.error(Object.values(fields)[0]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Versión vigente: {data.vigente.version}</CardTitle>
          <CardDescription>
            Versiones publicadas:{' '}
            {data.versiones.map((v) => `${v.version} (${v.finalidades} finalidades)`).join(', ')}
          </CardDescription>
        </CardHeader>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Publicar una versión nueva</CardTitle>
          <CardDescription>
            Parte de la versión vigente. Una finalidad sensible nunca es obligatoria; si cambia el alcance de
            una finalidad, dele un código nuevo para que los miembros la autoricen de nuevo.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor="aviso-texto">Texto del aviso</Label>
            <Textarea
              id="aviso-texto"
              rows={6}
              value={texto}
              onChange={(e) => setTexto(e.target.value)}
              aria-invalid={errors.texto ? true : undefined}
            />
            {errors.texto && <p className="text-xs text-destructive">{errors.texto}</p>}
          </div>
          {errors.finalidades && <p className="text-sm text-destructive">{errors.finalidades}</p>}
          <ol className="grid gap-3">
            {finalidades.map((f, i) => (
              <li key={i} className="grid gap-2 rounded-md border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="flex items-center gap-2 text-sm font-medium">
                    Finalidad {i + 1}
                    {f.obligatoria && <Badge variant="secondary">Obligatoria</Badge>}
                    {f.sensible && <Badge variant="outline">Dato sensible</Badge>}
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Quitar la finalidad ${i + 1}`}
                    onClick={() => setFinalidades((list) => list.filter((_, j) => j !== i))}
                  >
                    <Trash2Icon aria-hidden />
                  </Button>
                </div>
                <div className="grid gap-2 sm:grid-cols-2">
                  <div className="grid gap-1.5">
                    <Label htmlFor={`f-${i}-codigo`}>Código</Label>
                    <Input
                      id={`f-${i}-codigo`}
                      value={f.codigo}
                      onChange={(e) => edit(i, { codigo: e.target.value })}
                    />
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor={`f-${i}-nombre`}>Nombre</Label>
                    <Input
                      id={`f-${i}-nombre`}
                      value={f.nombre}
                      onChange={(e) => edit(i, { nombre: e.target.value })}
                    />
                  </div>
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor={`f-${i}-texto`}>Texto</Label>
                  <Textarea
                    id={`f-${i}-texto`}
                    rows={2}
                    value={f.texto}
                    onChange={(e) => edit(i, { texto: e.target.value })}
                  />
                </div>
                {[`finalidades.${i}.codigo`, `finalidades.${i}.nombre`, `finalidades.${i}.texto`].map(
                  (k) =>
                    errors[k] && (
                      <p key={k} className="text-xs text-destructive">
                        {errors[k]}
                      </p>
                    ),
                )}
                <div className="flex flex-wrap gap-4">
                  <span className="flex items-center gap-2">
                    <Checkbox
                      id={`f-${i}-obligatoria`}
                      checked={f.obligatoria}
                      onCheckedChange={(on) => edit(i, { obligatoria: on })}
                    />
                    <Label htmlFor={`f-${i}-obligatoria`}>Obligatoria</Label>
                  </span>
                  <span className="flex items-center gap-2">
                    <Checkbox
                      id={`f-${i}-sensible`}
                      checked={f.sensible}
                      onCheckedChange={(on) => edit(i, { sensible: on })}
                    />
                    <Label htmlFor={`f-${i}-sensible`}>Dato sensible</Label>
                  </span>
                </div>
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap justify-between gap-2">
            <Button
              variant="outline"
              onClick={() =>
                setFinalidades((list) => [
                  ...list,
                  { codigo: '', nombre: '', texto: '', obligatoria: false, sensible: false },
                ])
              }
            >
              <PlusIcon aria-hidden /> Agregar finalidad
            </Button>
            <Button disabled={busy} onClick={() => setConfirm(true)}>
              {busy ? 'Publicando...' : `Publicar la versión ${data.vigente.version + 1}`}
            </Button>
          </div>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Publicar el aviso"
        description="Todos los miembros deberán aceptar lo que cambió en su próximo ingreso. Las versiones publicadas no se modifican."
        confirmLabel="Publicar"
        onConfirm={() => {
          setConfirm(false);
          void publish();
        }}
      />
    </>
  );
}

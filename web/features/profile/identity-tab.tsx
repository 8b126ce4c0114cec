// 'Validación de identidad': the three documents, their review state and the reviewer's comment.
// They can be sent again only after NO_APROBADO (or before the first submission).
import { MSG } from '@shared/messages';
import { IDENTITY_DOC_LABELS, IDENTITY_DOCS } from '@shared/schemas/profile';
import { SendIcon } from 'lucide-react';
import { useState } from 'react';
import { ErrorState } from '@/components/feedback/error-state';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { Spinner } from '@/components/feedback/spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { UploadProgress } from '@/components/upload/upload-progress';
import { useUpload } from '@/components/upload/use-upload';
import { IdentityDocument } from '@/features/profile/identity-document';
import { InfoNote, ReviewerComment, StateLine } from '@/features/profile/review-note';
import { keyOf, useRead } from '@/lib/query';
import { getIdentity } from '@/features/profile/profile-api';
import { STATE } from '@shared/workflow';

type Doc = (typeof IDENTITY_DOCS)[number];
type Identity = Awaited<ReturnType<typeof getIdentity>>['data'];

const PATH = '/general/validacionIdentidad';

function lockReason(data: Identity): string | null {
  if (data?.estado === STATE.APROBADO) return 'Tu identidad ya fue aprobada.';
  if (data?.estado === STATE.PENDIENTE && data.enviado_at)
    return 'Tus documentos están en revisión. Te avisaremos cuando sean revisados.';
  return null;
}

export function IdentityTab() {
  const state = useRead(keyOf(PATH), async (signal) => (await getIdentity(signal)).data);
  const { reload } = state;
  const [picked, setPicked] = useState<Partial<Record<Doc, File>>>({});
  const [missing, setMissing] = useState<Doc[]>([]);
  const { progress, uploading, send } = useUpload();
  if (state.status === 'error') return <ErrorState onRetry={reload} />;
  if (state.status !== 'ready') return <FormSkeleton fields={3} />;
  const data = state.data;
  const locked = lockReason(data);

  const submit = async () => {
    const lacking = IDENTITY_DOCS.filter((d) => !picked[d] && !data?.documentos[d]);
    setMissing(lacking);
    if (lacking.length || !Object.keys(picked).length) return;
    const form = new FormData();
    for (const d of IDENTITY_DOCS) if (picked[d]) form.append(d, picked[d]!);
    if (await send(PATH, form)) {
      setPicked({});
      reload();
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Validación de identidad</CardTitle>
        <CardDescription>
          Sube una foto de tu documento por ambas caras y una selfie sosteniéndolo (jpg, png o pdf).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <StateLine label="Estado de la validación" estado={data?.enviado_at ? data.estado : null} />
        <ReviewerComment comentario={data?.comentario} rejected={data?.estado === STATE.NO_APROBADO} />
        {locked && <InfoNote text={locked} />}
        <div className="grid gap-4 md:grid-cols-3">
          {IDENTITY_DOCS.map((d) => (
            <IdentityDocument
              key={d}
              label={IDENTITY_DOC_LABELS[d]}
              storedUrl={data?.documentos[d] ?? null}
              picked={picked[d] ?? null}
              disabled={!!locked || uploading}
              error={missing.includes(d) ? MSG.required : undefined}
              onPick={(file) => {
                setPicked((p) => ({ ...p, [d]: file }));
                setMissing((m) => m.filter((x) => x !== d));
              }}
            />
          ))}
        </div>
      </CardContent>
      <CardFooter className="justify-end gap-3">
        {progress !== null && <UploadProgress value={progress} className="w-48" />}
        <Button disabled={!!locked || uploading || !Object.keys(picked).length} onClick={() => void submit()}>
          {uploading ? <Spinner /> : <SendIcon />}
          {data?.estado === STATE.NO_APROBADO ? 'Reenviar documentos' : 'Enviar documentos'}
        </Button>
      </CardFooter>
    </Card>
  );
}

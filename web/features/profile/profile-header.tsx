// The profile's review and publication states, the reviewers' comments and 'Enviar a revisión'.
import { MSG } from '@shared/messages';
import { SendIcon } from 'lucide-react';
import { Spinner } from '@/components/feedback/spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { type ProfileData, sendProfile } from '@/features/profile/profile-api';
import { InfoNote, ReviewerComment, StateLine } from '@/features/profile/review-note';
import { useWrite } from '@/lib/mutation';
import { STATE } from '@shared/workflow';

type Props = {
  data: ProfileData;
  onSent: () => void;
  /** The fields the server found missing (422), to be marked in the form. */
  onMissing: (fields: Record<string, string>) => void;
};

export function ProfileHeader({ data, onSent, onMissing }: Props) {
  const inReview = data.estado === STATE.PENDIENTE && !!data.enviado_at;

  const write = useWrite({
    send: sendProfile,
    success: MSG.updated,
    onSaved: () => {
      onMissing({});
      onSent();
    },
    onFieldErrors: onMissing,
  });
  const sending = write.busy;
  const send = () => write.run();

  return (
    <Card className="py-4">
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <StateLine label="Revisión" estado={data.enviado_at ? data.estado : null} />
            <StateLine label="Publicación" estado={data.enviado_at ? data.estado_publicacion : null} />
            {data.enviado_at && (
              <span className="text-xs text-muted-foreground">
                Enviado: {formatDateTime(data.enviado_at)}
              </span>
            )}
          </div>
          <Button disabled={sending || inReview} onClick={() => void send()}>
            {sending ? <Spinner /> : <SendIcon />}
            Enviar a revisión
          </Button>
        </div>
        {inReview && <InfoNote text="Tu perfil está en revisión. Te avisaremos cuando sea revisado." />}
        <ReviewerComment comentario={data.comentario} rejected={data.estado === STATE.NO_APROBADO} />
        <ReviewerComment
          comentario={data.comentario_publicacion}
          rejected={data.estado_publicacion === STATE.NO_PUBLICADO}
          title="Comentario de publicación"
        />
      </CardContent>
    </Card>
  );
}

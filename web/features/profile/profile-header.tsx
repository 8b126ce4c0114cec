// The profile's review and publication states, the reviewers' comments and 'Enviar a revisión'.
import { MSG } from '@shared/messages';
import { SendIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Spinner } from '@/components/feedback/spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { handleSaveError } from '@/lib/api-errors';
import { formatDateTime } from '@/lib/format';
import { type ProfileData, sendProfile } from '@/features/profile/profile-api';
import { InfoNote, ReviewerComment, StateLine } from '@/features/profile/review-note';

export function ProfileHeader({ data, onSent }: { data: ProfileData; onSent: () => void }) {
  const [sending, setSending] = useState(false);
  const inReview = data.estado === 'PENDIENTE' && !!data.enviado_at;

  const send = async () => {
    setSending(true);
    try {
      const res = await sendProfile();
      toast.success(res?.message ?? MSG.updated);
      onSent();
    } catch (err) {
      handleSaveError(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Card className="py-4">
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <StateLine label="Revisión" estado={data.enviado_at ? data.estado : null} />
            <StateLine label="Publicación" estado={data.enviado_at ? data.estado_publicacion : null} />
            {data.enviado_at && <span className="text-xs text-muted-foreground">Enviado: {formatDateTime(data.enviado_at)}</span>}
          </div>
          <Button disabled={sending || inReview} onClick={() => void send()}>
            {sending ? <Spinner /> : <SendIcon />}
            Enviar a revisión
          </Button>
        </div>
        {inReview && <InfoNote text="Tu perfil está en revisión. Te avisaremos cuando sea revisado." />}
        <ReviewerComment comentario={data.comentario} rejected={data.estado === 'NO_APROBADO'} />
        <ReviewerComment comentario={data.comentario_publicacion} rejected={data.estado_publicacion === 'NO_PUBLICADO'} title="Comentario de publicación" />
      </CardContent>
    </Card>
  );
}

// /app/administracion/perfil/control/view/:id: the submitted profile and its gallery, each image
// with its own decision, beside the decision on the profile.
import { P } from '@shared/permissions';
import { REVIEW } from '@shared/workflow';
import { Link } from 'react-router';
import { StatusMenu } from '@/components/status/status-menu';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { DecisionCard } from '@/features/review/decision-card';
import { GalleryGrid } from '@/features/review/gallery-grid';
import { type ProfileItem, ProfileMaterial } from '@/features/review/profile-material';
import { PROFILE_QUEUE as Q } from '@/features/review/queue-config';
import { ReviewView } from '@/features/review/review-view';
import { SectionCard } from '@/features/review/section-card';
import { useQueueItem } from '@/features/review/use-queue-item';
import { decide } from '@/features/review/review-api';

export default function ProfileReviewPage() {
  const { id, search, state, reload, afterDecision } = useQueueItem<ProfileItem>(Q);
  const { can } = useSession();
  return (
    <ReviewView<ProfileItem>
      config={Q}
      search={search}
      state={state}
      reload={reload}
      subtitle={
        state.status === 'ready'
          ? `${state.data.perfil.perfil.nombre_publico ?? ''} · enviado ${formatDateTime(state.data.perfil.enviado_at)}`
          : undefined
      }
      main={({ perfil }) => (
        <>
          <ProfileMaterial perfil={perfil} />
          <SectionCard title="Galería">
            <GalleryGrid
              images={perfil.galeria}
              action={(img, n) => (
                <StatusMenu
                  current={img.estado}
                  send={(body) => decide('profileImage', img.id, body)}
                  table={REVIEW}
                  onDone={reload}
                  size="sm"
                  label={`Estado de la imagen ${n}`}
                  className="h-auto min-h-8 w-full whitespace-normal py-1"
                />
              )}
            />
          </SectionCard>
        </>
      )}
      aside={({ perfil }) => (
        <DecisionCard
          title="Decisión sobre el perfil"
          estado={perfil.estado}
          comentario={perfil.comentario}
          menu={{
            send: (body) => decide('profile', id, body),
            table: Q.table,
            onDone: afterDecision,
            label: 'Estado del perfil',
          }}
        >
          {can(P.usuariosRegistrados) && (
            <Button variant="link" className="h-auto justify-start p-0" asChild>
              <Link to={`/app/consultas/usuariosregistrados/view/${perfil.user_id}`}>
                Ver usuario registrado
              </Link>
            </Button>
          )}
        </DecisionCard>
      )}
    />
  );
}

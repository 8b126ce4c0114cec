// /app/administracion/publicaciones/control/view/:id: publish or withdraw an approved profile.
// Publishing needs the profile review APROBADO; the server answers 409 otherwise (shown as a warning).
import { STATE, publicationChoices } from '@shared/workflow';
import { formatDateTime } from '@/lib/format';
import { StatusChip } from '@/components/status/status-chip';
import { DecisionCard } from '@/features/review/decision-card';
import { GalleryGrid } from '@/features/review/gallery-grid';
import { type ProfileItem, ProfileMaterial } from '@/features/review/profile-material';
import { PUBLICATION_QUEUE as Q } from '@/features/review/queue-config';
import { ReviewView } from '@/features/review/review-view';
import { SectionCard } from '@/features/review/section-card';
import { useQueueItem } from '@/features/review/use-queue-item';
import { decide } from '@/features/review/review-api';

export default function PublicationReviewPage() {
  const { id, search, state, reload, afterDecision } = useQueueItem<ProfileItem>(Q);
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
            <GalleryGrid images={perfil.galeria} />
          </SectionCard>
        </>
      )}
      aside={({ perfil }) => (
        <DecisionCard
          title="Publicación"
          estado={perfil.estado_publicacion}
          comentario={perfil.comentario_publicacion}
          menu={{
            send: (body) => decide('publication', id, body),
            table: Q.table,
            // Only what can succeed: no PUBLICADO while the profile is not APROBADO.
            choices: publicationChoices(perfil.estado_publicacion, perfil.estado),
            onDone: afterDecision,
          }}
        >
          <div
            role="group"
            className="flex items-center gap-2 text-sm"
            aria-label={`Revisión del perfil: ${perfil.estado ? perfil.estado.replace(/_/g, ' ') : 'SIN ESTADO'}`}
          >
            <span className="text-muted-foreground">Revisión del perfil:</span>
            <StatusChip status={perfil.estado} />
          </div>
          {perfil.estado !== STATE.APROBADO && (
            <p className="text-xs text-muted-foreground">
              El perfil debe estar APROBADO antes de publicarlo.
            </p>
          )}
        </DecisionCard>
      )}
    />
  );
}

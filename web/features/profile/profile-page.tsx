// /app/perfil: the member's public profile in five sections, its review and publication states,
// and the button that sends it for review.
import { ErrorState } from '@/components/feedback/error-state';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { PageHeader } from '@/components/feedback/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { GalleryTab } from '@/features/profile/gallery-tab';
import { LocationsForm } from '@/features/profile/locations-form';
import { PhysicalForm } from '@/features/profile/physical-form';
import { ProfileForm } from '@/features/profile/profile-form';
import { ProfileHeader } from '@/features/profile/profile-header';
import { getProfile } from '@/features/profile/profile-api';
import { ServicesForm } from '@/features/profile/services-form';
import { useTabParam } from '@/features/profile/use-tab-param';
import { keyOf, useRecordQuery } from '@/lib/query';

const TABS = [
  { key: 'perfil', label: 'Perfil', Section: ProfileForm },
  { key: 'fisica', label: 'Descripción física', Section: PhysicalForm },
  { key: 'servicios', label: 'Servicios', Section: ServicesForm },
  { key: 'ubicaciones', label: 'Ubicaciones', Section: LocationsForm },
  { key: 'galeria', label: 'Galería', Section: GalleryTab },
] as const;

export default function ProfilePage() {
  const { state, reload } = useRecordQuery(
    keyOf('/general/perfil'),
    async (signal) => (await getProfile(signal)).data,
  );
  const [tab, setTab] = useTabParam(
    TABS.map((t) => t.key),
    'perfil',
  );
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Mi perfil"
        description="Completa tu perfil y envíalo a revisión para que pueda ser publicado."
      />
      {state.status === 'error' ? (
        <ErrorState onRetry={reload} />
      ) : state.status !== 'ready' ? (
        <FormSkeleton fields={6} />
      ) : (
        <>
          <ProfileHeader data={state.data} onSent={reload} />
          <Tabs value={tab} onValueChange={setTab}>
            <TabsList>
              {TABS.map((t) => (
                <TabsTrigger key={t.key} value={t.key}>
                  {t.label}
                </TabsTrigger>
              ))}
            </TabsList>
            {TABS.map(({ key, Section }) => (
              <TabsContent key={key} value={key}>
                <Card>
                  <CardContent>
                    <Section data={state.data} onSaved={reload} />
                  </CardContent>
                </Card>
              </TabsContent>
            ))}
          </Tabs>
        </>
      )}
    </section>
  );
}

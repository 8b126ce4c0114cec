// /app/perfil: the member's public profile in five sections, its review and publication states,
// and the button that sends it for review.
import { type ReactNode, useState } from 'react';
import { ReadView } from '@/components/feedback/read-view';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { PageHeader } from '@/components/feedback/page-header';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsRow } from '@/components/ui/tabs';
import { GalleryTab } from '@/features/profile/gallery-tab';
import { LocationsForm } from '@/features/profile/locations-form';
import { PhysicalForm } from '@/features/profile/physical-form';
import { ProfileForm } from '@/features/profile/profile-form';
import { ProfileHeader } from '@/features/profile/profile-header';
import { getProfile, type SectionProps } from '@/features/profile/profile-api';
import { ServicesForm } from '@/features/profile/services-form';
import { useTabParam } from '@/lib/use-tab-param';
import { keyOf, useRead } from '@/lib/query';

// `fields`: what the server may find missing when the profile is sent, by the tab it is typed in.
const TABS: { key: string; label: string; Section: (p: SectionProps) => ReactNode; fields: string[] }[] = [
  {
    key: 'perfil',
    label: 'Perfil',
    Section: ProfileForm,
    fields: ['nombre_publico', 'descripcion', 'idiomas'],
  },
  { key: 'fisica', label: 'Descripción física', Section: PhysicalForm, fields: [] },
  { key: 'servicios', label: 'Servicios', Section: ServicesForm, fields: [] },
  { key: 'ubicaciones', label: 'Ubicaciones', Section: LocationsForm, fields: [] },
  { key: 'galeria', label: 'Galería', Section: GalleryTab, fields: [] },
];

export default function ProfilePage() {
  const state = useRead(keyOf('/general/perfil'), async (signal) => (await getProfile(signal)).data);
  const { reload } = state;
  const [tab, setTab] = useTabParam(
    TABS.map((t) => t.key),
    'perfil',
  );
  // 'Enviar a revisión' refused for missing fields: they are marked where they are typed.
  const [missing, setMissing] = useState<Record<string, string>>({});
  const onMissing = (fields: Record<string, string>) => {
    setMissing(fields);
    const owner = TABS.find((t) => t.fields.some((f) => f in fields));
    if (owner) setTab(owner.key);
  };
  return (
    <section className="grid gap-6">
      <PageHeader
        title="Mi perfil"
        description="Completa tu perfil y envíalo a revisión para que pueda ser publicado."
      />
      <ReadView read={state} loading={<FormSkeleton fields={6} />}>
        {(data) => (
          <>
            <ProfileHeader data={data} onSent={reload} onMissing={onMissing} />
            <Tabs value={tab} onValueChange={setTab}>
              <TabsRow tabs={TABS} />
              {TABS.map(({ key, Section }) => (
                <TabsContent key={key} value={key}>
                  <Card>
                    <CardContent>
                      <Section data={data} onSaved={reload} missing={missing} />
                    </CardContent>
                  </Card>
                </TabsContent>
              ))}
            </Tabs>
          </>
        )}
      </ReadView>
    </section>
  );
}

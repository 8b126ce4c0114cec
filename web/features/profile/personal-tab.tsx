// 'Información personal': the photo (shown in the drawer too) and the personal data.
import { useState } from 'react';
import { ErrorState } from '@/components/feedback/error-state';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SingleImageUploader } from '@/components/upload/single-image-uploader';
import { useSession } from '@/lib/session';
import { PersonalInfoForm } from '@/features/profile/personal-info-form';
import { keyOf, useRead } from '@/lib/query';
import { getPersonal, savePersonal } from '@/features/profile/profile-api';

const PATH = '/general/miinformacion';

export function PersonalTab() {
  const state = useRead(keyOf(PATH), async (signal) => (await getPersonal(signal)).data);
  const { reload } = state;
  const { refresh } = useSession();
  const [version, setVersion] = useState(0);
  if (state.status === 'error') return <ErrorState onRetry={reload} />;
  if (state.status !== 'ready') return <FormSkeleton fields={9} />;
  const record = state.data;
  // The same URL serves the new photo: a query string makes the browser fetch it again.
  const photo = record.photo_url ? `${record.photo_url}${version ? `?v=${version}` : ''}` : null;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[16rem_1fr]">
      <Card>
        <CardHeader>
          <CardTitle>Foto</CardTitle>
          <CardDescription>jpg, png o svg</CardDescription>
        </CardHeader>
        <CardContent>
          <SingleImageUploader
            path={`${PATH}/foto`}
            imageUrl={photo}
            alt="Foto de perfil"
            label="Cambiar foto"
            onUploaded={() => {
              setVersion((n) => n + 1);
              reload();
              void refresh();
            }}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Datos personales</CardTitle>
          <CardDescription>Los campos con * son obligatorios. Debes ser mayor de edad.</CardDescription>
        </CardHeader>
        <CardContent>
          <PersonalInfoForm
            key={String(record.id)}
            record={record}
            onSave={(body) => savePersonal(body)}
            load={async () => (await getPersonal()).data}
          />
        </CardContent>
      </Card>
    </div>
  );
}

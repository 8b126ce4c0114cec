// One tab of the registered-user detail: GET /consultas/usuariosregistrados/:id/:tab, read-only.
import type { UserTab } from '@shared/user-tabs';
import type { ReactNode } from 'react';
import { ErrorState } from '@/components/feedback/error-state';
import { FormSkeleton } from '@/components/feedback/form-skeleton';
import { GalleryGrid } from '@/features/review/gallery-grid';
import { LocationsSection } from '@/features/review/locations-section';
import { FisicaSection, PerfilSection, ServiciosSection } from '@/features/review/profile-sections';
import { UserTabIdentity } from '@/features/review/user-tab-identity';
import {
  BonusCyclesTable,
  NotificationsList,
  PurchasesTable,
  ReferralsTab,
} from '@/features/review/user-tab-lists';
import { UserTabPayment } from '@/features/review/user-tab-payment';
import { UserTabPersonal } from '@/features/review/user-tab-personal';
import { HistoryPanel } from '@/components/form/history-panel';
import { keyOf, useRead } from '@/lib/query';
import { getMemberTab } from '@/features/review/review-api';

// Each renderer knows its tab's shape (worker/modules/review/registered-users.ts tabData).
const as = <T,>(data: unknown) => data as T;
const list = <T,>(data: unknown) => (Array.isArray(data) ? (data as T[]) : []);

const RENDER: Record<UserTab, (data: unknown) => ReactNode> = {
  personal: (d) => <UserTabPersonal data={as(d)} />,
  identidad: (d) => <UserTabIdentity data={as(d)} />,
  pago: (d) => <UserTabPayment data={as(d)} />,
  perfil: (d) => <PerfilSection perfil={as(d)} />,
  fisica: (d) => <FisicaSection fisica={as(d)} />,
  servicios: (d) => <ServiciosSection servicios={as(d)} />,
  ubicaciones: (d) => <LocationsSection ubicaciones={list(d)} />,
  galeria: (d) => <GalleryGrid images={list(d)} />,
  compras: (d) => <PurchasesTable rows={list(d)} />,
  referidos: (d) => <ReferralsTab rows={list(d)} />,
  bonos: (d) => <BonusCyclesTable rows={list(d)} />,
  notificaciones: (d) => <NotificationsList rows={list(d)} />,
};

/** Each beneficiary's own history under the personal tab (decision 0257; hidden without the activity permission). */
function BeneficiaryHistories({ userId, data }: { userId: string; data: unknown }) {
  const list = (data as { beneficiarios?: { id: number; nombre: string; version?: number }[] } | null)
    ?.beneficiarios;
  if (!list?.length) return null;
  return (
    <div className="grid gap-4">
      {list.map((b) => (
        <HistoryPanel
          key={b.id}
          title={`Historial de cambios: ${b.nombre}`}
          entity="beneficiarios"
          recordId={b.id}
          version={b.version}
          invalidates={[`/consultas/usuariosregistrados/${userId}`]}
        />
      ))}
    </div>
  );
}

export function UserTabContent({ userId, tab }: { userId: string; tab: UserTab }) {
  const state = useRead(
    keyOf(`/consultas/usuariosregistrados/${userId}/${tab}`),
    async (signal): Promise<unknown> => (await getMemberTab(userId, tab, signal)).data,
  );
  const { reload } = state;
  if (state.status === 'error') return <ErrorState onRetry={reload} />;
  if (state.status !== 'ready') return <FormSkeleton fields={4} />;
  return tab === 'personal' ? (
    <div className="grid gap-6">
      {RENDER[tab](state.data)}
      <BeneficiaryHistories userId={userId} data={state.data} />
    </div>
  ) : (
    <>{RENDER[tab](state.data)}</>
  );
}

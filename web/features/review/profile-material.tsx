// What a member submitted as profile: every section, read-only.
import { FisicaSection, PerfilSection, ServiciosSection } from '@/features/review/profile-sections';
import { LocationsSection } from '@/features/review/locations-section';
import type { Image } from '@/features/review/gallery-grid';
import { SectionCard } from '@/features/review/section-card';
import type { FisicaTab, PerfilTab, ServiciosTab } from '@/features/review/review-api';

/** A queue item's profile (profileOf on the server, as the registered-user tabs read it). */
export type Profile = {
  user_id: number;
  perfil: PerfilTab;
  fisica: FisicaTab;
  servicios: ServiciosTab;
  ubicaciones: {
    id?: number;
    pais_id: number;
    departamento_id: number | null;
    ciudad_id: number | null;
    zona: string | null;
  }[];
  galeria: Image[];
  estado: string | null;
  comentario: string | null;
  estado_publicacion: string | null;
  comentario_publicacion: string | null;
  enviado_at: number | null;
};
export type ProfileItem = { perfil: Profile };

export function ProfileMaterial({ perfil }: { perfil: Profile }) {
  return (
    <>
      <SectionCard title="Perfil">
        <PerfilSection perfil={perfil.perfil} />
      </SectionCard>
      <SectionCard title="Descripción física">
        <FisicaSection fisica={perfil.fisica} />
      </SectionCard>
      <SectionCard title="Servicios">
        <ServiciosSection servicios={perfil.servicios} />
      </SectionCard>
      <SectionCard title="Ubicaciones">
        <LocationsSection ubicaciones={perfil.ubicaciones} />
      </SectionCard>
    </>
  );
}

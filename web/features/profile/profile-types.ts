// GET /general/perfil (worker/modules/profile/profile.ts profileOf).
export type GalleryImage = { id: number; file_name: string; estado: string | null; comentario: string | null; portada: boolean; url: string; created_at: number };
export type Location = { id?: number; pais_id: number; departamento_id: number | null; ciudad_id: number | null; zona: string | null };

export type ProfileData = {
  perfil: Record<string, unknown> & { nombre_publico: string | null; descripcion: string | null; idiomas: number[]; redes: { red_id: number; usuario: string }[] };
  fisica: Record<string, number | null>;
  servicios: Record<string, number[]>;
  ubicaciones: Location[];
  galeria: GalleryImage[];
  estado: string | null;
  comentario: string | null;
  estado_publicacion: string | null;
  comentario_publicacion: string | null;
  enviado_at: number | null;
};

/** What each section form gets: its slice of the profile and a way to reload the whole. */
export type SectionProps = { data: ProfileData; onSaved: () => void };

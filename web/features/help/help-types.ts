// What the help-centre endpoints answer (worker/modules/help), as the screens read it.
export const HELP_API = '/centrodeayuda';
export const FAQ_ROUTE = '/app/centrodeayuda/preguntasfrecuentes';

export type Suggestion = {
  id: number;
  user_name: string;
  correo: string;
  modulo: string | null;
  titulo: string | null;
  descripcion: string;
  tipo_sugerencia: string | null;
  estado: string;
  comentario: string | null;
  created_at: number;
};

export type Question = {
  id: number;
  user_name: string;
  email: string;
  modulo: string | null;
  pregunta: string;
  funcionalidad: string | null;
  estado: string;
  comentario: string | null;
  respuesta: string | null;
  respondida_por: string | null;
  respondida_at: number | null;
  faq_id: number | null;
  created_at: number;
};

export type DemoOption = { id: number; orden: number; fecha: string; fecha_at: number };
export type Demo = {
  id: number;
  user_name: string;
  empresa: string;
  nombre: string;
  email: string;
  cargo: string;
  celular: string;
  estado: string;
  comentario: string | null;
  opcion_confirmada_id: number | null;
  fecha_confirmada: string | null;
  opciones: DemoOption[];
  created_at: number;
};

export type AidImage = { id: number; url: string };
export type Aid = { id: number; titulo: string; modulo: string; descripcion: string | null; imagenes: AidImage[]; modulo_label?: string };
export type Faq = { id: number; pregunta: string; respuesta: string; modulo: string; orden: number; ayudas: Aid[] };
export type FaqGroup = { modulo: string; label: string; preguntas: Faq[] };

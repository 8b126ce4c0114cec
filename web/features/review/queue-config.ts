// The three review queues (identity, profile, publication; decision 0121): where each lives (SPA and
// API) and which workflow it uses.
import { STATE, PUBLICATION, REVIEW, type State, type Transitions } from '@shared/workflow';

export type QueueConfig = {
  title: string;
  /** SPA list route; the detail is `${route}/view/:id`. */
  route: string;
  /** API base: GET list, GET /:id, PUT /estado/:id. */
  endpoint: string;
  states: State[];
  table: Transitions;
  /** Which state column of the row the queue is about. */
  stateField: 'estado' | 'estado_publicacion';
};

export const IDENTITY_QUEUE: QueueConfig = {
  title: 'Control de información personal',
  route: '/app/administracion/controlinformacionpersonal',
  endpoint: '/administracion/controlinformacionpersonal',
  states: [STATE.PENDIENTE, STATE.APROBADO, STATE.NO_APROBADO],
  table: REVIEW,
  stateField: 'estado',
};

export const PROFILE_QUEUE: QueueConfig = {
  title: 'Control de perfiles',
  route: '/app/administracion/perfil/control',
  endpoint: '/administracion/perfil/control',
  states: [STATE.PENDIENTE, STATE.APROBADO, STATE.NO_APROBADO],
  table: REVIEW,
  stateField: 'estado',
};

export const PUBLICATION_QUEUE: QueueConfig = {
  title: 'Control de publicaciones',
  route: '/app/administracion/publicaciones/control',
  endpoint: '/administracion/publicaciones/control',
  states: [STATE.PENDIENTE, STATE.PUBLICADO, STATE.NO_PUBLICADO],
  table: PUBLICATION,
  stateField: 'estado_publicacion',
};

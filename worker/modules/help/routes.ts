import { Hono } from 'hono';
import type { AppEnv } from '../../platform/ports';
import { demoRoutes } from './demos';
import { faqRoutes } from './faq';
import { questionRoutes } from './questions';
import { suggestionRoutes } from './suggestions';

/**
 * Help centre (decision 0012), at /api/v1/centrodeayuda. The registry keeps the configuration of
 * FAQs and graphic aids at /preguntasfrecuentes and /ayudasgraficas; these paths do not clash.
 */
export const helpRoutes = new Hono<AppEnv>()
  .route('/sugerencias', suggestionRoutes)
  .route('/enviarpreguntas', questionRoutes)
  .route('/agendardemostraciones', demoRoutes)
  .route('/', faqRoutes);

import { Hono, type Context } from 'hono';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import * as v from 'valibot';
import { accountRoutes, authRoutes } from './modules/auth';
import { bonosRoutes, referralRoutes } from './modules/bonuses';
import { gatewayRoutes } from './modules/gateway';
import { healthRoutes } from './modules/health';
import { purchaseInvoiceRoutes, sendAfterWrites, taxSettingsRoutes } from './modules/invoicing';
import { helpRoutes } from './modules/help';
import { privacyDeskRoutes } from './modules/privacy-desk';
import {
  beneficiaryRoutes,
  galleryRoutes,
  identityRoutes,
  notificationRoutes,
  ownProfileRoutes,
  paymentRoutes,
  personalRoutes,
} from './modules/profile';
import { reportRoutes } from './modules/reports';
import { mountResources } from './modules/resources';
import { historyRoutes, registeredUserRoutes, reviewRoutes } from './modules/review';
import { activityRoutes, revisionRoutes } from './modules/activity';
import { viewRoutes } from './modules/views';
import { securityRoutes } from './modules/security';
import { shopRoutes } from './modules/shop';
import { searchRoutes } from './modules/search';
import { statementRoutes } from './modules/statement';
import { systemRoutes } from './modules/system';
import {
  certificateRoutes,
  withdrawalAdminRoutes,
  withdrawalRoutes,
  withholdingSettingsRoutes,
} from './modules/tax-withholding';
import { authenticate } from './platform/auth';
import { requestLog } from './platform/ops/request-log';
import { HttpError } from './platform/errors';
import { contentTypeGuard, originGuard, sizeGuard } from './platform/guards';
import type { AppEnv, Ports } from './platform/ports';
import { MSG } from './shared/messages';
import { CSP_HEADER, DOCUMENT_HEADERS, PERMISSIONS_POLICY } from './platform/document-headers';

/** The one app of both runtimes. `serveSpa` lets the Node entry add the SPA's files. */

/**
 * Ports are resolved per request: on Node one set serves every request; on Workers each request
 * builds its own database client, since workerd forbids I/O objects crossing requests
 * (docs/decisions/0013-request-scoped-io-on-workers.md). The router itself is built once.
 */
export type PortsResolver = Ports | ((c: Context) => Ports);

export function createApp(resolvePorts: PortsResolver, serveSpa?: (app: Hono<AppEnv>) => void) {
  const portsOf = typeof resolvePorts === 'function' ? resolvePorts : () => resolvePorts;
  const allowedOrigin = (origin: string, c: Context) =>
    origin === new URL(c.req.url).origin || origin === (c as Context<AppEnv>).var.config.appOrigin;
  const sameOrigin = csrf({ origin: allowedOrigin });
  const writeOrigin = originGuard(allowedOrigin);
  // Each module at its own prefix, so the URL says who serves it (decision 0322).
  const api = new Hono<AppEnv>()
    .use(async (c, next) => {
      for (const [k, val] of Object.entries(portsOf(c))) c.set(k as keyof Ports, val as never);
      await next();
      if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
    })
    .use(requestLog)
    // Cookie-authenticated writes must come from our origin, JSON ones too (decision 0096);
    // bearer-token clients are not exposed to CSRF (the browser never attaches that header by itself).
    .use(async (c, next) =>
      c.req.header('Authorization')?.startsWith('Bearer ')
        ? next()
        : writeOrigin(c, async () => {
            await sameOrigin(c, next);
          }),
    )
    .use(contentTypeGuard)
    .use(sizeGuard)
    .use(authenticate)
    .use(sendAfterWrites)
    .route('/health', healthRoutes)
    .route('/auth', authRoutes)
    .route('/seguridad', securityRoutes)
    .route('/miscompras', shopRoutes)
    .route('/miscompras/compras/:id{[0-9]+}/factura', purchaseInvoiceRoutes)
    .route('/configuracion/tributario', taxSettingsRoutes)
    .route('/miscompras/compras', withdrawalRoutes)
    .route('/administracion/retractos', withdrawalAdminRoutes)
    .route('/configuracion/tributario/retencion', withholdingSettingsRoutes)
    .route('/buscar', searchRoutes)
    .route('/conciliacion/extractos', statementRoutes)
    .route('/pasarela', gatewayRoutes)
    .route('/bonos', bonosRoutes)
    .route('/bonos/certificados', certificateRoutes)
    .route('/general/referidos', referralRoutes)
    .route('/centrodeayuda', helpRoutes)
    .route('/privacidad', privacyDeskRoutes)
    .route('/reports', reportRoutes)
    .route('/vistas', viewRoutes)
    .route('/sistema', systemRoutes)
    .route('/auth/account', accountRoutes)
    // The member's own data (modules/profile).
    .route('/general/miinformacion', personalRoutes)
    .route('/general/validacionIdentidad', identityRoutes)
    .route('/general/beneficiarios', beneficiaryRoutes)
    .route('/general/informacionpago', paymentRoutes)
    .route('/general/perfil', ownProfileRoutes)
    .route('/general/perfilmedia', galleryRoutes)
    .route('/general/notificaciones', notificationRoutes)
    // The administrators' review of members' data (modules/review).
    .route('/administracion', reviewRoutes)
    .route('/consultas/usuariosregistrados', registeredUserRoutes)
    .route('/consultas/historicocambiodeestados', historyRoutes)
    // Who changed what (modules/activity).
    .route('/actividad', activityRoutes)
    .route('/revisiones', revisionRoutes);
  // Each registry entry at its own endpoint (modules/resources), last: outside AppType.
  mountResources(api);

  const app = new Hono<AppEnv>()
    .use(
      secureHeaders({
        strictTransportSecurity: DOCUMENT_HEADERS['Strict-Transport-Security'],
        referrerPolicy: DOCUMENT_HEADERS['Referrer-Policy'],
        crossOriginEmbedderPolicy: false,
        permissionsPolicy: PERMISSIONS_POLICY,
      }),
    )
    // The SPA's policy, unless a handler set a stricter one (stored files are sandboxed).
    .use(async (c, next) => {
      await next();
      if (!c.res.headers.has('Content-Security-Policy'))
        c.res.headers.set('Content-Security-Policy', CSP_HEADER);
    })
    .route('/api/v1', api);
  serveSpa?.(app);

  app.notFound((c) => c.json({ message: MSG.routeNotFound }, 404));
  app.onError((thrown, c) => {
    // A refusal raised inside a database call (an Idempotency-Key claim lost to a concurrent
    // request, worker/platform/idempotency.ts) reaches here wrapped by drizzle.
    const cause = (thrown as { cause?: unknown }).cause;
    const err = !(thrown instanceof HttpError) && cause instanceof HttpError ? cause : thrown;
    if (err instanceof HttpError) {
      for (const [k, val] of Object.entries(err.headers ?? {})) c.header(k, val);
      return c.json(
        { message: err.message, ...(err.errors ? { errors: err.errors } : {}), ...err.extra },
        err.status,
      );
    }
    if (err instanceof v.ValiError) return c.json({ message: MSG.invalid }, 422);
    if (err instanceof HTTPException) {
      const status = err.status >= 500 ? 500 : err.status;
      const message = status === 403 ? MSG.forbidden : status === 413 ? MSG.tooLarge : MSG.badRequest;
      return c.json({ message }, status as 400);
    }
    // The request log writes it, scrubbed, with its stack, and reports it (platform/ops/request-log.ts).
    if (!c.req.path.startsWith('/api/')) console.error('Unhandled error', c.req.method, c.req.path, err);
    return c.json({ message: MSG.serverError }, 500);
  });
  return app;
}

export type AppType = ReturnType<typeof createApp>;

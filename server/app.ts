import fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerErrorHandling } from './http/errors.js';
import { registerOpenApi } from './http/openapi.js';
import { registerWeb, contentSecurityPolicy } from './http/web.js';
import { healthRoutes } from './health/routes.js';
import { lookupRoutes } from './lookup/routes.js';
import { authRoutes } from './auth/routes.js';
import { decorateUser } from './auth/guard.js';
import { databaseRateStore } from './auth/rate-counters.js';
import { decorateAfterReply } from './http/after-reply.js';
import { refuseNulCharacters } from './http/input-guard.js';
import { registerTransportSecurity } from './http/transport-security.js';
import { companyRoutes } from './companies/routes.js';
import { resourceRoutes } from './resources/routes.js';
import { importRoutes } from './imports/routes.js';
import { statementRoutes } from './reports/routes.js';
import { statementTemplateRoutes } from './reports/template-routes.js';
import { dashboardRoutes } from './reports/dashboard-routes.js';
import { originRoutes } from './origin/routes.js';
import { precedentRoutes } from './precedents/routes.js';
import { biReportRoutes } from './reports-bi/routes.js';
import { adminRoutes } from './admin/routes.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import type { AppDeps } from './deps.js';
import { startReportRuns } from './reports/report-runs.js';
import { leaseTimingOf } from './jobs/leases.js';
import { reportComputations } from './reports/report-computations.js';
import formbody from '@fastify/formbody';


const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole HTTP application (API and web) without listening; main.ts and every test call it. */
export async function buildApp(input: Omit<AppDeps, 'mailer' | 'reports'> & { mailer?: Mailer }, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  // Reports are queued jobs; unless RUN_JOBS=false this server computes them too.
  const reports = startReportRuns({ database: input.database, computations: reportComputations, runJobs: input.config.runJobs, timing: leaseTimingOf(input.config.jobStaleMs) });
  const deps: AppDeps = { ...input, mailer: input.mailer ?? createMailer(input.config), reports };
  const { config } = deps;
  const app = fastify({
    logger: options.logger ? { level: config.logLevel } : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 2 * 1024 * 1024,
    // A hop count trusts the nearest n proxies, as proxy-addr reads a number; Fastify's types only name the function form.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', async () => { await reports.stop(); });
  registerErrorHandling(app);
  decorateUser(app, config.sessionTimeoutMin);
  decorateAfterReply(app);
  refuseNulCharacters(app);

  await app.register(helmet, {
    contentSecurityPolicy: { directives: { ...contentSecurityPolicy(config), upgradeInsecureRequests: null } },
    // The web app loads only same-origin resources; the embedder policy would also block fonts in some browsers.
    crossOriginEmbedderPolicy: false,
    // Only over HTTPS (registerTransportSecurity).
    strictTransportSecurity: false,
    // As the CSP's frame-ancestors 'none' says, for browsers that read only this header.
    xFrameOptions: { action: 'deny' },
  });
  registerTransportSecurity(app);
  // Limits are attached per route (sign-in, codes); nothing is limited globally. Their counters live in the
  // database, so several servers and a restart share them.
  await app.register(rateLimit, { global: false, store: databaseRateStore(input.database) });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 5, fields: 50 } });
  await registerOpenApi(app, config);

  const apiPrefix = `${config.basePath}/api`;
  await app.register(async (api) => {
    await api.register(healthRoutes, { deps });
    await api.register(lookupRoutes, { deps });
    await api.register(authRoutes, { deps });
    await api.register(companyRoutes, { deps });
    await api.register(resourceRoutes, { deps });
    await api.register(statementRoutes, { deps });
    await api.register(statementTemplateRoutes, { deps });
    await api.register(dashboardRoutes, { deps });
    await api.register(originRoutes, { deps });
    await api.register(precedentRoutes, { deps });
    await api.register(biReportRoutes, { deps });
    await api.register(importRoutes, { deps });
    await api.register(adminRoutes, { deps });
  }, { prefix: apiPrefix });

  await registerWeb(app, config);
  return app;
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../common/api/errors.js';
import { type CoUtilisation, coUtilisationSchema, coUtilisationViews, type Dashboard, dashboardSchema, originPassChartSchema, statementCheckChartSchema } from '../../common/reports/schemas.js';
import { reportRunAnswerSchema } from '../../common/statements/schemas.js';
import { accessCompany } from '../access.js';
import { requireUser, signedInUser } from '../auth/guard.js';
import { findFolderSet } from '../companies/companies.js';
import { runner } from '../db/run.js';
import type { AppDeps } from '../deps.js';
import { type CheckStatement, loadPeriod } from './compute-statements.js';
import { chartTolerancePercent, originPassChart, statementCheckChart } from './dashboard-checks.js';
import { reportResult } from './report-runs.js';

const slugParams = z.object({ slug: z.string().min(1).max(100) });

/**
 * The overview's charts of a folder set: declarations and duty, C/O utilisation, the check statement's exposure and the
 * origin schedules' pass rate, each computed as a report run over the period (report-runs.ts) but the last.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { database } = deps;
  const db = database.db;
  await app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(db));
    const tags = ['companies'];
    const security = [{ bearer: [] }];

    const folderQuery = z.object({
      folder_slug: z.string().min(1).max(100),
      wait: z.enum(['true', 'false']).optional().describe('false: answer 202 with the run at once while the chart is being computed'),
    });
    const chartResponses = (chart: z.ZodType) => ({ 200: chart, 202: reportRunAnswerSchema, 404: apiErrorSchema, 500: apiErrorSchema });
    /** A chart computed as a report run over the folder set's period (server/reports/report-runs.ts). */
    const chartOf = async <T>(request: FastifyRequest<{ Params: { slug: string }; Querystring: z.infer<typeof folderQuery> }>, reply: FastifyReply, report: string) => {
      const user = signedInUser(request);
      const period = await periodOf(user.id, request.params.slug, request.query.folder_slug);
      return reportResult<T>(deps.reports, reply, { companyId: period.companyId, folderSetId: period.id, userId: user.id, report, wait: request.query.wait !== 'false' });
    };
    const periodOf = async (userId: string, slug: string, folderSlug: string) => {
      const access = await accessCompany({ db, userId, slug });
      const folderSet = await findFolderSet(db, access.company.id, folderSlug);
      return loadPeriod(runner(database), access.company.id, folderSet.id);
    };

    api.get('/clients-api/companies/:slug/dashboard/', {
      schema: {
        tags, security, params: slugParams, querystring: folderQuery,
        summary: 'The overview charts of a folder set: declarations by month and type code, the largest imported codes, duty paid and exempted',
        response: chartResponses(dashboardSchema),
      },
    }, async (request, reply) => (await chartOf<Dashboard>(request, reply, 'overview')) ?? reply);

    api.get('/clients-api/companies/:slug/dashboard/co-utilisation/', {
      schema: {
        tags, security, params: slugParams, querystring: folderQuery.extend({ view: z.enum(coUtilisationViews).default('agreement') }),
        summary: 'C/O utilisation of the period\'s imports by agreement, supplier or material: value with and without a preferential C/O, and the duty an unused C/O would have saved',
        response: chartResponses(coUtilisationSchema),
      },
    }, async (request, reply) => (await chartOf<CoUtilisation>(request, reply, `co-utilisation:${request.query.view}`)) ?? reply);

    api.get('/clients-api/companies/:slug/dashboard/statement-check/', {
      schema: {
        tags, security, params: slugParams, querystring: folderQuery,
        summary: 'The check statement\'s rows by status (open, explained, ok) with their duty exposure, and the open codes of the largest exposure',
        response: chartResponses(statementCheckChartSchema),
      },
    }, async (request, reply) => {
      const check = await chartOf<CheckStatement>(request, reply, `check-statement:${chartTolerancePercent}`);
      return check ? statementCheckChart(check) : reply;
    });

    api.get('/clients-api/companies/:slug/dashboard/origin-schedules/', {
      schema: {
        tags, security, params: slugParams, querystring: folderQuery,
        summary: 'Saved origin schedules per agreement: export lines judged (latest schedule of each) and how many fulfil the rule',
        response: { 200: originPassChartSchema },
      },
    }, async (request) => {
      const period = await periodOf(signedInUser(request).id, request.params.slug, request.query.folder_slug);
      return originPassChart(runner(database), { companyId: period.companyId, folderSetId: period.id });
    });
  });
};

import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../common/api/errors.js';
import { isLocale } from '../../common/i18n/locales.js';
import { assignmentSchema, biReportInputSchema, biReportSchema, coUtilisationSchema, coUtilisationViews, myReportsSchema, reportEmbedSchema } from '../../common/reports/schemas.js';
import { requireUser, signedInUser } from '../auth/guard.js';
import { computeCoUtilisation } from '../reports/co-utilisation.js';
import { runner } from '../db/run.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { resolveScope } from '../access.js';
import { loadPeriod } from '../reports/compute-statements.js';
import { assignReports, canOpenReportType, deleteReport, listCatalogue, listMyReports, saveReport } from './bi-reports.js';
import { coUtilisationWorkbook } from './co-utilisation-workbook.js';
import { embedReport, EmbedTokenProvider } from './embed-token.js';
import { recordIdParams } from '../../common/api/ids.js';
import { downloadName, sendDownload, xlsxType } from '../http/downloads.js';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema };
const providerErrors = { 502: apiErrorSchema, 504: apiErrorSchema };
function sendWorkbook(reply: FastifyReply, bytes: Buffer, fileName: string) {
  return sendDownload(reply, bytes, { type: xlsxType, fileName });
}
const idParams = recordIdParams;

/**
 * Business-intelligence reports: each user's assigned reports, the catalogue and assignments platform
 * administrators manage, and the C/O utilisation page (`/uni/xnk-co-utm`) that frames an XNK-UTM-CO report beside
 * the native figures, each report embedded with a Power BI token the server mints when a service principal is
 * configured. Whatever a caller may not use answers 404, so neither the catalogue nor the page can be probed.
 */
export const biReportRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const run = runner(deps.database);
  // One provider per server: its tokens are kept in memory until shortly before they expire.
  const embedTokens = new EmbedTokenProvider({ powerBi: deps.config.powerBi, reportOrigins: deps.config.reportOrigins, log: app.log });
  await app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(deps.database.db));
    const security = [{ bearer: [] }];

    api.get('/clients-api/reports/', {
      schema: { tags: ['reports'], security, summary: 'The reports assigned to the signed-in user, and the same grouped by type (reports_by_type)', response: { 200: myReportsSchema } },
    }, async (request) => listMyReports(run, signedInUser(request).id));

    api.get('/clients-api/reports/:id/embed/', {
      schema: {
        tags: ['reports'], security, params: idParams,
        summary: 'How to show one report assigned to the caller (any, for administrators): a Power BI embed token minted by the server (type powerbi; ask again before expires_at), or its address to frame (type frame)',
        response: { 200: reportEmbedSchema, ...errors, ...providerErrors },
      },
    }, async (request, reply) => {
      const embed = await embedReport({ run, embedTokens, user: signedInUser(request), reportId: request.params.id });
      // An embed token opens the report to whoever holds it: no cache keeps a copy.
      return reply.header('Cache-Control', 'no-store').send(embed);
    });

    api.get('/uni/xnk-co-utm/', {
      schema: {
        tags: ['reports'], security, produces: ['application/json', xlsxType],
        summary: 'The C/O utilisation report of a folder set with the caller\'s XNK-UTM-CO reports; ?format=xlsx for every view in a workbook. Only for users with such a report and administrators',
        querystring: z.object({
          company_slug: z.string().min(1).max(100), folder_slug: z.string().min(1).max(100),
          view: z.enum(coUtilisationViews).default('agreement'), format: z.enum(['json', 'xlsx']).optional(), lang: z.string().max(5).optional(),
        }),
        response: { 200: z.object({ reports: z.array(biReportSchema), utilisation: coUtilisationSchema }), ...errors },
      },
    }, async (request, reply) => {
      const user = signedInUser(request);
      if (!await canOpenReportType(run, user, 'XNK-UTM-CO')) throw new AppError('not_found', 'Not found.');
      const rowScope = await resolveScope(run, { userId: user.id, companySlug: request.query.company_slug, folderSlug: request.query.folder_slug, minimumRole: 'viewer' });
      const period = await loadPeriod(run, rowScope.companyId, rowScope.folderSetId!);
      if (request.query.format === 'xlsx') {
        const locale = isLocale(request.query.lang) ? request.query.lang : 'vi';
        const views = await Promise.all(coUtilisationViews.map((view) => computeCoUtilisation(run, period, view)));
        const bytes = await coUtilisationWorkbook(views, `${period.name} (${period.dateStart} – ${period.dateEnd})`, locale);
        return sendWorkbook(reply, bytes, downloadName(locale, 'coReports.title', [request.query.folder_slug], 'xlsx'));
      }
      const [mine, utilisation] = await Promise.all([listMyReports(run, user.id), computeCoUtilisation(run, period, request.query.view)]);
      return { reports: mine.reports_by_type['XNK-UTM-CO'] ?? [], utilisation };
    });
  });

  await app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(deps.database.db));
    // Platform administration is not a company role: the flag is set with `npm run admin -- grant EMAIL`.
    // Checked as the request arrives, before its input is validated: to anyone else these routes do not exist.
    api.addHook('onRequest', async (request) => {
      if (!signedInUser(request).isAdmin) throw new AppError('not_found', 'Not found.');
    });
    const tags = ['administration'];
    const security = [{ bearer: [] }];
    const catalogueEntry = biReportSchema.extend({ users: z.array(z.string()) });

    api.get('/admin/reports/', {
      schema: { tags, security, summary: 'The report catalogue with the users each report is assigned to', response: { 200: z.object({ results: z.array(catalogueEntry) }), ...errors } },
    }, async () => ({ results: await listCatalogue(run) }));

    api.post('/admin/reports/', {
      schema: { tags, security, summary: 'Add a report to the catalogue; its embed address must be on a configured report origin', body: biReportInputSchema, response: { 201: biReportSchema, ...errors } },
    }, async (request, reply) => reply.status(201).send(await saveReport(run, { report: request.body, reportOrigins: deps.config.reportOrigins })));

    api.put('/admin/reports/:id/', {
      schema: { tags, security, summary: 'Change a report of the catalogue', params: idParams, body: biReportInputSchema, response: { 200: biReportSchema, ...errors } },
    }, async (request) => saveReport(run, { id: request.params.id, report: request.body, reportOrigins: deps.config.reportOrigins }));

    api.delete('/admin/reports/:id/', {
      schema: { tags, security, summary: 'Remove a report from the catalogue and from everyone it was assigned to', params: idParams },
    }, async (request, reply) => {
      await deleteReport(run, request.params.id);
      return reply.status(204).send();
    });

    api.put('/admin/users/:email/reports/', {
      schema: {
        tags, security, summary: 'Set the reports a user is assigned (replaces the previous assignment)',
        params: z.object({ email: z.string().trim().toLowerCase().min(3).max(254) }), body: assignmentSchema, response: { 200: myReportsSchema, ...errors },
      },
    }, async (request) => assignReports(run, request.params.email, request.body.report_ids));
  });
};

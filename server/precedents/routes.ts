import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../common/api/errors.js';
import { consistencyAnswerSchema, consistencyQuerySchema, precedentsAnswerSchema, precedentsQuerySchema } from '../../common/precedents/schemas.js';
import { resolveScope } from '../access.js';
import { requireUser, signedInUser } from '../auth/guard.js';
import { runner } from '../db/run.js';
import type { AppDeps } from '../deps.js';
import { downloadName, sendDownload, xlsxType } from '../http/downloads.js';
import { localeOf } from '../i18n.js';
import { inconsistencyWorkbook } from './inconsistency-workbook.js';
import { listInconsistencies } from './list-inconsistencies.js';
import { searchPrecedents } from './search-precedents.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

/**
 * The company's own declarations as classification evidence: the HS codes it declared for an item before, and the
 * items it declared under more than one code. Every member reads them, over every folder set unless one is named; a
 * company the caller is not a member of is "not found".
 */
export const precedentRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const run = runner(deps.database);
  await app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(deps.database.db));
    const security = [{ bearer: [] }];
    const tags = ['precedents'];

    api.get('/new-balance/classification-precedents/', {
      schema: {
        tags, security, querystring: precedentsQuerySchema,
        summary: "The HS codes the company declared for lines whose item code is q, or whose item name matches its words (or with hs, under that code), grouped by code and ranked, with customs' decisions for the same product",
        response: { 200: precedentsAnswerSchema, ...errors },
      },
    }, async (request) => {
      const { company_slug: companySlug, folder_slug: folderSlug, type_code: typeCode, q, hs, lang } = request.query;
      const found = await resolveScope(run, { userId: signedInUser(request).id, companySlug, folderSlug, minimumRole: 'viewer' });
      return searchPrecedents({ database: deps.database, companyId: found.companyId, folderSetId: found.folderSetId, typeCode, q, hs, lang: lang ?? 'vi' });
    });

    api.get('/new-balance/classification-consistency/', {
      schema: {
        tags, security, querystring: consistencyQuerySchema, produces: ['application/json', xlsxType],
        summary: 'Every item code declared under more than one HS code, and item names (the same once folded) declared by several item codes under different HS codes, newest first; ?format=xlsx for a workbook',
        response: { 200: consistencyAnswerSchema, ...errors },
      },
    }, async (request, reply) => {
      const found = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.query.company_slug, minimumRole: 'viewer' });
      const results = await listInconsistencies({ database: deps.database, companyId: found.companyId });
      if (request.query.format === 'xlsx') {
        const locale = localeOf(request.query.lang);
        const [company] = await run<{ name: string }>('SELECT name FROM companies WHERE id = $1', [found.companyId]);
        const bytes = await inconsistencyWorkbook(results, company?.name ?? '', locale);
        return sendDownload(reply, bytes, { type: xlsxType, fileName: downloadName(locale, 'precedents.consistency.title', [request.query.company_slug], 'xlsx') });
      }
      return { results };
    });
  });
};

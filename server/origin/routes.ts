import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../common/api/errors.js';
import { agreementCodes } from '../../common/agreements.js';
import { criterionKinds, parseRule } from '../../common/origin/psr.js';
import { psrQuerySchema, scheduleAnswerSchema, scheduleRequestSchema } from '../../common/origin/schemas.js';
import { requireUser, signedInUser } from '../auth/guard.js';
import { runner } from '../db/run.js';
import type { AppDeps } from '../deps.js';
import { resolveScope } from '../resources/scope.js';
import { computeSchedule, productRule } from './compute-schedule.js';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const parsedRuleSchema = z.object({
  text: z.string(), manual: z.boolean(),
  alternatives: z.array(z.array(z.object({
    kind: z.enum(criterionKinds), threshold: z.number().optional(), base: z.enum(['EXW', 'FOB']).optional(), exceptFrom: z.array(z.string()).optional(),
  }))),
});

/** Origin schedules (bảng kê) of export lines per agreement, and the product-specific rules they apply. */
export const originRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const run = runner(deps.database);
  await app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(deps.database.db));
    const security = [{ bearer: [] }];
    const tags = ['origin'];

    for (const path of ['/fta/bangke/', '/fta/v2/bangke/']) {
      api.post(path, {
        schema: {
          tags, security, body: scheduleRequestSchema, response: { 200: scheduleAnswerSchema, ...errors },
          summary: 'The origin schedule of an export line under an agreement: BOM materials per unit with evidence, price and origin, the sums, and every criterion\'s verdict',
        },
      }, async (request) => {
        const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.body.company_slug, folderSlug: request.body.folder_slug, minimumRole: 'viewer' });
        return computeSchedule(run, { companyId: rowScope.companyId, folderSetId: rowScope.folderSetId! }, request.body);
      });
    }

    api.get('/fta/psr/get_psr/', {
      schema: {
        tags, security, querystring: psrQuerySchema,
        summary: 'The product-specific rule of every agreement for an HS code (the most specific prefix; the general rule where none), read into criteria',
        response: { 200: z.object({ hs: z.string(), results: z.array(z.object({ agreement: z.enum(agreementCodes), hs: z.string().nullable(), general: z.boolean(), rule: parsedRuleSchema })) }), ...errors },
      },
    }, async (request) => {
      const hs = request.query.hs.replace(/\D/g, '');
      const year = request.query.year ?? new Date().getUTCFullYear();
      const results = await Promise.all(agreementCodes.map(async (agreement) => {
        const rule = await productRule(run, agreement, hs, year);
        return { agreement, hs: rule.hs, general: rule.general, rule: parseRule(rule.text) };
      }));
      return { hs, results };
    });
  });
};

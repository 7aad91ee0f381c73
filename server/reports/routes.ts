import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../common/api/errors.js';
import { isLocale } from '../../common/i18n/locales.js';
import { localeOf } from '../i18n.js';
import {
  bomFixBodySchema, bomReviewSchema, checkAnswerSchema, type Form16Row, type Statement15aRow, type Statement15Row, checkQuerySchema, checkReviewSchema, drillAnswerSchema, form16AnswerSchema, reportQuerySchema, statement15aAnswerSchema,
  reportRunAnswerSchema, reportRunSchema, statement15AnswerSchema, statementForms, tariffCheckAnswerSchema, tariffCheckPageSize, tariffCheckQuerySchema, typeCodeRuleAnswerSchema, typeCodeRuleSchema,
} from '../../common/statements/schemas.js';
import { requireUser, signedInUser } from '../auth/guard.js';
import { runner } from '../db/run.js';
import type { AppDeps } from '../deps.js';
import { resolveRowScope, resolveScope } from '../access.js';
import { inReportTransaction, reportResult } from './report-runs.js';
import {
  type CheckStatement, drillStatementCell, loadPeriod, type Period, reviewCheckRow, type Statement,
} from './compute-statements.js';
import { checkStatementWorkbook, type Filer, form16Workbook, statement15aWorkbook, statement15Workbook, tariffCheckWorkbook } from './export-statement.js';
import { computeTariffCheck } from './tariff-check.js';
import { formWorkbookInLayout } from './export-layout.js';
import type { TemplateForm } from '../../common/statements/templates.js';
import { fixBom } from './fix-bom.js';
import { listTypeCodeRules, revertTypeCodeRule, setTypeCodeRule } from './type-code-rules.js';
import { recordIdParams } from '../../common/api/ids.js';
import { downloadName, sendDownload, xlsxType } from '../http/downloads.js';
import { pageLink } from '../http/page-links.js';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

function sendWorkbook(reply: FastifyReply, bytes: Buffer, fileName: string) {
  return sendDownload(reply, bytes, { type: xlsxType, fileName });
}

/**
 * The customs finalization reports of a folder set: Statement 15 and 15A (computed, read only), the check
 * statement with its reviews, and the type-code rules they follow. Viewers read; members review and set rules.
 */
export const statementRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const run = runner(deps.database);
  await app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(deps.database.db));
    const security = [{ bearer: [] }];
    const tags = ['statements'];

    const periodOf = async (userId: string, query: { company_slug: string; folder_slug: string }, minimumRole: 'viewer' | 'member' = 'viewer') => {
      const rowScope = await resolveScope(run, { userId, companySlug: query.company_slug, folderSlug: query.folder_slug, minimumRole });
      return loadPeriod(run, rowScope.companyId, rowScope.folderSetId!);
    };
    const filerOf = async (period: Period): Promise<Filer> => {
      const [company] = await run<{ name: string; tax_code: string | null; address: string | null }>('SELECT name, tax_code, address FROM companies WHERE id = $1', [period.companyId]);
      return { name: company?.name ?? '', taxCode: company?.tax_code ?? null, address: company?.address ?? null };
    };
    /** A form's workbook in the folder set's layout: Circular 39/2018's (`tt39`), or the template it names. */
    const sendForm = async (reply: FastifyReply, period: Period, form: TemplateForm, rows: ReadonlyArray<object>, tt39: (filer: Filer) => Promise<Buffer>, fileName: string) => {
      const filer = await filerOf(period);
      const workbook = await formWorkbookInLayout(run, { period, filer, form, rows, tt39: () => tt39(filer) });
      // The layout the folder set names was retired by the platform: the official one is sent, and the answer says so.
      if (workbook.retiredLayout) reply.header('X-Statement-Layout-Retired', workbook.retiredLayout).header('X-Statement-Layout', 'tt39_2018');
      return sendWorkbook(reply, workbook.bytes, fileName);
    };
    const periodAnswer = async (period: Period) => {
      const [previous] = period.previousId ? await run<{ slug: string }>('SELECT slug FROM folder_sets WHERE id = $1', [period.previousId]) : [];
      return { date_start: period.dateStart, date_end: period.dateEnd, regime: period.regime, previous_folder_slug: previous?.slug ?? null, generation: period.generation };
    };
    const envelope = async <R>(statement: Statement<R>, period: Period) => ({
      count: statement.rows.length, next: null, previous: null, results: statement.rows, totals: statement.totals,
      period: await periodAnswer(period), unmapped_type_codes: statement.unmappedTypeCodes,
    });

    for (const form of statementForms) {
      const path = form === '15' ? '/new-balance/report-statement-15/' : '/new-balance/report-statement-15A/';
      api.get(path, {
        schema: {
          tags, security, querystring: reportQuerySchema,
          summary: `Statement ${form.toUpperCase()} computed from the folder set's declarations, opening balances and warehouse books; ?format=xlsx for the official layout, ?code=&drill= for a cell's source lines`,
          response: { 200: z.union([form === '15' ? statement15AnswerSchema : statement15aAnswerSchema, drillAnswerSchema]), 202: reportRunAnswerSchema, ...errors },
          produces: ['application/json', xlsxType],
        },
      }, async (request, reply) => {
        const period = await periodOf(signedInUser(request).id, request.query);
        const { code, drill } = request.query;
        if (code !== undefined && drill !== undefined) {
          const results = await drillStatementCell(run, period, form, code, drill);
          return { count: results.length, next: null, previous: null, results };
        }
        const job = { companyId: period.companyId, folderSetId: period.id, userId: signedInUser(request).id, wait: request.query.wait !== 'false' };
        if (form === '15') {
          const statement = await reportResult<Statement<Statement15Row>>(deps.reports, reply, { ...job, report: 'statement-15' });
          if (!statement) return reply;
          if (request.query.format === 'xlsx') return sendForm(reply, period, '15', statement.rows, (filer) => statement15Workbook(statement, period, filer), downloadName(localeOf(request.query.lang), 'statements.tabs.statement-15', [request.query.folder_slug], 'xlsx'));
          return envelope(statement, period);
        }
        const statement = await reportResult<Statement<Statement15aRow>>(deps.reports, reply, { ...job, report: 'statement-15A' });
        if (!statement) return reply;
        if (request.query.format === 'xlsx') return sendForm(reply, period, '15a', statement.rows, (filer) => statement15aWorkbook(statement, period, filer), downloadName(localeOf(request.query.lang), 'statements.tabs.statement-15a', [request.query.folder_slug], 'xlsx'));
        return envelope(statement, period);
      });
    }

    api.get('/new-balance/check-statement/', {
      schema: {
        tags, security, querystring: checkQuerySchema, produces: ['application/json', xlsxType],
        summary: 'Per material: issued to production vs theoretical consumption (exports × BOM), book closing vs physical count and the in-out balances, duty at stake',
        response: { 200: checkAnswerSchema, 202: reportRunAnswerSchema, ...errors },
      },
    }, async (request, reply) => {
      const period = await periodOf(signedInUser(request).id, request.query);
      const tolerance = request.query.tolerance ?? 1;
      const check = await reportResult<CheckStatement>(deps.reports, reply, {
        companyId: period.companyId, folderSetId: period.id, userId: signedInUser(request).id, wait: request.query.wait !== 'false', report: `check-statement:${tolerance}`,
      });
      if (!check) return reply;
      if (request.query.format === 'xlsx') {
        const locale = isLocale(request.query.lang) ? request.query.lang : 'vi';
        return sendWorkbook(reply, await checkStatementWorkbook(check, period, await filerOf(period), locale), downloadName(locale, 'statements.tabs.check-statement', [request.query.folder_slug], 'xlsx'));
      }
      return { count: check.rows.length, next: null, previous: null, results: check.rows, total_duty_exposure: check.totalDutyExposure, open_rows: check.openRows, tolerance,
        duty_unknown_rows: check.dutyUnknownRows, derived_value_rows: check.derivedValueRows };
    });

    api.get('/new-balance/report-tariff-check/', {
      schema: {
        tags, security, querystring: reportQuerySchema.pick({ company_slug: true, folder_slug: true, format: true, lang: true }).extend(tariffCheckQuerySchema.shape),
        produces: ['application/json', xlsxType],
        summary: 'Import lines whose HS code is not in the tariff valid on their date, or whose declared duty rate is not the MFN or the preferential rate of the declared C/O form',
        response: { 200: tariffCheckAnswerSchema, ...errors },
      },
    }, async (request, reply) => {
      const period = await periodOf(signedInUser(request).id, request.query);
      if (request.query.format === 'xlsx') {
        const locale = isLocale(request.query.lang) ? request.query.lang : 'vi';
        const check = await inReportTransaction(deps.database, (tx) => computeTariffCheck(tx, period));
        return sendWorkbook(reply, await tariffCheckWorkbook(check, period, await filerOf(period), locale), downloadName(locale, 'statements.tabs.tariff-check', [request.query.folder_slug], 'xlsx'));
      }
      const page = request.query.page ?? 1;
      const pageSize = request.query.page_size ?? tariffCheckPageSize;
      const check = await inReportTransaction(deps.database, (tx) => computeTariffCheck(tx, period, { limit: pageSize, offset: (page - 1) * pageSize }));
      return { count: check.listedLines, next: page * pageSize < check.listedLines ? pageLink(request.url, page + 1) : null, previous: page > 1 ? pageLink(request.url, page - 1) : null,
        results: check.rows, checked_lines: check.checkedLines, tariff_years: check.tariffYears, disagreeing_lines: check.disagreeingLines,
        exempt_lines: check.exemptLines, exempt_duty_at_risk: check.exemptDutyAtRisk, value_missing_lines: check.valueMissingLines, derived_value_lines: check.derivedValueLines };
    });

    api.patch('/new-balance/check-statement/:code/', {
      schema: {
        tags, security, summary: 'Review one row: its status (open, explained, ok) and explanation; member or above',
        params: z.object({ code: z.string().min(1).max(100) }),
        querystring: reportQuerySchema.pick({ company_slug: true, folder_slug: true }),
        body: checkReviewSchema, response: { 200: z.object({ code: z.string(), status: z.string(), explanation: z.string().nullable() }), ...errors },
      },
    }, async (request) => {
      const user = signedInUser(request);
      const period = await periodOf(user.id, request.query, 'member');
      const explanation = request.body.explanation || null;
      await reviewCheckRow(run, { period, code: request.params.code, status: request.body.status, explanation, userId: user.id });
      return { code: request.params.code, status: request.body.status, explanation };
    });

    api.get('/new-balance/report-form-16/', {
      schema: {
        tags, security, querystring: reportQuerySchema.pick({ company_slug: true, folder_slug: true, format: true, wait: true, lang: true }), produces: ['application/json', xlsxType],
        summary: 'Form 16: actual norms of the exported products, the BOM reconciled to the period\'s issues to production; ?format=xlsx for the official layout',
        response: { 200: form16AnswerSchema, 202: reportRunAnswerSchema, ...errors },
      },
    }, async (request, reply) => {
      const period = await periodOf(signedInUser(request).id, request.query);
      const rows = await reportResult<Form16Row[]>(deps.reports, reply, {
        companyId: period.companyId, folderSetId: period.id, userId: signedInUser(request).id, wait: request.query.wait !== 'false', report: 'form-16',
      });
      if (!rows) return reply;
      if (request.query.format === 'xlsx') return sendForm(reply, period, '16', rows, (filer) => form16Workbook(rows, period, filer), downloadName(localeOf(request.query.lang), 'statements.tabs.form-16', [request.query.folder_slug], 'xlsx'));
      return { count: rows.length, next: null, previous: null, results: rows };
    });

    api.get('/new-balance/report-runs/:id/', {
      schema: {
        tags, security, params: recordIdParams,
        summary: 'A report being computed: queued, running, then succeeded (ask for the report again), failed or interrupted',
        response: { 200: reportRunSchema, ...errors },
      },
    }, async (request) => {
      const rowScope = await resolveRowScope(run, { table: 'report_runs', userId: signedInUser(request).id, id: request.params.id, minimumRole: 'viewer' });
      return deps.reports.status(rowScope.companyId, request.params.id);
    });

    api.post('/balance/bom/fix/', {
      schema: {
        tags, security, querystring: reportQuerySchema.pick({ company_slug: true, folder_slug: true }), body: bomFixBodySchema,
        summary: 'Review the BOM (cycles, materials never imported, duplicates, unit mismatches, zero norms); {apply: true} makes the safe fixes (member or above), the default is a dry run',
        response: { 200: bomReviewSchema, ...errors },
      },
    }, async (request) => {
      const apply = request.body?.apply === true;
      const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.query.company_slug, folderSlug: request.query.folder_slug, minimumRole: apply ? 'member' : 'viewer' });
      return fixBom(deps.database, { companyId: rowScope.companyId, folderSetId: rowScope.folderSetId! }, apply);
    });

    const companyQuery = z.object({ company_slug: z.string().min(1).max(100) });
    api.get('/new-balance/type-code-rules/', {
      schema: {
        tags, security, summary: 'Which statement column each declaration type code feeds under a regime: the presets of Decision 1357 and the company\'s own',
        querystring: companyQuery.extend({ regime: typeCodeRuleSchema.shape.regime }),
        response: { 200: z.object({ count: z.number().int(), next: z.null(), previous: z.null(), results: z.array(typeCodeRuleAnswerSchema) }), ...errors },
      },
    }, async (request) => {
      const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.query.company_slug, minimumRole: 'viewer' });
      const results = await listTypeCodeRules(run, rowScope.companyId, request.query.regime);
      return { count: results.length, next: null, previous: null, results };
    });

    api.put('/new-balance/type-code-rules/', {
      schema: { tags, security, summary: 'Set the company\'s own rule for a type code; member or above', querystring: companyQuery, body: typeCodeRuleSchema, response: { 200: typeCodeRuleAnswerSchema, ...errors } },
    }, async (request) => {
      const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.query.company_slug, minimumRole: 'member' });
      await setTypeCodeRule(run, rowScope.companyId, request.body);
      return { ...request.body, source: 'company' as const };
    });

    api.delete('/new-balance/type-code-rules/', {
      schema: {
        tags, security, summary: 'Drop the company\'s own rule so the preset applies again; member or above',
        querystring: companyQuery.extend(typeCodeRuleSchema.pick({ regime: true, type_code: true, form: true }).shape),
      },
    }, async (request, reply) => {
      const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.query.company_slug, minimumRole: 'member' });
      await revertTypeCodeRule(run, rowScope.companyId, request.query);
      return reply.status(204).send();
    });
  });
};

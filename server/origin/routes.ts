import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../common/api/errors.js';
import { agreementCodes } from '../../common/agreements.js';
import { criterionKinds, parseRule } from '../../common/origin/psr.js';
import {
  dossierQuerySchema, invoiceProductSchema, invoiceSchema, listQuerySchema, mergeRequestSchema, performManualAnswerSchema, psrQuerySchema, recalculateRequestSchema,
  scheduleAnswerSchema, scheduleHistorySchema, scheduleRequestSchema, stockClaimSchema, stockQuantityRequestSchema, wordUploadSchema,
} from '../../common/origin/schemas.js';
import { requireUser, signedInUser } from '../auth/guard.js';
import { AppError } from '../http/errors.js';
import { runner } from '../db/run.js';
import type { AppDeps } from '../deps.js';
import { resolveScope } from '../access.js';
import { computeSchedule, productRule, toldTo } from './compute-schedule.js';
import { dossierData, dossierDocx, dossierXlsx } from './dossier.js';
import { listInvoices, listProducts } from './list-invoices.js';
import { performManual } from './perform-manual.js';
import { formFieldText } from '../imports/uploads.js';
import { deleteWordUpload, listWordUploads, loadWordUploads, mergeWordDocuments, saveWordUpload, WORD_UPLOAD_MAX_BYTES } from './word-documents.js';
import { deleteSchedule, listSchedules, listStockClaims, loadSavedSchedules, recalculateSchedule, saveSchedule, setStockQuantity } from './schedule-history.js';
import { recordIdParam, recordIdParams } from '../../common/api/ids.js';
import { docxType, sendDownload, xlsxType } from '../http/downloads.js';

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
        const user = signedInUser(request);
        const rowScope = await resolveScope(run, { userId: user.id, companySlug: request.body.company_slug, folderSlug: request.body.folder_slug, minimumRole: 'viewer' });
        return toldTo(await computeSchedule(run, { companyId: rowScope.companyId, folderSetId: rowScope.folderSetId! }, request.body), user.locale);
      });
    }

    api.post('/fta/bangke/create-bangke-history/', {
      schema: {
        tags, security, body: scheduleRequestSchema, response: { 200: scheduleAnswerSchema.extend({ history_id: z.number().int() }), ...errors },
        summary: 'Save a schedule to the history, claiming the C/O stock it cites so no other export line claims it again; member or above',
      },
    }, async (request) => {
      const user = signedInUser(request);
      const rowScope = await resolveScope(run, { userId: user.id, companySlug: request.body.company_slug, folderSlug: request.body.folder_slug, minimumRole: 'member' });
      const saved = await saveSchedule(deps.database, { companyId: rowScope.companyId, folderSetId: rowScope.folderSetId! }, request.body, user.id);
      return { ...toldTo(saved.answer, user.locale), history_id: saved.id };
    });

    api.post('/fta/bangke/perform-manual/', {
      schema: {
        tags, security, body: scheduleRequestSchema, response: { 200: performManualAnswerSchema, ...errors },
        summary: 'The schedule judged on the rows the user sets (origin, unit value, quantity per unit, evidence line per material), with the evidence-only figures beside it',
      },
    }, async (request) => {
      const user = signedInUser(request);
      const rowScope = await resolveScope(run, { userId: user.id, companySlug: request.body.company_slug, folderSlug: request.body.folder_slug, minimumRole: 'viewer' });
      return toldTo(await performManual(run, { companyId: rowScope.companyId, folderSetId: rowScope.folderSetId! }, request.body), user.locale);
    });

    api.post('/fta/bangke/re-calculate-bangke/', {
      schema: {
        tags, security, body: recalculateRequestSchema, response: { 200: scheduleAnswerSchema.extend({ history_id: z.number().int() }), ...errors },
        summary: 'Compute a saved schedule again on today\'s data with the inputs it was saved with (any given here replace them) and save it in its place with its new C/O stock claims; member or above',
      },
    }, async (request) => {
      const user = signedInUser(request);
      const { company_slug, folder_slug, id, ...changes } = request.body;
      const rowScope = await resolveScope(run, { userId: user.id, companySlug: company_slug, folderSlug: folder_slug, minimumRole: 'member' });
      const saved = await recalculateSchedule(deps.database, { companyId: rowScope.companyId, folderSetId: rowScope.folderSetId! }, id, changes, { company_slug, folder_slug }, user.id);
      return { ...toldTo(saved.answer, user.locale), history_id: saved.id };
    });

    const claimsAnswer = z.object({ id: z.number().int(), results: z.array(stockClaimSchema) });
    api.put('/fta/bangke/', {
      schema: {
        tags, security, body: stockQuantityRequestSchema, response: { 200: claimsAnswer, ...errors, 409: apiErrorSchema },
        summary: 'Set the quantity a saved schedule claims of an import line (ecus_stock_id) or purchase (purchase_stock_id); 0 releases it, more than is left is refused (409); member or above',
      },
    }, async (request) => {
      const { company_slug, folder_slug, id, ecus_stock_id, purchase_stock_id, quantity } = request.body;
      const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: company_slug, folderSlug: folder_slug, minimumRole: 'member' });
      const change = ecus_stock_id !== undefined ? { source: 'ecus' as const, sourceId: ecus_stock_id } : { source: 'purchase' as const, sourceId: purchase_stock_id! };
      const results = await setStockQuantity(deps.database, { companyId: rowScope.companyId, folderSetId: rowScope.folderSetId! }, { id, ...change, quantity });
      return { id, results };
    });

    const historyQuery = z.object({ company_slug: z.string().min(1).max(100), folder_slug: z.string().min(1).max(100) });
    api.get('/fta/bangke/get-bangke-history/', {
      schema: {
        tags, security, querystring: historyQuery.extend({ ecus_id: recordIdParam.optional() }),
        summary: 'The saved schedules of the folder set (of one export line with ecus_id), newest first',
        response: { 200: z.object({ count: z.number().int(), next: z.null(), previous: z.null(), results: z.array(scheduleHistorySchema) }), ...errors },
      },
    }, async (request) => {
      const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.query.company_slug, folderSlug: request.query.folder_slug, minimumRole: 'viewer' });
      const results = await listSchedules(run, { companyId: rowScope.companyId, folderSetId: rowScope.folderSetId! }, request.query.ecus_id);
      return { count: results.length, next: null, previous: null, results };
    });

    api.delete('/fta/bangke/history/:id/', {
      schema: { tags, security, querystring: historyQuery, params: recordIdParams, summary: 'Delete a saved schedule, releasing the C/O stock it claimed; member or above' },
    }, async (request, reply) => {
      const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.query.company_slug, folderSlug: request.query.folder_slug, minimumRole: 'member' });
      await deleteSchedule(run, { companyId: rowScope.companyId, folderSetId: rowScope.folderSetId! }, request.params.id);
      return reply.status(204).send();
    });

    api.get('/fta/bangke/history/:id/stock/', {
      schema: {
        tags, security, querystring: historyQuery, params: recordIdParams, response: { 200: claimsAnswer, ...errors },
        summary: 'The C/O stock a saved schedule claims: each import line or purchase with the quantity claimed, its quantity and what is left of it',
      },
    }, async (request) => {
      const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.query.company_slug, folderSlug: request.query.folder_slug, minimumRole: 'viewer' });
      return { id: request.params.id, results: await listStockClaims(run, { companyId: rowScope.companyId, folderSetId: rowScope.folderSetId! }, request.params.id) };
    });

    /** `next` and `previous` as the business tables give them: this path with the page changed. */
    const pageLinks = (url: string, page: number, hasNext: boolean) => {
      const [path, search] = url.split('?');
      const link = (target: number) => { const params = new URLSearchParams(search); params.set('page', String(target)); return `${path}?${params.toString()}`; };
      return { next: hasNext ? link(page + 1) : null, previous: page > 1 ? link(page - 1) : null };
    };
    const pageOf = <T extends z.ZodType>(row: T) => z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(row) });

    api.get('/fta/invoices/', {
      schema: {
        tags, security, querystring: listQuerySchema, response: { 200: pageOf(invoiceSchema), ...errors },
        summary: 'The export invoices of the folder set\'s declarations: one row per invoice number with its date, contract and declarations',
      },
    }, async (request) => {
      const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.query.company_slug, folderSlug: request.query.folder_slug, minimumRole: 'viewer' });
      const answer = await listInvoices(run, { companyId: rowScope.companyId, folderSetId: rowScope.folderSetId! }, { search: request.query.search, page: request.query.page, pageSize: request.query.page_size });
      return { count: answer.count, ...pageLinks(request.url, request.query.page, answer.hasNext), results: answer.results };
    });

    api.get('/fta/products/', {
      schema: {
        tags, security, querystring: listQuerySchema.extend({ invoice_no: z.string().max(100).optional().describe('The lines of one invoice') }), response: { 200: pageOf(invoiceProductSchema), ...errors },
        summary: 'The export declaration lines of the folder set (of one invoice with invoice_no): what an origin schedule is computed for',
      },
    }, async (request) => {
      const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.query.company_slug, folderSlug: request.query.folder_slug, minimumRole: 'viewer' });
      const answer = await listProducts(run, { companyId: rowScope.companyId, folderSetId: rowScope.folderSetId! },
        { search: request.query.search, page: request.query.page, pageSize: request.query.page_size, invoiceNo: request.query.invoice_no });
      return { count: answer.count, ...pageLinks(request.url, request.query.page, answer.hasNext), results: answer.results };
    });

    const documentTypes = { docx: docxType, xlsx: xlsxType };
    const sendDossier = async (reply: FastifyReply, schedules: Awaited<ReturnType<typeof loadSavedSchedules>>, options: z.infer<typeof dossierQuerySchema>, name: string) => {
      const data = schedules.map(({ answer, context }) => dossierData(answer, context, { form: options.form, formType: options.word_form_type === 2 ? 2 : 1, title: options.word_title === 2 ? 2 : 1 }));
      const bytes = options.format === 'xlsx' ? await dossierXlsx(data) : dossierDocx(data);
      return sendDownload(reply, bytes, { type: documentTypes[options.format], fileName: `${name}.${options.format}` });
    };

    api.get('/fta/bangke/history/:id/document/', {
      schema: {
        tags, security, params: recordIdParams, querystring: historyQuery.extend(dossierQuerySchema.shape),
        summary: 'A saved schedule as the bảng kê of Circular 05/2018/TT-BCT for its criterion, in Word or Excel', produces: Object.values(documentTypes),
        response: { 200: z.any().describe('The document'), ...errors },
      },
    }, async (request, reply) => {
      const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.query.company_slug, folderSlug: request.query.folder_slug, minimumRole: 'viewer' });
      const schedules = await loadSavedSchedules(run, { companyId: rowScope.companyId, folderSetId: rowScope.folderSetId! }, [request.params.id]);
      return sendDossier(reply, schedules, request.query, `bang-ke-${schedules[0]!.answer.account_number}-${schedules[0]!.answer.agreement}`);
    });

    api.post('/fta/upload/merge/', {
      schema: {
        tags, security, body: mergeRequestSchema, produces: Object.values(documentTypes),
        summary: 'Several saved schedules in one Word document (a page each) or one workbook (a sheet each); in Word also the company\'s uploaded documents, in the order given',
        response: { 200: z.any().describe('The merged document'), ...errors },
      },
    }, async (request, reply) => {
      const { files, documents, ...options } = request.body;
      const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: options.company_slug, folderSlug: options.folder_slug, minimumRole: 'viewer' });
      const scope = { companyId: rowScope.companyId, folderSetId: rowScope.folderSetId! };
      const name = `bang-ke-${options.folder_slug}`;
      const order = documents ?? files!.map((id) => ({ kind: 'schedule' as const, id }));
      const uploadIds = order.filter((entry) => entry.kind === 'upload').map((entry) => entry.id);
      if (uploadIds.length === 0) return sendDossier(reply, await loadSavedSchedules(run, scope, [...new Set(order.map((entry) => entry.id))]), options, name);
      if (options.format !== 'docx') throw new AppError('validation_error', 'Uploaded documents merge into Word only.', { fields: { format: ['Uploaded documents merge into Word only.'] } });
      const uploads = await loadWordUploads(run, rowScope.companyId, [...new Set(uploadIds)]);
      const scheduleIds = [...new Set(order.filter((entry) => entry.kind === 'schedule').map((entry) => entry.id))];
      const loaded = await loadSavedSchedules(run, scope, scheduleIds);
      const schedules = new Map(scheduleIds.map((id, index) => [id, loaded[index]!]));
      const dossierOptions = { form: options.form, formType: options.word_form_type === 2 ? 2 : 1, title: options.word_title === 2 ? 2 : 1 } as const;
      // Schedules next to each other come from one rendering, as without uploads; each upload comes between them whole.
      const parts: Buffer[] = [];
      let pending: number[] = [];
      const flush = () => {
        if (pending.length > 0) parts.push(dossierDocx(pending.map((id) => dossierData(schedules.get(id)!.answer, schedules.get(id)!.context, dossierOptions))));
        pending = [];
      };
      for (const entry of order) {
        if (entry.kind === 'schedule') { pending.push(entry.id); continue; }
        flush();
        parts.push(uploads.get(entry.id)!);
      }
      flush();
      return sendDownload(reply, await mergeWordDocuments(parts), { type: docxType, fileName: `${name}.docx` });
    });

    api.post('/fta/upload/', {
      schema: {
        tags, security, consumes: ['multipart/form-data'], response: { 201: wordUploadSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema },
        summary: `Upload a Word document (.docx, ${WORD_UPLOAD_MAX_BYTES / 1024 / 1024} MB at most) for the company's dossiers: multipart with company_slug and file; member or above`,
      },
    }, async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('validation_error', 'Send the document as multipart file with company_slug.', { fields: { file: ['Choose a file.'] } });
      const fields: Record<string, string> = {};
      let file: { name: string; content: Buffer } | undefined;
      for await (const part of request.parts({ limits: { fileSize: WORD_UPLOAD_MAX_BYTES, files: 1 } })) {
        if (part.type === 'file') {
          if (part.fieldname !== 'file') throw new AppError('validation_error', `Unexpected file field ${part.fieldname}.`);
          const content = await part.toBuffer().catch(() => { throw new AppError('payload_too_large', `A document may be ${WORD_UPLOAD_MAX_BYTES / 1024 / 1024} MB at most.`, { fields: { file: ['too_large'] } }); });
          file = { name: part.filename, content };
        } else {
          fields[part.fieldname] = formFieldText(part.fieldname, part.value);
        }
      }
      if (!file) throw new AppError('validation_error', 'Choose a file.', { fields: { file: ['Choose a file.'] } });
      const user = signedInUser(request);
      const rowScope = await resolveScope(run, { userId: user.id, companySlug: fields.company_slug ?? '', minimumRole: 'member' });
      return reply.status(201).send(await saveWordUpload(run, { companyId: rowScope.companyId, userId: user.id, fileName: file.name, content: file.content, quota: { files: deps.config.uploadDailyFiles, bytes: deps.config.uploadDailyBytes } }));
    });

    api.get('/fta/upload/', {
      schema: {
        tags, security, querystring: z.object({ company_slug: z.string().min(1).max(100) }),
        response: { 200: z.object({ count: z.number().int(), next: z.null(), previous: z.null(), results: z.array(wordUploadSchema) }), ...errors },
        summary: 'The Word documents uploaded for the company\'s dossiers, newest first',
      },
    }, async (request) => {
      const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.query.company_slug, minimumRole: 'viewer' });
      const results = await listWordUploads(run, rowScope.companyId);
      return { count: results.length, next: null, previous: null, results };
    });

    api.delete('/fta/upload/:id/', {
      schema: { tags, security, querystring: z.object({ company_slug: z.string().min(1).max(100) }), params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }), summary: 'Delete an uploaded document; member or above' },
    }, async (request, reply) => {
      const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.query.company_slug, minimumRole: 'member' });
      await deleteWordUpload(run, rowScope.companyId, request.params.id);
      return reply.status(204).send();
    });

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

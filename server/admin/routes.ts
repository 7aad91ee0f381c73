import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserPageSchema, adminUserQuerySchema, adminUserSchema, auditPageSchema, auditQuerySchema, lookupLoadInputSchema, lookupLoadPageSchema,
  lookupLoadQuerySchema, lookupLoadSchema, questionAnsweredSchema, questionPageSchema, questionQuerySchema, questionSchema,
} from '../../common/admin/schemas.js';
import { apiErrorSchema } from '../../common/api/errors.js';
import { requireUser, signedInUser } from '../auth/guard.js';
import { runner } from '../db/run.js';
import type { AppDeps } from '../deps.js';
import { AppError, fieldsOfIssues } from '../http/errors.js';
import { findUpload, readImportForm, type Upload } from '../imports/uploads.js';
import { listAuditEvents } from './audit.js';
import { getLookupLoad, listLookupLoads, queueLookupLoad, startLookupLoadWorker } from './lookup-loads.js';
import { getQuestion, listQuestions, questionAttachment, setQuestionAnswered } from './questions.js';
import { listUsers, resetUserSessions, setUserDisabled } from './users.js';
import { recordIdParams } from '../../common/api/ids.js';
import { sendDownload } from '../http/downloads.js';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 422: apiErrorSchema };
const userParams = z.object({ id: z.string().max(36) });
const idParams = recordIdParams;

/**
 * The platform administration area: users (disable, enable, reset sessions), visitors' questions, lookup data loads
 * and the audit log. Platform administration is not a company role (`npm run admin -- grant EMAIL` sets it); to
 * anyone else every path here answers 404, as the report catalogue's do, so the area cannot be probed.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { database, config } = deps;
  const run = runner(database);
  const files = { run, dataDir: config.dataDir, store: config.uploadStore, maxBytes: config.uploadMaxBytes, limits: { rows: config.importMaxRows, columns: config.importMaxColumns } };
  const worker = config.runJobs ? startLookupLoadWorker({ database, config }) : null;
  app.addHook('onClose', async () => { await worker?.stop(); });

  /** The load request: JSON naming an earlier upload (`POST /uploads/`), or multipart with the file as `excel_file`. */
  async function loadRequest(request: FastifyRequest): Promise<{ input: z.infer<typeof lookupLoadInputSchema>; upload: Upload }> {
    const userId = signedInUser(request).id;
    const form = request.isMultipart() ? await readImportForm(request, { ...files, userId }) : { fields: (request.body ?? {}) as Record<string, unknown>, upload: undefined };
    const parsed = lookupLoadInputSchema.safeParse(form.fields);
    if (!parsed.success) throw new AppError('validation_error', 'Data has invalid format.', { fields: fieldsOfIssues(parsed.error.issues) });
    if (form.upload) return { input: parsed.data, upload: form.upload };
    if (!parsed.data.upload_id) throw new AppError('validation_error', 'Send the file as excel_file, or its upload_id.', { fields: { excel_file: ['Choose a file.'] } });
    return { input: parsed.data, upload: await findUpload({ ...files, userId, id: parsed.data.upload_id }) };
  }

  await app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(database.db));
    // Checked as the request arrives, before its input is validated: to anyone else these routes do not exist.
    api.addHook('onRequest', async (request) => {
      if (!signedInUser(request).isAdmin) throw new AppError('not_found', 'Not found.');
    });
    const tags = ['administration'];
    const security = [{ bearer: [] }];

    api.get('/admin/users/', {
      schema: { tags, security, summary: 'Users by e-mail address, searched by address or name', querystring: adminUserQuerySchema, response: { 200: adminUserPageSchema, ...errors } },
    }, async (request) => listUsers(database, request.query));

    api.post('/admin/users/:id/disable/', {
      schema: { tags, security, summary: 'Disable a user: they cannot sign in and every session of theirs ends; not oneself', params: userParams, response: { 200: adminUserSchema, ...errors } },
    }, async (request) => setUserDisabled(database, { actorId: signedInUser(request).id, userId: request.params.id, disabled: true }));

    api.post('/admin/users/:id/enable/', {
      schema: { tags, security, summary: 'Let a disabled user sign in again', params: userParams, response: { 200: adminUserSchema, ...errors } },
    }, async (request) => setUserDisabled(database, { actorId: signedInUser(request).id, userId: request.params.id, disabled: false }));

    api.post('/admin/users/:id/reset-sessions/', {
      schema: { tags, security, summary: 'Revoke every access token of a user (one\'s own, but the one in use)', params: userParams, response: { 200: adminUserSchema, ...errors } },
    }, async (request) => resetUserSessions(database, { actor: signedInUser(request), userId: request.params.id }));

    api.get('/admin/questions/', {
      schema: { tags, security, summary: 'Visitors\' questions newest first: open, answered or all', querystring: questionQuerySchema, response: { 200: questionPageSchema, ...errors } },
    }, async (request) => listQuestions(database, request.query));

    api.get('/admin/questions/:id/', {
      schema: { tags, security, summary: 'One question in full', params: idParams, response: { 200: questionSchema, ...errors } },
    }, async (request) => getQuestion(database, request.params.id));

    api.get('/admin/questions/:id/attachment/', {
      schema: { tags, security, summary: 'A question\'s attachment, as a download typed by its extension', params: idParams, produces: ['application/octet-stream'] },
    }, async (request, reply) => {
      const attachment = await questionAttachment(database, request.params.id);
      return sendDownload(reply.header('Cache-Control', 'no-store'), attachment.bytes, { type: attachment.contentType, fileName: attachment.fileName });
    });

    api.put('/admin/questions/:id/answered/', {
      schema: { tags, security, summary: 'Mark a question answered, or open again', params: idParams, body: questionAnsweredSchema, response: { 200: questionSchema, ...errors } },
    }, async (request) => setQuestionAnswered(database, { actorId: signedInUser(request).id, id: request.params.id, answered: request.body.answered }));

    api.get('/admin/lookup-loads/', {
      schema: { tags, security, summary: 'Lookup data loads newest first, with the running one\'s stage', querystring: lookupLoadQuerySchema, response: { 200: lookupLoadPageSchema, ...errors } },
    }, async (request) => listLookupLoads(database, request.query));

    api.get('/admin/lookup-loads/:id/', {
      schema: { tags, security, summary: 'One lookup data load', params: idParams, response: { 200: lookupLoadSchema, ...errors } },
    }, async (request) => getLookupLoad(database, request.params.id));

    api.post('/admin/lookup-loads/', {
      schema: {
        tags, security, consumes: ['application/json', 'multipart/form-data'],
        summary: 'Load a lookup file (kind, year for the yearly kinds, and upload_id, or multipart with excel_file); answers the queued load',
        response: { 202: lookupLoadSchema, ...errors },
      },
    }, async (request, reply) => {
      const { input, upload } = await loadRequest(request);
      const load = await queueLookupLoad(database, { actorId: signedInUser(request).id, kind: input.kind, year: input.year, upload, queued: () => worker?.kick() });
      return reply.status(202).send(load);
    });

    api.get('/admin/audit-events/', {
      schema: { tags, security, summary: 'The audit log newest first, by action, text and UTC days', querystring: auditQuerySchema, response: { 200: auditPageSchema, ...errors } },
    }, async (request) => listAuditEvents(run, request.query));
  });
};

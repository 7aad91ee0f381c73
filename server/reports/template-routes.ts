import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../common/api/errors.js';
import { recordIdParam } from '../../common/api/ids.js';
import {
  statementTemplateListSchema, statementTemplateSchema, TEMPLATE_MAX_BYTES, templateFormSchema, templateForms, templateNameSchema, templatePreviewSchema,
  templateSettingsSchema,
} from '../../common/statements/templates.js';
import { resolveScope } from '../access.js';
import { requireUser, signedInUser } from '../auth/guard.js';
import { recordAuditEvent } from '../db/audit-log.js';
import type { Db } from '../db/client.js';
import { type Run, runner } from '../db/run.js';
import type { AppDeps } from '../deps.js';
import { sendDownload, withoutControlCharacters, xlsxType } from '../http/downloads.js';
import { AppError, fieldsOfIssues } from '../http/errors.js';
import { countUpload, formFieldText, type UploadQuota } from '../imports/uploads.js';
import {
  createTemplate, deleteTemplate, deleteTemplateForm, listTemplates, previewTemplate, previewTemplateForm, readTemplateFile, renameTemplate, saveTemplateForm,
  type TemplateFile, type TemplateOwner,
} from './statement-templates.js';
import { checkUploadedTemplate, templateTooLarge } from './template-workbook.js';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema };
const templateParams = z.object({ id: recordIdParam });
const formParams = templateParams.extend({ form: z.enum(templateForms) });

/** A multipart form of these routes: its text fields and its `excel_file`, read whole within the template size limit. */
async function readForm(request: FastifyRequest, counted: { run: Run; quota: UploadQuota }): Promise<{ fields: Record<string, string>; file?: TemplateFile }> {
  if (!request.isMultipart()) return { fields: {} };
  const fields: Record<string, string> = {};
  let file: TemplateFile | undefined;
  for await (const part of request.parts({ limits: { fileSize: TEMPLATE_MAX_BYTES, files: 1 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'excel_file') throw new AppError('validation_error', `Unexpected file field ${part.fieldname}.`);
      const content = await part.toBuffer().catch(() => { throw templateTooLarge(); });
      // Every workbook sent counts against its sender's day of uploads, read or refused.
      await countUpload(counted.run, { userId: signedInUser(request).id, kind: 'template', size: content.length, quota: counted.quota });
      file = { content, fileName: withoutControlCharacters(part.filename).replace(/[\\/]/g, '_').slice(0, 200) || 'template.xlsx' };
    } else {
      fields[part.fieldname] = formFieldText(part.fieldname, part.value);
    }
  }
  return file ? { fields, file } : { fields };
}

/** A form's settings: the `settings` field (JSON text) of a multipart upload, or the JSON body itself. */
function settingsOf(request: FastifyRequest, fields: Record<string, string>) {
  let raw: unknown = request.body;
  if (request.isMultipart()) {
    try {
      raw = JSON.parse(fields.settings ?? '');
    } catch {
      throw new AppError('validation_error', 'Send the settings as JSON in the settings field.', { fields: { settings: ['Send the settings as JSON.'] } });
    }
  }
  const parsed = templateSettingsSchema.safeParse(raw);
  if (!parsed.success) throw new AppError('validation_error', 'Data has invalid format.', { fields: fieldsOfIssues(parsed.error.issues) });
  return parsed.data;
}

/**
 * The routes of one kind of owner, the same for both: a company's templates under /new-balance/ (its admins and
 * owners change them, every member reads them and the platform's), the platform's under /admin/.
 */
function templateRoutes<Q extends z.ZodObject>(api: FastifyInstance, options: {
  db: Db; run: Run; base: string; tags: string[]; querystring: Q; ownerOf: (request: FastifyRequest, change: boolean) => Promise<TemplateOwner>; who: string; quota: UploadQuota;
}) {
  const typed = api.withTypeProvider<ZodTypeProvider>();
  const { db, run, base, tags, querystring, ownerOf, who, quota } = options;
  const security = [{ bearer: [] }];
  const nameOf = async (id: number) => (await run<{ name: string }>('SELECT name FROM statement_templates WHERE id = $1', [id]))[0]?.name ?? `#${id}`;
  /** Every change of a template goes into the audit log, under the template's name (read before a deletion). */
  const audit = (request: FastifyRequest, owner: TemplateOwner, name: string, details: { change: string; form?: string }) =>
    recordAuditEvent(db, { action: 'statement_template_changed', actorId: signedInUser(request).id, companyId: owner.companyId, subject: name, details });

  typed.get(base, {
    schema: { tags, security, querystring, summary: `Statement layout templates with their forms (never their workbooks) and how many folder sets export in each; ${who}`, response: { 200: statementTemplateListSchema, ...errors } },
  }, async (request) => {
    const results = await listTemplates(run, await ownerOf(request, false));
    return { count: results.length, next: null, previous: null, results };
  });

  typed.post(base, {
    schema: { tags, security, querystring, body: templateNameSchema, summary: 'Add a template by its name; its forms are uploaded next', response: { 201: statementTemplateSchema, ...errors } },
  }, async (request, reply) => {
    const owner = await ownerOf(request, true);
    const template = await createTemplate(run, owner, { name: request.body.name, userId: signedInUser(request).id });
    await audit(request, owner, template.name, { change: 'created' });
    return reply.status(201).send(template);
  });

  typed.patch(`${base}:id/`, {
    schema: { tags, security, querystring, params: templateParams, body: templateNameSchema, summary: 'Rename a template', response: { 200: statementTemplateSchema, ...errors } },
  }, async (request) => {
    const owner = await ownerOf(request, true);
    const template = await renameTemplate(run, owner, request.params.id, request.body.name);
    await audit(request, owner, template.name, { change: 'renamed' });
    return template;
  });

  typed.delete(`${base}:id/`, {
    schema: { tags, security, querystring, params: templateParams, summary: 'Delete a template; refused (409 template_in_use) while a folder set exports in it' },
  }, async (request, reply) => {
    const owner = await ownerOf(request, true);
    const name = await nameOf(request.params.id);
    await deleteTemplate(run, owner, request.params.id);
    await audit(request, owner, name, { change: 'deleted' });
    return reply.status(204).send();
  });

  typed.post(`${base}preview/`, {
    schema: {
      tags, security, querystring, consumes: ['multipart/form-data'], response: { 200: templatePreviewSchema, ...errors },
      summary: `The first rows of every sheet of a workbook (multipart excel_file, .xlsx, ${TEMPLATE_MAX_BYTES / 1024 / 1024} MB at most), to choose its header and columns; nothing is kept`,
    },
  }, async (request) => {
    await ownerOf(request, true);
    const { file } = await readForm(request, { run, quota });
    if (!file) throw new AppError('validation_error', 'Choose a file.', { fields: { excel_file: ['Choose a file.'] } });
    return previewTemplate(file, signedInUser(request).id);
  });

  typed.get(`${base}:id/forms/:form/`, {
    schema: { tags, security, querystring, params: formParams, summary: 'The first rows of every sheet of a form\'s stored workbook, to map it again', response: { 200: templatePreviewSchema, ...errors } },
  }, async (request) => previewTemplateForm(run, await ownerOf(request, false), request.params.id, request.params.form, signedInUser(request).id));

  typed.get(`${base}:id/forms/:form/file/`, {
    schema: { tags, security, querystring, params: formParams, produces: [xlsxType], summary: 'A form\'s workbook as it was uploaded' },
  }, async (request, reply) => {
    const file = await readTemplateFile(run, await ownerOf(request, false), request.params.id, request.params.form);
    // A workbook kept before uploads were checked as they are now (one with macros) is not handed to every member.
    await checkUploadedTemplate(file.content, file.fileName);
    return sendDownload(reply, file.content, { type: xlsxType, fileName: file.fileName });
  });

  typed.put(`${base}:id/forms/:form/`, {
    schema: {
      tags, security, querystring, params: formParams, consumes: ['application/json', 'multipart/form-data'], response: { 200: templateFormSchema, ...errors },
      summary: 'Upload a form\'s workbook (multipart excel_file with settings as JSON) or map its stored one again (JSON settings): sheet_name, header_from, header_to, footer_row, mapping {computed column: workbook column letter}',
    },
  }, async (request) => {
    const owner = await ownerOf(request, true);
    const { fields, file } = await readForm(request, { run, quota });
    const settings = settingsOf(request, fields);
    const saved = await saveTemplateForm(run, owner, { id: request.params.id, form: request.params.form, file, settings, userId: signedInUser(request).id });
    await audit(request, owner, await nameOf(request.params.id), { change: file ? 'form_uploaded' : 'form_mapped', form: request.params.form });
    return saved;
  });

  typed.delete(`${base}:id/forms/:form/`, {
    schema: { tags, security, querystring, params: formParams, summary: 'Remove a form\'s workbook from a template; refused while a folder set exports in it' },
  }, async (request, reply) => {
    const owner = await ownerOf(request, true);
    await deleteTemplateForm(run, owner, request.params.id, request.params.form);
    await audit(request, owner, await nameOf(request.params.id), { change: 'form_removed', form: request.params.form });
    return reply.status(204).send();
  });
}

/**
 * Statement layout templates: a company's, which its admins and owners upload and map (every member reads them),
 * and the platform's, which platform administrators manage under /api/admin/ for every company (404 to anyone
 * else, as every administration path).
 */
export const statementTemplateRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const run = runner(deps.database);
  const quota = { files: deps.config.uploadDailyFiles, bytes: deps.config.uploadDailyBytes };

  await app.register(async (scope) => {
    scope.addHook('onRequest', requireUser(deps.database.db));
    templateRoutes(scope, {
      db: deps.database.db, run, quota, base: '/new-balance/statement-templates/', tags: ['statements'], querystring: z.object({ company_slug: z.string().min(1).max(100) }),
      who: 'the company\'s own and the platform\'s; admin or owner to change',
      ownerOf: async (request, change) => {
        const { company_slug: companySlug } = request.query as { company_slug: string };
        const scope = await resolveScope(run, { userId: signedInUser(request).id, companySlug, minimumRole: change ? 'admin' : 'viewer' });
        return { companyId: scope.companyId };
      },
    });
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', requireUser(deps.database.db));
    // Checked as the request arrives, before its input is validated: to anyone else these routes do not exist.
    scope.addHook('onRequest', async (request) => {
      if (!signedInUser(request).isAdmin) throw new AppError('not_found', 'Not found.');
    });
    templateRoutes(scope, {
      db: deps.database.db, run, quota, base: '/admin/statement-templates/', tags: ['administration'], querystring: z.object({}), who: 'the platform\'s, offered to every company',
      ownerOf: async () => ({ companyId: null }),
    });
  });
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CompanyRole } from '../../common/accounts/schemas.js';
import { apiErrorSchema } from '../../common/api/errors.js';
import { isLocale } from '../../common/i18n/locales.js';
import { columnLetters, columnNumber, isColumn } from '../../common/imports/cells.js';
import { cellText } from '../../common/imports/coerce.js';
import { allows, fieldLabelKey, importTypes, importVariantsOf } from '../../common/resources/define.js';
import { resources } from '../../common/resources/index.js';
import { sheetLimitsOf } from '../config.js';
import type { AppDeps } from '../deps.js';
import { requireUser, signedInUser } from '../auth/guard.js';
import { runner } from '../db/run.js';
import { AppError, fieldsOfIssues } from '../http/errors.js';
import { resolveRowScope, resolveScope } from '../access.js';
import { recordAuditEvent } from '../db/audit-log.js';
import { numberFormatsOfSheet, readHeaders, sheetRows } from './headers.js';
import { importTemplate } from './import-template.js';
import { startImportWorker } from './import-jobs.js';
import { exportRejectedRows, getImportRecord, type ImportRecord, listImportRecords, retryImport, rollBackImport, startImport } from './records.js';
import { configureReaders, stopSpareReader } from './reader.js';
import { checkSetup, importFields, lastSetup, saveSetup } from './setup.js';
import { checkDeclaredRows, findUpload, readImportForm, type Upload } from './uploads.js';
import { recordIdParams } from '../../common/api/ids.js';
import { sendDownload, xlsxType } from '../http/downloads.js';
import { localeOf } from '../i18n.js';

const security = [{ bearer: [] }];
const tags = ['imports'];
const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 413: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema };
const slug = z.string().trim().min(1).max(100);
const rowNumber = z.coerce.number().int().min(1).max(1_048_576);

const headerRequestSchema = z.object({
  upload_id: z.string().optional(),
  sheet_name: z.string().min(1).max(200),
  header_from: rowNumber,
  header_to: rowNumber.optional(),
  colStart: z.string().max(12).optional(),
  colEnd: z.string().max(12).optional(),
  use_cols: z.string().max(12).optional(),
});

const jsonText = z.string().max(100_000).transform((text, context) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    context.addIssue({ code: 'custom', message: 'Send JSON.' });
    return z.NEVER;
  }
});
const objectOf = z.record(z.string(), z.unknown());

const importRequestSchema = z.object({
  company_slug: slug,
  folder_slug: slug,
  upload_id: z.string().optional(),
  sheet_name: z.string().min(1).max(200),
  header_from: rowNumber,
  header_to: rowNumber.optional(),
  keep_posting: z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])]).optional().transform((value) => value === true || value === 'true' || value === '1' || value === 'on'),
  mapping: z.union([objectOf, jsonText.pipe(objectOf)]).optional(),
  extra_fields: z.union([objectOf, jsonText.pipe(objectOf)]).optional(),
  on_duplicate: z.enum(['replace', 'add']).optional(),
  // For numbers the file cannot tell ('100.000' in every numeric column): ',' reads it as 100000, '.' as 100.
  decimal_mark: z.enum([',', '.']).optional(),
});

const parse = <T extends z.ZodType>(schema: T, input: unknown): z.infer<T> => {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError('validation_error', 'Data has invalid format.', { fields: fieldsOfIssues(result.error.issues) });
  return result.data;
};

/**
 * Uploads, the header reader, and per importable table: its fixed columns, its remembered setup and its
 * import job; then the import records with their rejected rows and rollback.
 */
export const importRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { database, config } = deps;
  const run = runner(database);
  const limits = sheetLimitsOf(config);
  const quota = { files: config.uploadDailyFiles, bytes: config.uploadDailyBytes };
  const files = { run, dataDir: config.dataDir, store: config.uploadStore, maxBytes: config.uploadMaxBytes, limits, quota };
  configureReaders({ total: config.readersMax, perUser: config.readersPerUser });
  // Imports are queued jobs; unless RUN_JOBS=false this server runs them too (and settles those of stopped servers).
  const worker = config.runJobs ? startImportWorker({ database, config }) : null;
  const queued = () => worker?.kick();
  app.addHook('onClose', async () => {
    await worker?.stop();
    stopSpareReader();
  });

  /** The request's form (multipart with a file, or JSON naming an upload) and the upload it refers to. */
  async function formAndUpload(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; upload: Upload }> {
    const userId = signedInUser(request).id;
    if (request.isMultipart()) {
      const form = await readImportForm(request, { ...files, userId });
      if (form.upload) return { fields: form.fields, upload: form.upload };
      if (!form.fields.upload_id) throw new AppError('validation_error', 'Send the file as excel_file, or its upload_id.', { fields: { excel_file: ['Choose a file.'] } });
      return { fields: form.fields, upload: await findUpload({ ...files, userId, id: form.fields.upload_id }) };
    }
    const fields = (request.body ?? {}) as Record<string, unknown>;
    if (typeof fields.upload_id !== 'string') throw new AppError('validation_error', 'Send the file as excel_file, or its upload_id.', { fields: { excel_file: ['Choose a file.'] } });
    return { fields, upload: await findUpload({ ...files, userId, id: fields.upload_id }) };
  }

  const recordScope = async (request: FastifyRequest, id: number, minimumRole: CompanyRole) =>
    (await resolveRowScope(run, { table: 'import_records', userId: signedInUser(request).id, id, minimumRole })).companyId;

  /** Keeps an import's start or rollback in the audit log, named by its file. */
  const recordImportEvent = (action: 'import_started' | 'import_rolled_back', userId: string, companyId: string, record: ImportRecord, details: Record<string, unknown> = {}) =>
    recordAuditEvent(database.db, {
      action, actorId: userId, companyId, subject: String(record.from_file ?? ''),
      details: { import: record.id, table: record.table, import_type: record.import_type, folder_set: record.folder, ...details },
    });

  await app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(database.db));

    api.post('/uploads/', {
      schema: {
        tags, security, summary: 'Upload a spreadsheet once for the import wizard (multipart excel_file)', consumes: ['multipart/form-data'],
        response: { 201: z.object({ upload_id: z.string(), file_name: z.string(), size: z.number(), format: z.string(), sheets: z.array(z.string()) }), ...errors },
      },
    }, async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('validation_error', 'Send the file as multipart excel_file.', { fields: { excel_file: ['Choose a file.'] } });
      const { upload } = await formAndUpload(request);
      return reply.status(201).send({ upload_id: upload.id, file_name: upload.fileName, size: upload.size, format: upload.format, sheets: upload.outline.sheets.map((sheet) => sheet.name) });
    });

    api.get('/uploads/:id/number-formats/', {
      schema: {
        tags, security,
        summary: 'How numeric columns of an uploaded sheet write their numbers (decimal mark decided from the column, the sheet, or the choice), with examples read that way',
        params: z.object({ id: z.string() }),
        querystring: z.object({
          sheet_name: z.string().min(1).max(200), header_to: rowNumber, columns: z.string().max(2000).describe('Column letters, comma-separated'),
          decimal_mark: z.enum([',', '.']).optional(),
        }),
        response: {
          200: z.object({
            columns: z.record(z.string(), z.object({
              mark: z.enum([',', '.']).nullable(), source: z.enum(['column', 'sheet', 'chosen']).nullable(), conflicting: z.boolean(),
              examples: z.array(z.object({ text: z.string(), value: z.string().nullable() })),
            })),
            undecided: z.array(z.string()).describe('Columns whose numbers could be read either way and that nothing in the sheet decides'),
          }),
          ...errors,
        },
      },
    }, async (request) => {
      const upload = await findUpload({ ...files, userId: signedInUser(request).id, id: request.params.id });
      const letters = [...new Set(request.query.columns.split(',').map((letter) => letter.trim().toUpperCase()).filter(isColumn))].slice(0, 500);
      const formats = numberFormatsOfSheet(upload, request.query.sheet_name, request.query.header_to, letters.map(columnNumber), request.query.decimal_mark);
      return {
        columns: Object.fromEntries([...formats.columns].map(([column, reading]) => [columnLetters(column), reading])),
        undecided: formats.undecided.map(columnLetters),
      };
    });

    api.get('/uploads/:id/preview/', {
      schema: {
        tags, security, summary: 'Rows of an uploaded sheet as displayed text',
        params: z.object({ id: z.string() }),
        querystring: z.object({ sheet_name: z.string().optional(), from_row: rowNumber.default(1), rows: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: z.object({ sheet_name: z.string(), sheets: z.array(z.string()), columns: z.array(z.string()), rows: z.array(z.object({ row: z.number(), cells: z.record(z.string(), z.string()) })) }), ...errors },
      },
    }, async (request) => {
      const upload = await findUpload({ ...files, userId: signedInUser(request).id, id: request.params.id });
      const sheetName = request.query.sheet_name ?? upload.outline.sheets[0]!.name;
      const rows = await sheetRows(upload, sheetName, request.query.from_row, request.query.from_row + request.query.rows - 1);
      const width = Math.max(0, ...rows.map((row) => row.cells.length));
      return {
        sheet_name: sheetName,
        sheets: upload.outline.sheets.map((sheet) => sheet.name),
        columns: Array.from({ length: width }, (_, index) => columnLetters(index + 1)),
        rows: rows.map((row) => ({ row: row.row, cells: Object.fromEntries(row.cells.map((cell, index) => [columnLetters(index + 1), cellText(cell)]).filter(([, text]) => text !== '')) })),
      };
    });

    for (const family of ['balance', 'new-balance', 'fta'] as const) {
      api.post(`/${family}/get-excel-headers/`, {
        schema: {
          tags, security, summary: 'Header names of a sheet by column letter (multipart excel_file, or upload_id)',
          consumes: ['application/json', 'multipart/form-data'], response: { 200: z.record(z.string(), z.string()), ...errors },
        },
      }, async (request) => {
        const { fields, upload } = await formAndUpload(request);
        return readHeaders(upload, parse(headerRequestSchema, fields));
      });
    }

    for (const resource of resources.filter((candidate) => allows(candidate, 'import'))) {
      const base = `/${resource.family}/${resource.name}/`;
      const resourceTags = [`${resource.family}: ${resource.name}`];

      api.get(`${base}get_fixed_columns/`, {
        schema: {
          tags: resourceTags, security, summary: 'The fields an import can fill, and the company\'s last setup',
          querystring: z.object({ company_slug: slug, import_type: z.enum(importTypes).default('IMPORT') }),
          response: { 200: z.object({ fields: z.record(z.string(), z.object({ kind: z.string(), required: z.boolean(), choices: z.array(z.string()).optional(), label: z.string(), aliases: z.array(z.string()) })), last_setup: z.unknown() }), ...errors },
        },
      }, async (request) => {
        const access = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.query.company_slug, minimumRole: 'viewer' });
        const importType = request.query.import_type;
        const fields = Object.fromEntries(Object.entries(importFields(resource, importType)).map(([name, definition]) => [name, {
          kind: definition.kind, required: Boolean(definition.required), ...(definition.choices ? { choices: [...definition.choices] } : {}),
          label: fieldLabelKey(name, definition), aliases: [...definition.aliases?.vi ?? [], ...definition.aliases?.en ?? [], ...definition.aliases?.ko ?? []],
        }]));
        return { fields, last_setup: await lastSetup(run, { companyId: access.companyId, resource, importType }) };
      });

      api.get(`${base}import_template/`, {
        schema: {
          tags: resourceTags, security, summary: 'An empty workbook to fill in for this import: its columns in the language asked for (required ones marked *), and a sheet of instructions',
          querystring: z.object({ company_slug: slug, import_type: z.enum(importTypes).default('IMPORT'), lang: z.string().optional() }),
          produces: [xlsxType],
        },
      }, async (request, reply) => {
        await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.query.company_slug, minimumRole: 'viewer' });
        const template = await importTemplate({ resource, importType: request.query.import_type, locale: localeOf(request.query.lang) });
        return sendDownload(reply, template.bytes, { type: xlsxType, fileName: template.fileName });
      });

      for (const call of importVariantsOf(resource)) {
        api.post(`${base}${call.setup}/`, {
          schema: {
            tags: resourceTags, security, summary: 'Check and remember the column mapping: {company_slug, <field>: {mapping_col_name, title}, extra_fields}',
            body: z.object({ company_slug: slug, extra_fields: objectOf.optional(), decimal_mark: z.enum([',', '.']).optional() }).catchall(z.unknown()),
            response: { 200: z.object({ mapping: z.record(z.string(), z.object({ mapping_col_name: z.string(), title: z.string() })), extra_fields: objectOf }), ...errors },
          },
        }, async (request) => {
          const { company_slug: companySlug, extra_fields: extraFields, decimal_mark: decimalMark, ...mapping } = request.body;
          const access = await resolveScope(run, { userId: signedInUser(request).id, companySlug, minimumRole: 'member' });
          const setup = checkSetup(resource, call.importType, { mapping, extra_fields: extraFields ?? {}, decimal_mark: decimalMark });
          await saveSetup(run, { companyId: access.companyId, resource, importType: call.importType, setup });
          return setup;
        });

        api.post(`${base}${call.run}/`, {
          schema: {
            tags: resourceTags, security, summary: 'Start an import of a sheet (multipart excel_file, or upload_id); answers the import record',
            consumes: ['multipart/form-data', 'application/json'], response: { 202: z.record(z.string(), z.unknown()), ...errors },
          },
        }, async (request, reply) => {
          const { fields, upload } = await formAndUpload(request);
          const input = parse(importRequestSchema, fields);
          const userId = signedInUser(request).id;
          const access = await resolveScope(run, { userId, companySlug: input.company_slug, folderSlug: input.folder_slug, minimumRole: 'member' });
          checkDeclaredRows(upload, input.sheet_name, input.header_to ?? input.header_from, limits);
          const remembered = input.mapping ? null : await lastSetup(run, { companyId: access.companyId, resource, importType: call.importType });
          if (!input.mapping && !remembered) throw new AppError('validation_error', 'Map the columns first.', { fields: { mapping: ['Map the columns first.'] } });
          const setup = checkSetup(resource, call.importType, {
            mapping: input.mapping ?? remembered!.mapping,
            extra_fields: input.extra_fields ?? (input.mapping ? {} : remembered!.extra_fields),
            decimal_mark: input.decimal_mark,
          });
          const record = await startImport({
            run, scope: { ...access, folderSetId: access.folderSetId! }, userId, resource, importType: call.importType, upload,
            sheet: input.sheet_name, headerFrom: input.header_from, headerTo: input.header_to ?? input.header_from, setup,
            keepPosting: input.keep_posting, onDuplicate: input.on_duplicate, queued,
          });
          await recordImportEvent('import_started', userId, access.companyId, record);
          return reply.status(202).send(record);
        });
      }
    }

    const recordParams = recordIdParams;

    api.get('/balance/import-record/', {
      schema: {
        tags, security, summary: 'Imports of a company (and folder set, and table), newest first',
        querystring: z.object({ company_slug: slug, folder_slug: slug.optional(), table: z.string().max(50).optional(), page: z.coerce.number().int().min(1).default(1), page_size: z.coerce.number().int().min(1).max(100).default(25) }),
        response: { 200: z.object({ count: z.number(), results: z.array(z.record(z.string(), z.unknown())) }), ...errors },
      },
    }, async (request) => {
      const access = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.query.company_slug, folderSlug: request.query.folder_slug, minimumRole: 'viewer' });
      return listImportRecords(run, { scope: access, table: request.query.table, page: request.query.page, pageSize: request.query.page_size });
    });

    api.get('/balance/import-record/:id/', {
      schema: { tags, security, summary: 'One import with its progress, counts and errors', params: recordParams, response: { 200: z.record(z.string(), z.unknown()), ...errors } },
    }, async (request) => getImportRecord(run, await recordScope(request, request.params.id, 'viewer'), request.params.id));

    api.get('/balance/import-record/:id/rejected/', {
      schema: {
        tags, security, summary: 'The rejected rows as .xlsx with a message column, in the language asked for', params: recordParams,
        querystring: z.object({ lang: z.string().optional() }), produces: [xlsxType],
      },
    }, async (request, reply) => {
      const locale = isLocale(request.query.lang) ? request.query.lang : 'vi';
      const stream = await exportRejectedRows(run, await recordScope(request, request.params.id, 'viewer'), request.params.id, locale);
      return sendDownload(reply, stream, { type: xlsxType, fileName: `rejected-rows-${request.params.id}.xlsx` });
    });

    api.post('/balance/import-record/:id/rollback/', {
      schema: { tags, security, summary: 'Take an import\'s rows out again (refused when later data depends on them)', params: recordParams, response: { 200: z.record(z.string(), z.unknown()), ...errors } },
    }, async (request) => {
      const companyId = await recordScope(request, request.params.id, 'member');
      await rollBackImport(database, companyId, request.params.id);
      const record = await getImportRecord(run, companyId, request.params.id);
      await recordImportEvent('import_rolled_back', signedInUser(request).id, companyId, record);
      return record;
    });

    api.post('/balance/import-record/:id/retry/', {
      schema: {
        tags, security, summary: 'Start an interrupted or failed import again from its kept upload, as a new import record', params: recordParams,
        response: { 202: z.record(z.string(), z.unknown()), ...errors },
      },
    }, async (request, reply) => {
      const userId = signedInUser(request).id;
      const scope = await resolveRowScope(run, { table: 'import_records', userId, id: request.params.id, minimumRole: 'member' });
      const record = await retryImport({ run, dataDir: config.dataDir, userId, scope: { ...scope, folderSetId: scope.folderSetId! }, id: request.params.id, queued });
      await recordImportEvent('import_started', userId, scope.companyId, record, { retry_of: request.params.id });
      return reply.status(202).send(record);
    });
  });
};

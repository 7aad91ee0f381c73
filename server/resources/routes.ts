import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../common/api/errors.js';
import { isLocale } from '../../common/i18n/locales.js';
import { allows, type FieldDefinition, type ResourceDefinition, resourceTitleKey } from '../../common/resources/define.js';
import { resources } from '../../common/resources/index.js';
import { companyScopeSchema, createRowSchema, type FieldValue, folderScopeSchema, maxPageSize, updateRowSchema } from '../../common/resources/schemas.js';
import type { AppDeps } from '../deps.js';
import { requireUser, signedInUser } from '../auth/guard.js';
import { inTransaction, runner, tableRunner } from '../db/run.js';
import { AppError } from '../http/errors.js';
import { deleteMatchingRows, deleteRowsById } from './delete-rows.js';
import { exportRows } from './export-rows.js';
import { listRows } from './list-rows.js';
import type { ListParameters } from './row-sql.js';
import { resolveRowScope, resolveScope } from '../access.js';
import { listSelectableValues, suggestAutofill } from './suggest-values.js';
import { createRow, updateRow, updateRows } from './write-rows.js';
import { recordIdParams } from '../../common/api/ids.js';
import { downloadName, sendDownload, xlsxType } from '../http/downloads.js';
import { pageLink } from '../http/page-links.js';

const valueSchemas: Record<FieldDefinition['kind'], z.ZodType> = {
  text: z.string(), code: z.string(), choice: z.string(), date: z.string().describe('YYYY-MM-DD'),
  decimal: z.string().describe('A decimal number as text'), integer: z.number().int(),
};

/** A row as answered, for the OpenAPI document. */
const rowSchemaOf = (resource: ResourceDefinition) => z.object({
  id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  import_record_id: z.number().int().nullable(),
  extra: z.record(z.string(), z.unknown()).nullable(),
  ...Object.fromEntries(Object.entries(resource.fields).map(([name, definition]) => [name, valueSchemas[definition.kind].nullable()])),
});

const listQuerySchema = z.object({
  company_slug: z.string().min(1).max(100),
  folder_slug: z.string().min(1).max(100).optional(),
  page: z.string().optional(),
  page_size: z.string().optional().describe(`Rows per page, at most ${maxPageSize}`),
  search: z.string().max(200).optional(),
  ordering: z.string().max(500).optional().describe('Fields separated by commas, each optionally led by - for descending'),
}).catchall(z.string().max(2000)).describe('Filters: field=value, field__gte and field__lte (together: between), field__in=a,b, field__contains and field__startswith (text and codes, accents and case ignored), field__empty=true|false');

const idParams = recordIdParams;
const countSchema = (key: string) => z.object({ [key]: z.number().int() });
const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The query of a list without its company and folder set, which the scope already holds. */
const parametersOf = (query: Record<string, string | undefined>): ListParameters => {
  const { company_slug: _company, folder_slug: _folder, ...parameters } = query;
  return parameters;
};

/**
 * The routes of every business table, derived from its definition: list, export, create, update one or
 * several, autofill, distinct values, delete by ids and delete all matching. Every route resolves the
 * caller's membership first; viewers read, members and above write.
 */
export const resourceRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { database } = deps;
  const run = runner(database);
  const tableRun = tableRunner(database);
  await app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(database.db));
    const security = [{ bearer: [] }];

    for (const resource of resources) {
      const base = `/${resource.family}/${resource.name}/`;
      const tags = [`${resource.family}: ${resource.name}`];
      const rowSchema = rowSchemaOf(resource);

      api.get(base, {
        schema: {
          tags, security, summary: 'One page of rows', querystring: listQuerySchema,
          response: { 200: z.object({ count: z.number().int(), count_capped: z.boolean().optional().describe('true when there are more matches than count, which stops at 10,000 (a search, or filters the database expected to match few)'), count_estimated: z.boolean().optional().describe('true when count is an estimate: a list of more than 10,000 rows without a search'), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(rowSchema) }), ...errors },
        },
      }, async (request) => {
        const query = request.query as Record<string, string | undefined>;
        const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: query.company_slug!, folderSlug: query.folder_slug, minimumRole: 'viewer' });
        return listRows({ run: tableRun, resource, scope: rowScope, parameters: parametersOf(query), pageUrl: (page) => pageLink(request.url, page) });
      });

      api.get(`${base}export/`, {
        schema: {
          tags, security, summary: 'The rows of the list (search and filters applied) as an .xlsx workbook',
          querystring: listQuerySchema.extend({ lang: z.string().optional() }),
          produces: [xlsxType],
        },
      }, async (request, reply) => {
        const query = request.query as Record<string, string | undefined>;
        const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: query.company_slug!, folderSlug: query.folder_slug, minimumRole: 'viewer' });
        const { lang, ...rest } = parametersOf(query);
        const locale = isLocale(lang) ? lang : 'vi';
        const stream = exportRows({ run, resource, scope: rowScope, parameters: rest, locale });
        return sendDownload(reply, stream, { type: xlsxType, fileName: downloadName(locale, resourceTitleKey(resource), [query.folder_slug ?? ''], 'xlsx') });
      });

      if (Object.values(resource.fields).some((definition) => definition.selectable)) {
        api.get(`${base}get_selectable_values/`, {
          schema: {
            tags, security, summary: 'Distinct values of the fields offered as filter lists',
            querystring: companyScopeSchema.extend({ folder_slug: z.string().min(1).max(100).optional() }),
            response: { 200: z.record(z.string(), z.array(z.string())), ...errors },
          },
        }, async (request) => {
          const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.query.company_slug, folderSlug: request.query.folder_slug, minimumRole: 'viewer' });
          return listSelectableValues({ run, resource, scope: rowScope });
        });
      }

      if (resource.autofill) {
        api.post(`${base}autofill/`, {
          schema: {
            tags, security, summary: 'Names and units already recorded for codes starting with the given text',
            body: companyScopeSchema.extend({ folder_slug: z.string().min(1).max(100).optional(), code: z.string().trim().min(1).max(100) }),
            response: { 200: z.array(z.object({ code: z.string(), item_name: z.array(z.string()), name: z.array(z.string()), unit: z.array(z.string()) })), ...errors },
          },
        }, async (request) => {
          const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.body.company_slug, folderSlug: request.body.folder_slug, minimumRole: 'viewer' });
          return suggestAutofill({ run, resource, scope: rowScope, prefix: request.body.code });
        });
      }

      if (allows(resource, 'create')) {
        api.post(base, {
          schema: { tags, security, summary: 'Add a row to a folder set', body: createRowSchema(resource), response: { 201: rowSchema, ...errors } },
        }, async (request, reply) => {
          const { company_slug: companySlug, folder_slug: folderSlug, ...values } = request.body as Record<string, FieldValue> & { company_slug: string; folder_slug: string };
          const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug, folderSlug, minimumRole: 'member' });
          // The row and what the reports keep from it are written together.
          return reply.status(201).send(await inTransaction(database, (tx) => createRow({ run: tx, resource, scope: { ...rowScope, folderSetId: rowScope.folderSetId! }, values })));
        });
      }

      if (allows(resource, 'update')) {
        api.put(`${base}bulk-update/`, {
          schema: {
            tags, security, summary: "Change several rows; rows that fail are listed after 'Failed to update {n} records:'",
            body: companyScopeSchema.extend({ rows: z.array(z.record(z.string(), z.unknown())).min(1).max(maxPageSize) }).strict(),
            response: { 200: countSchema('updated'), ...errors },
          },
        }, async (request) => {
          const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.body.company_slug, minimumRole: 'member' });
          return updateRows({ database, resource, scope: rowScope, rows: request.body.rows });
        });

        api.put(`${base}:id/`, {
          schema: { tags, security, summary: 'Change some fields of a row', params: idParams, body: updateRowSchema(resource), response: { 200: rowSchema, ...errors } },
        }, async (request) => {
          const rowScope = await resolveRowScope(run, { table: resource.table, userId: signedInUser(request).id, id: request.params.id, minimumRole: 'member' });
          return inTransaction(database, (tx) => updateRow({ run: tx, resource, scope: rowScope, id: request.params.id, values: request.body as Record<string, FieldValue> }));
        });
      }

      if (allows(resource, 'locked')) {
        const notSupported = async (request: FastifyRequest<{ Params: { id: number } }>) => {
          await resolveRowScope(run, { table: resource.table, userId: signedInUser(request).id, id: request.params.id, minimumRole: 'viewer' });
          throw new AppError('not_supported', 'Amendment and cancellation records cannot be edited or deleted one by one; roll back their import instead.');
        };
        api.put(`${base}:id/`, { schema: { tags, security, summary: 'Not supported: records follow their import', params: idParams, response: { 404: apiErrorSchema, 501: apiErrorSchema } } }, notSupported);
        api.delete(`${base}:id/`, { schema: { tags, security, summary: 'Not supported: records follow their import', params: idParams, response: { 404: apiErrorSchema, 501: apiErrorSchema } } }, notSupported);
      }

      if (allows(resource, 'delete')) {
        api.delete(`${base}bulk-delete/`, {
          schema: {
            tags, security, summary: 'Delete the listed rows (all or none)',
            body: companyScopeSchema.extend({ id_list: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(100_000) }).strict(),
            response: { 200: countSchema('deleted'), ...errors },
          },
        }, async (request) => {
          const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug: request.body.company_slug, minimumRole: 'member' });
          return deleteRowsById({ database, resource, scope: rowScope, ids: request.body.id_list });
        });

        api.delete(base, {
          schema: {
            tags, security, summary: 'Delete every row of a folder set, or only those matching a search and filters',
            body: folderScopeSchema.extend({ search: z.string().max(200).optional(), filters: z.record(z.string(), z.string().max(2000)).optional() }).strict(),
            response: { 200: countSchema('deleted'), ...errors },
          },
        }, async (request) => {
          const { company_slug: companySlug, folder_slug: folderSlug, search, filters } = request.body;
          const rowScope = await resolveScope(run, { userId: signedInUser(request).id, companySlug, folderSlug, minimumRole: 'member' });
          return inTransaction(database, (tx) => deleteMatchingRows({ run: tx, resource, scope: rowScope, parameters: { ...filters, search } }));
        });
      }
    }
  });
};

import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyInputSchema, companySchema, companyUpdateSchema, folderSetInputSchema, folderSetSchema, folderSetUpdateSchema,
  invitationSchema, memberInviteSchema, memberRoleSchema, memberSchema, profileUpdateSchema, userInfoSchema,
} from '../../common/accounts/schemas.js';
import { updateProfile } from '../auth/accounts.js';
import type { AppDeps } from '../deps.js';
import { requireUser, signedInUser } from '../auth/guard.js';
import { readPictureForm, removePicture, replacePicture } from '../files/pictures.js';
import { AppError, fieldsOfIssues } from '../http/errors.js';
import { runner } from '../db/run.js';
import { accessCompany, type CompanyAccess } from '../access.js';
import { folderSetOverview } from './overview.js';
import { describeUser } from './user-info.js';
import {
  answerInvitation, changeMemberRole, createCompany, createFolderSet, deleteCompany, deleteFolderSet, findFolderSet, inviteMember, listCompanies, listFolderSets,
  listMembers, listMyInvitations, presentCompany, removeMember, updateCompany, updateFolderSet,
} from './companies.js';

const slugParams = z.object({ slug: z.string().min(1).max(100) });
const memberParams = slugParams.extend({ email: z.string().trim().toLowerCase().min(3).max(254) });
const folderParams = slugParams.extend({ folder_slug: z.string().min(1).max(100) });
const listOf = <T extends z.ZodType>(item: T) => z.object({ count: z.number(), results: z.array(item) });
const emptyToNull = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value === '' ? null : value]));

/** snake_case payload → camelCase columns; '' clears an optional field. */
const companyColumns = (input: z.infer<typeof companyUpdateSchema>) => {
  const columns: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    columns[key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())] = value === '' ? null : value;
  }
  return columns;
};

export const companyRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { database, config, mailer } = deps;
  const run = runner(database);
  const quota = { files: config.uploadDailyFiles, bytes: config.uploadDailyBytes };
  const db = database.db;
  await app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.addHook('onRequest', requireUser(db));
    const tags = ['companies'];
    const accountTags = ['accounts'];
    const security = [{ bearer: [] }];

    api.get('/clients-api/info/', {
      schema: { tags: accountTags, security, summary: 'The signed-in user and their companies', response: { 200: userInfoSchema } },
    }, async (request) => describeUser(db, signedInUser(request).id));


    api.patch('/update-profile/', {
      schema: {
        tags: accountTags, security, summary: 'Update the profile (JSON, or multipart with a profile_picture file)',
        consumes: ['application/json', 'multipart/form-data'], body: profileUpdateSchema.nullish(), response: { 200: userInfoSchema },
      },
    }, async (request) => {
      const user = signedInUser(request);
      let input: unknown = request.body ?? {};
      let picture: Buffer | undefined;
      if (request.isMultipart()) {
        const form = await readPictureForm(request, 'profile_picture');
        input = emptyToNull(form.fields);
        picture = form.picture;
      }
      // The fields are checked before the picture is written: a refused form leaves nothing behind.
      const parsed = profileUpdateSchema.safeParse(input);
      if (!parsed.success) throw new AppError('validation_error', 'Data has invalid format.', { fields: fieldsOfIssues(parsed.error.issues) });
      if (picture) {
        await replacePicture({
          run, dataDir: config.dataDir, userId: user.id, quota, content: picture, previous: user.profilePicture,
          save: (profilePicture) => updateProfile(db, user.id, { ...parsed.data, profilePicture }),
        });
      } else {
        await updateProfile(db, user.id, parsed.data);
      }
      return describeUser(db, user.id);
    });


    api.get('/clients-api/companies/', {
      schema: { tags, security, summary: 'Companies the user belongs to', response: { 200: listOf(companySchema) } },
    }, async (request) => {
      const results = await listCompanies(db, signedInUser(request).id);
      return { count: results.length, results };
    });

    api.post('/clients-api/companies/', {
      schema: { tags, security, summary: 'Create a company; the creator is its owner', body: companyInputSchema, response: { 201: companySchema } },
    }, async (request, reply) => {
      const { name, ...rest } = request.body;
      const access = await createCompany(db, signedInUser(request).id, { name, ...companyColumns(rest) });
      return reply.status(201).send(await presentCompany(db, access));
    });

    api.get('/clients-api/companies/:slug/', {
      schema: { tags, security, summary: 'A company with its folder sets', params: slugParams, response: { 200: companySchema } },
    }, async (request) => presentCompany(db, await accessCompany({ db, userId: signedInUser(request).id, slug: request.params.slug })));

    api.patch('/clients-api/companies/:slug/', {
      schema: {
        tags, security, summary: 'Change company settings (JSON, or multipart with a profile_picture file); admin or owner',
        consumes: ['application/json', 'multipart/form-data'], params: slugParams, body: companyUpdateSchema.nullish(), response: { 200: companySchema },
      },
    }, async (request) => {
      const access = await accessCompany({ db, userId: signedInUser(request).id, slug: request.params.slug, minimumRole: 'admin' });
      let input: unknown = request.body ?? {};
      let picture: Buffer | undefined;
      if (request.isMultipart()) {
        const form = await readPictureForm(request, 'profile_picture');
        input = form.fields;
        picture = form.picture;
      }
      const parsed = companyUpdateSchema.safeParse(input);
      if (!parsed.success) throw new AppError('validation_error', 'Data has invalid format.', { fields: fieldsOfIssues(parsed.error.issues) });
      if (!picture) return presentCompany(db, await updateCompany(db, access, companyColumns(parsed.data)));
      let updated: CompanyAccess = access;
      await replacePicture({
        run, dataDir: config.dataDir, userId: signedInUser(request).id, quota, content: picture, previous: access.company.profilePicture,
        save: async (profilePicture) => { updated = await updateCompany(db, access, { ...companyColumns(parsed.data), profilePicture }); },
      });
      return presentCompany(db, updated);
    });

    api.delete('/clients-api/companies/:slug/', {
      schema: { tags, security, summary: 'Delete a company and all its data; owner only', params: slugParams },
    }, async (request, reply) => {
      const access = await accessCompany({ db, userId: signedInUser(request).id, slug: request.params.slug, minimumRole: 'owner' });
      await deleteCompany(db, access);
      await removePicture(config.dataDir, access.company.profilePicture);
      return reply.status(204).send();
    });

    api.get('/clients-api/companies/:slug/members/', {
      schema: { tags, security, summary: 'Members and pending invitations', params: slugParams, response: { 200: listOf(memberSchema) } },
    }, async (request) => {
      const access = await accessCompany({ db, userId: signedInUser(request).id, slug: request.params.slug });
      const results = await listMembers(db, access.company.id);
      return { count: results.length, results };
    });

    api.post('/clients-api/companies/:slug/members/', {
      schema: { tags, security, summary: 'Invite by e-mail; admin or owner', params: slugParams, body: memberInviteSchema, response: { 201: memberSchema } },
    }, async (request, reply) => {
      const user = signedInUser(request);
      const access = await accessCompany({ db, userId: user.id, slug: request.params.slug, minimumRole: 'admin' });
      const appUrl = config.publicUrl ?? `http://localhost:${config.port}${config.basePath}/`;
      const member = await inviteMember({ db, mailer, access, inviter: user, email: request.body.email, role: request.body.role, appUrl: `${appUrl.replace(/\/$/, '')}/company` });
      return reply.status(201).send(member);
    });

    api.patch('/clients-api/companies/:slug/members/:email/', {
      schema: { tags, security, summary: "Change a member's role; admin or owner", params: memberParams, body: memberRoleSchema, response: { 200: listOf(memberSchema) } },
    }, async (request) => {
      const access = await accessCompany({ db, userId: signedInUser(request).id, slug: request.params.slug, minimumRole: 'admin' });
      await changeMemberRole(db, access, request.params.email, request.body.role);
      const results = await listMembers(db, access.company.id);
      return { count: results.length, results };
    });

    api.delete('/clients-api/companies/:slug/members/:email/', {
      schema: { tags, security, summary: 'Remove a member or withdraw an invitation (anyone may leave)', params: memberParams },
    }, async (request, reply) => {
      const user = signedInUser(request);
      const access = await accessCompany({ db, userId: user.id, slug: request.params.slug });
      await removeMember(db, access, user.id, request.params.email);
      return reply.status(204).send();
    });

    api.get('/clients-api/companies/:slug/overview/', {
      schema: {
        tags, security, params: slugParams, querystring: z.object({ folder_slug: z.string().min(1).max(100) }),
        summary: 'What a folder set holds: rows per business table and the latest imports',
        response: {
          200: z.object({
            tables: z.array(z.object({ resource: z.string(), family: z.string(), rows: z.number().int() })),
            imports: z.array(z.object({ id: z.number().int(), resource: z.string(), import_type: z.string(), status: z.string(), from_file: z.string(), inserted: z.number().int(), rejected: z.number().int(), created_at: z.string() })),
          }),
        },
      },
    }, async (request) => {
      const access = await accessCompany({ db, userId: signedInUser(request).id, slug: request.params.slug });
      const folderSet = await findFolderSet(db, access.company.id, request.query.folder_slug);
      return folderSetOverview(runner(database), { companyId: access.company.id, folderSetId: folderSet.id });
    });

    api.get('/clients-api/invitations/', {
      schema: { tags, security, summary: 'Invitations waiting for the signed-in user to accept or decline', response: { 200: listOf(invitationSchema) } },
    }, async (request) => {
      const results = await listMyInvitations(db, signedInUser(request));
      return { count: results.length, results };
    });

    api.post('/clients-api/invitations/:slug/accept/', {
      schema: { tags, security, summary: 'Accept an invitation: join the company with the role it names', params: slugParams, response: { 200: companySchema } },
    }, async (request) => {
      const user = signedInUser(request);
      await answerInvitation(db, user, request.params.slug, true);
      return presentCompany(db, await accessCompany({ db, userId: user.id, slug: request.params.slug }));
    });

    api.delete('/clients-api/invitations/:slug/', {
      schema: { tags, security, summary: 'Decline an invitation', params: slugParams },
    }, async (request, reply) => {
      await answerInvitation(db, signedInUser(request), request.params.slug, false);
      return reply.status(204).send();
    });

    api.get('/clients-api/companies/:slug/folder-sets/', {
      schema: { tags, security, summary: 'Folder sets (reporting periods)', params: slugParams, response: { 200: listOf(folderSetSchema) } },
    }, async (request) => {
      const access = await accessCompany({ db, userId: signedInUser(request).id, slug: request.params.slug });
      const results = await listFolderSets(db, access.company);
      return { count: results.length, results };
    });

    api.post('/clients-api/companies/:slug/folder-sets/', {
      schema: { tags, security, summary: 'Create a folder set; admin or owner', params: slugParams, body: folderSetInputSchema, response: { 201: folderSetSchema } },
    }, async (request, reply) => {
      const access = await accessCompany({ db, userId: signedInUser(request).id, slug: request.params.slug, minimumRole: 'admin' });
      return reply.status(201).send(await createFolderSet(db, access.company, request.body));
    });

    api.patch('/clients-api/companies/:slug/folder-sets/:folder_slug/', {
      schema: { tags, security, summary: 'Rename or change a folder set; admin or owner', params: folderParams, body: folderSetUpdateSchema, response: { 200: folderSetSchema } },
    }, async (request) => {
      const access = await accessCompany({ db, userId: signedInUser(request).id, slug: request.params.slug, minimumRole: 'admin' });
      return updateFolderSet(db, access.company, request.params.folder_slug, request.body);
    });

    api.delete('/clients-api/companies/:slug/folder-sets/:folder_slug/', {
      schema: { tags, security, summary: 'Delete a folder set with its data; admin or owner', params: folderParams },
    }, async (request, reply) => {
      const access = await accessCompany({ db, userId: signedInUser(request).id, slug: request.params.slug, minimumRole: 'admin' });
      await deleteFolderSet(db, access, request.params.folder_slug);
      return reply.status(204).send();
    });
  });
};

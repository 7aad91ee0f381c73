import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaDir } from './pictures.js';
import { wordOf, workbookOf } from '../test/hostile-files.js';
import { multipart } from '../test/multipart.js';
import { captureMail, createTestApp, signUp, type TestApp } from '../test/test-app.js';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Every kind of file a user sends counts against the same day of uploads as the import uploads. */
describe('upload quota over every upload', { timeout: 120_000 }, () => {
  let t: TestApp;
  const mail = captureMail();
  const tokens: Record<string, string> = {};
  const slugs: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000, uploadDailyFiles: 4, uploadDailyBytes: 64 * 1024 * 1024 }, mail);
    for (const who of ['writer', 'designer', 'painter']) {
      const email = `${who}@quota.vn`;
      tokens[who] = await signUp(t.app, mail, email);
      slugs[who] = (await t.app.inject({ method: 'POST', url: '/api/clients-api/companies/', headers: { authorization: `Bearer ${tokens[who]}` }, payload: { name: `${who} Co` } })).json().slug;
    }
  });
  afterAll(async () => { await t.close(); });

  const send = (who: string, method: 'POST' | 'PATCH', url: string, fields: Record<string, string>, file: { name: string; content: Buffer; field?: string }) => {
    const body = multipart(fields, file);
    return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${tokens[who]}` } });
  };
  const media = () => (fs.existsSync(mediaDir(t.config.dataDir)) ? fs.readdirSync(mediaDir(t.config.dataDir)) : []);

  it('counts Word documents, refused ones too, and answers 429 upload_quota past the day\'s files', async () => {
    const statuses = [];
    for (let index = 0; index < 3; index += 1) {
      statuses.push((await send('writer', 'POST', '/api/fta/upload/', { company_slug: slugs.writer! }, { name: `d${index}.docx`, content: wordOf('<w:p/>'), field: 'file' })).statusCode);
    }
    statuses.push((await send('writer', 'POST', '/api/fta/upload/', { company_slug: slugs.writer! }, { name: 'x.docx', content: Buffer.from('not a document'), field: 'file' })).statusCode);
    expect(statuses).toEqual([201, 201, 201, 415]);
    const refused = await send('writer', 'POST', '/api/fta/upload/', { company_slug: slugs.writer! }, { name: 'd5.docx', content: wordOf('<w:p/>'), field: 'file' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'upload_quota', files: 4 });
    // The same day of uploads: a template or an import upload is refused as well.
    const template = await send('writer', 'POST', `/api/new-balance/statement-templates/preview/?company_slug=${slugs.writer}`, {}, { name: 'mau.xlsx', content: workbookOf() });
    expect(template.json().code).toBe('upload_quota');
    const imported = await send('writer', 'POST', '/api/uploads/', {}, { name: 'lines.csv', content: Buffer.from('code,name\nA,B\n') });
    expect(imported.json().code).toBe('upload_quota');
  });

  it('counts layout templates', async () => {
    for (let index = 0; index < 4; index += 1) {
      expect((await send('designer', 'POST', `/api/new-balance/statement-templates/preview/?company_slug=${slugs.designer}`, {}, { name: 'mau.xlsx', content: workbookOf() })).statusCode).toBe(200);
    }
    const refused = await send('designer', 'POST', `/api/new-balance/statement-templates/preview/?company_slug=${slugs.designer}`, {}, { name: 'mau.xlsx', content: workbookOf() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('upload_quota');
  });

  it('counts pictures, keeps none a form refused, and removes the picture a new one replaces', async () => {
    const before = media();
    const refusedForm = await send('painter', 'PATCH', '/api/update-profile/', { birthday: '2025-02-31' }, { name: 'me.png', content: png, field: 'profile_picture' });
    expect(refusedForm.statusCode).toBe(400);
    expect(refusedForm.json().fields.birthday).toBeDefined();
    expect(media()).toEqual(before);

    const first = await send('painter', 'PATCH', '/api/update-profile/', { name: 'Painter' }, { name: 'me.png', content: png, field: 'profile_picture' });
    expect(first.statusCode, first.body).toBe(200);
    const firstName = path.basename(first.json().profile_picture as string);
    expect(media()).toContain(firstName);
    const second = await send('painter', 'PATCH', '/api/update-profile/', {}, { name: 'me.png', content: png, field: 'profile_picture' });
    expect(second.statusCode).toBe(200);
    expect(media()).not.toContain(firstName);
    expect(media()).toContain(path.basename(second.json().profile_picture as string));

    const company = await send('painter', 'PATCH', `/api/clients-api/companies/${slugs.painter}/`, {}, { name: 'logo.png', content: png, field: 'profile_picture' });
    expect(company.statusCode, company.body).toBe(200);
    const oldLogo = path.basename(company.json().profile_picture as string);
    expect(media()).toContain(oldLogo);
    const replaced = await send('painter', 'PATCH', `/api/clients-api/companies/${slugs.painter}/`, {}, { name: 'logo.png', content: png, field: 'profile_picture' });
    const logo = path.basename(replaced.json().profile_picture as string);
    expect(media()).not.toContain(oldLogo);
    expect(media()).toContain(logo);
    // Four pictures kept (the form refused first was never counted); the fifth is past the day's quota, written nowhere.
    const count = media().length;
    const refused = await send('painter', 'PATCH', `/api/clients-api/companies/${slugs.painter}/`, {}, { name: 'logo.png', content: png, field: 'profile_picture' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('upload_quota');
    expect(media()).toHaveLength(count);
    // A deleted company's picture goes with it.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/clients-api/companies/${slugs.painter}/`, headers: { authorization: `Bearer ${tokens.painter}` } })).statusCode).toBe(204);
    expect(media()).not.toContain(logo);
  });
});

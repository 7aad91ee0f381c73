import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runner } from '../db/run.js';
import { settledJobs } from '../jobs/leases.js';
import { setAdministrator } from '../reports-bi/admin-cli.js';
import { multipart } from '../test/multipart.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';
import { demoTariffLines } from './demo-data.js';
import { importLookupFile } from './import-lookup-file.js';
import { replaceTariffYear } from './replace-lookup-data.js';
import { lookupSeeder } from './seed-lookup.js';

/** Where each year's tariff comes from, as the lookup's year list says it. */
describe('the source of each tariff year', { timeout: 120_000 }, () => {
  let t: TestApp;
  const mail = captureMail();
  let token = '';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dutybook-sources-'));
  const sources = async () => {
    const answer = (await t.app.inject({ method: 'GET', url: '/api/lookup/years/' })).json() as { editions: Array<{ year: number; source: Record<string, unknown> | null }> };
    return Object.fromEntries(answer.editions.map((edition) => [edition.year, edition.source]));
  };

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    const email = 'loader@sources.vn';
    await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Year-Source-8812', name: 'Phạm Thu Hà' } });
    token = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
    await setAdministrator(runner(t.database), 'grant', email);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names the demonstration set, a file loaded from the command line, and an administrator\'s load by file, name and time', async () => {
    await lookupSeeder('demo').run(t.database);
    const file = path.join(dir, 'bieu-thue-2022.csv');
    fs.writeFileSync(file, 'code,description\n09,Cà phê\n0901,Cà phê rang\n');
    await importLookupFile({ database: t.database, kind: 'tariff', year: 2022, file });
    const { payload, headers } = multipart({ kind: 'tariff', year: '2021' }, { name: 'Biểu thuế 2021.csv', content: Buffer.from('code,description\n01,Động vật sống\n') });
    const started = Date.now();
    const queued = await t.app.inject({ method: 'POST', url: '/api/admin/lookup-loads/', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    expect(queued.statusCode, queued.body).toBe(202);
    await settledJobs();

    const bySource = await sources();
    expect(bySource).toEqual({
      2025: { origin: 'demonstration', loaded_at: expect.any(String) },
      2022: { origin: 'file', file_name: 'bieu-thue-2022.csv', loaded_by: null, loaded_at: expect.any(String) },
      2021: { origin: 'file', file_name: 'Biểu thuế 2021.csv', loaded_by: 'Phạm Thu Hà', loaded_at: expect.any(String) },
    });
    // Recorded when the lines were stored, to the millisecond, in UTC.
    const loadedAt = Date.parse(String(bySource[2021]!.loaded_at));
    expect(loadedAt).toBeGreaterThanOrEqual(started - 1000);
    expect(loadedAt).toBeLessThanOrEqual(Date.now());
  });

  it('keeps the source of the lines a year holds: a failed load changes nothing, and lines stored without one have none', async () => {
    const { payload, headers } = multipart({ kind: 'tariff', year: '2022' }, { name: 'wrong.csv', content: Buffer.from('description\nCà phê\n') });
    await t.app.inject({ method: 'POST', url: '/api/admin/lookup-loads/', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    await settledJobs();
    expect((await sources())[2022]).toMatchObject({ origin: 'file', file_name: 'bieu-thue-2022.csv' });
    await replaceTariffYear({ database: t.database, year: 2022, lines: demoTariffLines });
    expect((await sources())[2022]).toBeNull();
  });
});

import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../auth/tables.js';
import { companies } from './tables.js';
import { loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { demoAccount, demoAccountSeeder } from './seed-demo-account.js';

describe('demo account', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t.close());

  it('is created once on the embedded database, and never on PostgreSQL', async () => {
    await demoAccountSeeder(true).run(t.database);
    await demoAccountSeeder(true).run(t.database);
    const [userCount] = await t.database.db.select({ n: count() }).from(users);
    const [companyCount] = await t.database.db.select({ n: count() }).from(companies);
    if (t.database.kind === 'postgres') {
      expect([userCount?.n, companyCount?.n]).toEqual([0, 0]);
      return;
    }
    expect([userCount?.n, companyCount?.n]).toEqual([1, 1]);
    const signedIn = await t.app.inject({
      method: 'POST', url: '/api/oauth/token/', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: demoAccount.email, password: demoAccount.password, grant_type: 'password' }).toString(),
    });
    const info = await t.app.inject({ method: 'GET', url: '/api/clients-api/info/', headers: { authorization: `Bearer ${signedIn.json().access_token}` } });
    expect(info.json().companies).toEqual([expect.objectContaining({ company_name: 'Dutybook Demo Manufacturing', role: 'owner' })]);
  });

  it('is not created, and an existing one is disabled, on a server others can reach', async () => {
    if (t.database.kind === 'postgres') return;
    await demoAccountSeeder(false).run(t.database);
    const signIn = () => t.app.inject({
      method: 'POST', url: '/api/oauth/token/', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: demoAccount.email, password: demoAccount.password, grant_type: 'password' }).toString(),
    });
    expect((await signIn()).json().code).toBe('account_disabled');
  });

  it('may exist only on loopback unless DEMO_ACCOUNT says otherwise', () => {
    expect(loadConfig({}).demoAccount).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0' }).demoAccount).toBe(false);
    expect(loadConfig({ HOST: '192.168.1.20' }).demoAccount).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', DEMO_ACCOUNT: 'true' }).demoAccount).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.1', DEMO_ACCOUNT: 'false' }).demoAccount).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/dutybook' }).host).toBe('0.0.0.0');
  });
});

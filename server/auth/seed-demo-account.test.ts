import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../companies/tables.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { demoAccount, demoAccountSeeder } from './seed-demo-account.js';
import { users } from './tables.js';

describe('demo account', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t.close());

  it('is created once on the embedded database, and never on PostgreSQL', async () => {
    await demoAccountSeeder.run(t.database);
    await demoAccountSeeder.run(t.database);
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
});

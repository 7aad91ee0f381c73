import { eq } from 'drizzle-orm';
import { hashSecret, verifySecret } from '../auth/passwords.js';
import { users } from '../auth/tables.js';
import type { Seeder } from '../db/seeder.js';
import { createCompany } from './companies.js';

/** Published in the README and printed at start: only ever created on the embedded demo database. */
export const demoAccount = { email: 'demo@dutybook.vn', password: 'dutybook-demo-2026', name: 'Demo User' };

/**
 * A signed-up demo user owning a demo company, so a fresh clone can be tried at once. Only on the embedded
 * database and only when `allowed` (the server listens on loopback, or DEMO_ACCOUNT=true): a server others can
 * reach must not carry a published password, so there an existing demo account that still has it is disabled.
 * Never on PostgreSQL.
 */
export const demoAccountSeeder = (allowed: boolean): Seeder => ({
  name: 'demo account',
  run: async (database) => {
    if (database.kind !== 'pglite') return;
    const { db } = database;
    const [existing] = await db.select({ id: users.id, passwordHash: users.passwordHash, disabledAt: users.disabledAt }).from(users).where(eq(users.email, demoAccount.email)).limit(1);
    if (!allowed) {
      if (existing?.passwordHash && !existing.disabledAt && (await verifySecret(existing.passwordHash, demoAccount.password))) {
        await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, existing.id));
      }
      return;
    }
    if (existing) return;
    const [user] = await db.insert(users).values({
      email: demoAccount.email, name: demoAccount.name, passwordHash: await hashSecret(demoAccount.password), isVerified: true, locale: 'vi',
    }).returning();
    if (!user) throw new Error('demo user was not saved');
    await createCompany(db, user.id, { name: 'Dutybook Demo Manufacturing', taxCode: '0300000001', country: 'Vietnam', companyType: 'SXXK', address: 'Lot A1, VSIP II, Thu Dau Mot, Binh Duong' });
  },
});

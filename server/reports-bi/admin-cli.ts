import { loadConfig } from '../config.js';
import { migrateDatabase, openDatabase } from '../db/client.js';
import { type Run, runner } from '../db/run.js';

/** Grants or revokes platform administration; answers the line to print, or throws when the account does not exist. */
export async function setAdministrator(run: Run, action: 'grant' | 'revoke', email: string): Promise<string> {
  const [user] = await run<{ email: string }>('UPDATE users SET is_admin = $1, updated_on = now() WHERE email = $2 RETURNING email', [action === 'grant', email.trim().toLowerCase()]);
  if (!user) throw new Error(`No account uses ${email}: the person registers first.`);
  return `${user.email} ${action === 'grant' ? 'is now' : 'is no longer'} a platform administrator.`;
}

/** `npm run admin -- grant EMAIL` / `revoke EMAIL`: the flag lives only in the database, so no request can grant it. */
async function main(argv: string[]): Promise<void> {
  const [action, email] = argv;
  if ((action !== 'grant' && action !== 'revoke') || !email) {
    console.error('Usage: npm run admin -- grant EMAIL | revoke EMAIL');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    console.log(await setAdministrator(runner(database), action, email));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));

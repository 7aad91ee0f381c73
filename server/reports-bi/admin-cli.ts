import { type Config, loadConfig } from '../config.js';
import { migrateDatabase, openDatabase } from '../db/client.js';
import { type Run, runner } from '../db/run.js';

/** Grants or revokes platform administration; answers the line to print, or throws when the account does not exist. */
export async function setAdministrator(run: Run, action: 'grant' | 'revoke', email: string): Promise<string> {
  const [user] = await run<{ email: string }>('UPDATE users SET is_admin = $1, updated_on = now() WHERE email = $2 RETURNING email', [action === 'grant', email.trim().toLowerCase()]);
  if (!user) throw new Error(`No account uses ${email}: the person registers first.`);
  return `${user.email} ${action === 'grant' ? 'is now' : 'is no longer'} a platform administrator.`;
}

/** Whether a Dutybook server answers at the configured address (the one that would hold the embedded database). */
async function serverAnswers(config: Pick<Config, 'host' | 'port' | 'basePath'>): Promise<boolean> {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}${config.basePath}/api/health/`;
  return fetch(url, { signal: AbortSignal.timeout(2000) }).then((response) => response.ok, () => false);
}

/**
 * `npm run admin -- grant EMAIL` / `revoke EMAIL`: the flag lives only in the database, so no request can grant it.
 * PostgreSQL takes the command beside a running server; the embedded database opens in one process only, so
 * the command says so instead of failing inside it. Answers the exit code.
 */
export async function runAdminCommand(argv: string[], config: Pick<Config, 'host' | 'port' | 'basePath' | 'databaseUrl' | 'dataDir'>, print: { out: (line: string) => void; error: (line: string) => void }): Promise<number> {
  const [action, email] = argv;
  if ((action !== 'grant' && action !== 'revoke') || !email) {
    print.error('Usage: npm run admin -- grant EMAIL | revoke EMAIL');
    return 2;
  }
  if (!config.databaseUrl && await serverAnswers(config)) {
    print.error([
      `The server on port ${config.port} is running on the embedded database in ${config.dataDir}, which only one process can open.`,
      'Stop the server, run this command again, then start the server; or run Dutybook on PostgreSQL (DATABASE_URL), where the command works beside it.',
    ].join('\n'));
    return 1;
  }
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await migrateDatabase(database);
    print.out(await setAdministrator(runner(database), action, email));
    return 0;
  } catch (error) {
    print.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await database?.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runAdminCommand(process.argv.slice(2), loadConfig(), { out: console.log, error: console.error });
}

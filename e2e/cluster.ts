import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ecusMapping, sheetName, writeEcusWorkbook } from '../bench/imports-workbook.js';
import { setAdministrator } from '../server/reports-bi/admin-cli.js';
import { freePort } from './server-process.js';

/**
 * A deployment of several processes run as one, for the cluster test (e2e/cluster.e2e.test.ts, shortened) and the
 * cluster benchmark (bench/cluster.bench.ts, in full): PostgreSQL on 127.0.0.1:5432, PgBouncer in transaction pooling
 * started here, two servers (RUN_JOBS=false) and two `npm run worker` processes on it, one shared DATA_DIR. Clients
 * reach the servers through a balancer without sticky sessions (round robin; a server that does not answer is taken
 * out and the request sent to the next, as a proxy's next-upstream does). Under a load of lookup searches and table
 * lists: a tariff load, whose kept lookup answers both servers must drop; an import and a report run, then a kill -9
 * of the worker running the import and of one server. The scenario measures and returns; the callers judge.
 *
 * The `single` topology is the baseline the benchmark compares with: one server running its own jobs, straight on
 * PostgreSQL, the same load, nothing killed.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const postgresUrl = process.env.CLUSTER_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const password = 'Cluster-deployment-2026!';

export interface ClusterOptions {
  topology: 'cluster' | 'single';
  /** Declaration lines in the imported workbook. */
  lines: number;
  /** Clients sending lookup searches and table lists at once, for as long as the scenario runs. */
  clients: number;
  /** JOB_STALE_SECONDS of every process: how soon the killed worker's import is taken over. */
  staleSeconds: number;
  log?: (message: string) => void;
}

export interface ClusterReport {
  topology: ClusterOptions['topology'];
  /** Load requests answered, by server, before and after the kill. */
  answered: Record<string, { before: number; after: number }>;
  /** Load requests a server dropped (its connection failed) and the next server answered. */
  retried: number;
  /** Load requests answered with a status other than 200, or not answered by any server. */
  errors: string[];
  latenciesMs: number[];
  seconds: number;
  /** The lookup search before and after the tariff load, on each server; the expected count after. */
  cache?: { expected: number; before: Record<string, number>; after: Record<string, number>; droppedWithinMs: number };
  import: { lines: number; rows: number; distinctRows: number; listed: number; statuses: string[]; leftByInterrupted: number; killedWorkerHeldIt: boolean };
  report: { status: number; runs: string[]; rows: number };
  /** What PostgreSQL and PgBouncer saw. */
  database: { peakBackends: number; pgbouncerServerConnections?: number };
}

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PgBouncer's binary, if installed (Debian's `pgbouncer` package puts it in /usr/sbin). */
function pgbouncerBinary(): string | null {
  for (const candidate of ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']) if (spawnSync(candidate, ['--version']).status === 0) return candidate;
  return spawnSync('pgbouncer', ['--version']).status === 0 ? 'pgbouncer' : null;
}

/** Why the cluster cannot run here, or null when PostgreSQL answers and PgBouncer is installed. */
export async function clusterUnavailable(topology: ClusterOptions['topology'] = 'cluster'): Promise<string | null> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
  } catch (error) {
    return `PostgreSQL does not answer at ${postgresUrl} (${(error as Error).message})`;
  }
  if (topology === 'cluster' && !pgbouncerBinary()) return 'pgbouncer is not installed (apt-get install pgbouncer)';
  return null;
}

const withDatabase = (url: string, name: string) => {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
};

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A process of the deployment; each leads a process group of its own, so that its reader children go with it. */
interface Proc { name: string; child: ChildProcess; output: string[] }

function startProcess(name: string, script: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script)], {
    cwd: root, env: { ...process.env, TZ: 'UTC', ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  const proc: Proc = { name, child, output: [] };
  const keep = (chunk: Buffer) => {
    proc.output.push(chunk.toString());
    if (proc.output.length > 200) proc.output.splice(0, proc.output.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return proc;
}

function killGroup(proc: Proc, signal: NodeJS.Signals): void {
  try {
    process.kill(-proc.child.pid!, signal);
  } catch {
    // Gone already.
  }
}

async function waitHealthy(url: string, proc: Proc, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited early:\n${proc.output.join('').slice(-3000)}`);
    if (await fetch(`${url}/api/health/`).then((r) => r.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error(`${proc.name} did not start:\n${proc.output.join('').slice(-3000)}`);
    await sleep(200);
  }
}

/** PgBouncer in transaction pooling in front of the local PostgreSQL, from a generated configuration. */
async function startPgbouncer(dir: string, port: number): Promise<Proc> {
  const binary = pgbouncerBinary()!;
  const target = new URL(postgresUrl);
  const user = decodeURIComponent(target.username || 'postgres');
  const ini = path.join(dir, 'pgbouncer.ini');
  const userlist = path.join(dir, 'userlist.txt');
  await fs.writeFile(userlist, `"${user}" "${decodeURIComponent(target.password)}"\n`);
  await fs.writeFile(ini, [
    '[databases]',
    `* = host=${target.hostname} port=${target.port || 5432}`,
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${port}`,
    'unix_socket_dir =',
    `auth_type = ${target.password ? 'plain' : 'trust'}`,
    `auth_file = ${userlist}`,
    'pool_mode = transaction',
    'max_client_conn = 1000',
    'default_pool_size = 20',
    'reserve_pool_size = 5',
    'admin_users = ' + user,
    'ignore_startup_parameters = extra_float_digits',
    '',
  ].join('\n'));
  await fs.chmod(dir, 0o755);
  for (const file of [ini, userlist]) await fs.chmod(file, 0o644);
  // PgBouncer refuses to run as root; it drops to an unprivileged user when given one.
  const asUser = process.getuid?.() === 0 ? ['-u', 'nobody'] : [];
  const child = spawn(binary, [...asUser, ini], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const proc: Proc = { name: 'pgbouncer', child, output: [] };
  child.stdout!.on('data', (chunk: Buffer) => proc.output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => proc.output.push(chunk.toString()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited:\n${proc.output.join('')}`);
    const client = new pg.Client({ connectionString: `postgres://${user}@127.0.0.1:${port}/postgres` });
    const ok = await client.connect().then(() => client.query('SELECT 1')).then(() => true, () => false);
    await client.end().catch(() => undefined);
    if (ok) return proc;
    if (Date.now() > deadline) throw new Error(`pgbouncer did not listen:\n${proc.output.join('')}`);
    await sleep(100);
  }
}

/** The servers as a proxy without sticky sessions sees them: round robin over those still answering. */
class Balancer {
  private turn = 0;
  readonly down = new Set<string>();
  constructor(readonly servers: Array<{ name: string; url: string }>) {}

  async fetch(apiPath: string, init: RequestInit = {}): Promise<{ server: string; response: Response; retried: number }> {
    let retried = 0;
    for (;;) {
      const live = this.servers.filter((server) => !this.down.has(server.name));
      if (live.length === 0) throw new Error(`no server answers ${apiPath}`);
      const server = live[this.turn++ % live.length]!;
      try {
        return { server: server.name, response: await fetch(`${server.url}/api${apiPath}`, init), retried };
      } catch {
        // Connection refused or reset: the server is gone, and the request goes to the next one.
        this.down.add(server.name);
        retried += 1;
      }
    }
  }

  /** A JSON call that must succeed with `status`. */
  async call<T>(apiPath: string, token: string | null, init: { method?: string; body?: unknown; form?: FormData; status?: number } = {}): Promise<T> {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const { response, server } = await this.fetch(apiPath, { method: init.method ?? 'GET', headers, body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)) });
    const text = await response.text();
    if (response.status !== (init.status ?? 200)) throw new Error(`${init.method ?? 'GET'} ${apiPath} on ${server}: ${response.status} ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

async function mailedCode(dataDir: string, to: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const name of (await fs.readdir(outbox).catch(() => [])).filter((entry) => entry.endsWith('.eml'))) {
      const mail = await fs.readFile(path.join(outbox, name), 'utf8');
      const code = mail.includes(`To: ${to}`) ? /^\s+(\d{6})\s*$/m.exec(mail)?.[1] : undefined;
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no code mailed to ${to}`);
    await sleep(100);
  }
}

/** The tariff file the administrator loads: a year of four lines, which the lookup's search then finds. */
const tariffYear = 2022;
const tariffFile = ['code,description,en_description', 'II,Các sản phẩm thực vật,Vegetable products', '09,"Cà phê, chè",Coffee and tea',
  '0901,Cà phê,Coffee', '09011110,Cà phê nhân,Green coffee'].join('\n');
const tariffSearch = `/lookup/search/?q=&year=${tariffYear}`;

/** Runs the scenario and stops everything it started, whatever happens. */
export async function runCluster(options: ClusterOptions): Promise<ClusterReport> {
  const log = options.log ?? (() => undefined);
  const cluster = options.topology === 'cluster';
  const name = `dutybook_cluster_${process.pid}_${options.topology}`;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dutybook-cluster-'));
  const dataDir = path.join(dir, 'data');
  const procs: Proc[] = [];
  let bouncer: Proc | undefined;
  let monitor: pg.Client | undefined;
  /** The load's clients run until the scenario ends, however it ends. */
  let loading = true;
  let load: Promise<unknown> = Promise.resolve();
  let backends: NodeJS.Timeout | undefined;
  let peakBackends = 0;
  const t0 = performance.now();
  try {
    await admin(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`);
      // What the servers set per session when they connect straight (-c jit=off), set where a pooler keeps it.
      await client.query(`ALTER DATABASE ${name} SET jit = off`);
    });
    const directUrl = withDatabase(postgresUrl, name);
    let databaseUrl = directUrl;
    let bouncerPort = 0;
    if (cluster) {
      bouncerPort = await freePort();
      bouncer = await startPgbouncer(dir, bouncerPort);
      const target = new URL(postgresUrl);
      databaseUrl = `postgres://${target.username || 'postgres'}@127.0.0.1:${bouncerPort}/${name}`;
    }
    const workbook = path.join(dir, 'declarations.xlsx');
    await writeEcusWorkbook(workbook, options.lines);

    const common = {
      DATABASE_URL: databaseUrl, DATABASE_POOLING: cluster ? 'transaction' : 'session', DATA_DIR: dataDir, UPLOAD_STORE: 'database',
      DEMO_TARIFF: 'true', DEMO_ACCOUNT: 'false', LOOKUP_SEARCH_PER_MIN: '0', AUTH_RATE_LIMIT_PER_MIN: '1000', JOB_STALE_SECONDS: String(options.staleSeconds),
      LOG_LEVEL: 'warn', HOST: '127.0.0.1', WEB_DIR: path.join(dir, 'no-web'),
    };
    const serverNames = cluster ? ['server-a', 'server-b'] : ['server'];
    const servers = await Promise.all(serverNames.map(async (serverName) => ({ name: serverName, port: await freePort() })));
    // Both servers start at once: each applies the migrations under the lock and runs the seeders.
    const started = servers.map((server) => startProcess(server.name, 'server/main.ts', { ...common, PORT: String(server.port), RUN_JOBS: cluster ? 'false' : 'true' }));
    procs.push(...started);
    await Promise.all(servers.map((server, index) => waitHealthy(`http://127.0.0.1:${server.port}`, started[index]!)));
    const workers = cluster ? ['worker-a', 'worker-b'].map((workerName) => startProcess(workerName, 'server/worker.ts', common)) : [];
    procs.push(...workers);
    log(`${serverNames.length} server(s)${cluster ? `, 2 workers, PgBouncer on :${bouncerPort}` : ''} up after ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    monitor = new pg.Client({ connectionString: directUrl });
    await monitor.connect();
    const sql = async <T>(text: string, params: unknown[] = []) => (await monitor!.query(text, params)).rows as T[];
    backends = setInterval(() => {
      void sql<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]).then(([row]) => { peakBackends = Math.max(peakBackends, row?.n ?? 0); }, () => undefined);
    }, 250);

    const balancer = new Balancer(servers.map((server) => ({ name: server.name, url: `http://127.0.0.1:${server.port}` })));
    // Signed up on one server, confirmed on the other, the company made on the first: the token works everywhere.
    const email = `owner-${options.topology}@cluster.test`;
    await balancer.call('/registration/', null, { method: 'POST', body: { email, password, name: 'Cluster Owner', locale: 'en' }, status: 201 });
    const { token: { access_token: token } } = await balancer.call<{ token: { access_token: string } }>('/registration-confirm/', null, { method: 'POST', body: { email, token: await mailedCode(dataDir, email) } });
    const company = await balancer.call<{ slug: string; folder_set: Array<{ slug: string }> }>('/clients-api/companies/', token, { method: 'POST', body: { name: `Cluster ${options.topology}` }, status: 201 });
    // The period of the workbook's lines (2025), changed through the other server.
    const period = await balancer.call<{ slug: string }>(`/clients-api/companies/${company.slug}/folder-sets/${company.folder_set[0]!.slug}/`, token, {
      method: 'PATCH', body: { year: 2025, date_start: '2025-01-01', date_end: '2025-12-31' },
    });
    const scope = { company_slug: company.slug, folder_slug: period.slug };
    const [{ id: companyId }] = await sql<{ id: string }>('SELECT id FROM companies WHERE slug = $1', [company.slug]) as [{ id: string }];
    await setAdministrator(sql, 'grant', email);

    // The load: lookup searches of varied terms and the company's table list, sent by `clients` loops at once.
    const terms = ['ca phe', 'coffee', 'vai', 'thep', 'gao', 'dien', 'nhua', '0901', 'rice', 'steel', 'plastic', 'fish', 'tom', 'che'];
    const answered: ClusterReport['answered'] = Object.fromEntries(serverNames.map((serverName) => [serverName, { before: 0, after: 0 }]));
    const latencies: number[] = [];
    const errors: string[] = [];
    let retried = 0;
    let killed = false;
    let sent = 0;
    const loadStarted = performance.now();
    const clientLoop = async (index: number) => {
      for (let n = 0; loading; n++) {
        const i = sent++;
        const apiPath = (i + index) % 2 === 0
          ? `/lookup/search/?${new URLSearchParams({ q: terms[i % terms.length]!, mode: 'tariff', page: String(1 + (i % 3)) })}`
          : `/balance/ecus/?${new URLSearchParams({ ...scope, page_size: '25', page: String(1 + (i % 4)), ...(i % 5 === 0 ? { search: 'Vải' } : {}) })}`;
        const started = performance.now();
        // A request is the survivors' if it was sent once the killed server had gone.
        const sentAfterKill = killed;
        try {
          const { server, response, retried: again } = await balancer.fetch(apiPath, { headers: { authorization: `Bearer ${token}` } });
          await response.arrayBuffer();
          latencies.push(performance.now() - started);
          retried += again;
          answered[server]![sentAfterKill ? 'after' : 'before'] += 1;
          if (response.status !== 200) errors.push(`${apiPath} on ${server}: ${response.status}`);
        } catch (error) {
          errors.push(`${apiPath}: ${(error as Error).message}`);
          await sleep(100);
        }
      }
    };
    load = Promise.all(Array.from({ length: options.clients }, (_, index) => clientLoop(index)));

    // A tariff load: every server's kept answers of the lookup go, though only one server received the file.
    let cache: ClusterReport['cache'];
    if (cluster) {
      const direct = balancer.servers;
      const searchOn = async (server: { url: string }) => ((await (await fetch(`${server.url}/api${tariffSearch}`)).json()) as { response: { numFound: number } }).response.numFound;
      const before: Record<string, number> = {};
      // Asked twice on each server: the second answer is the kept one.
      for (const server of direct) { await searchOn(server); before[server.name] = await searchOn(server); }
      const form = new FormData();
      form.append('kind', 'tariff');
      form.append('year', String(tariffYear));
      form.append('excel_file', new Blob([tariffFile]), `tariff-${tariffYear}.csv`);
      const queued = await balancer.call<{ id: number }>('/admin/lookup-loads/', token, { method: 'POST', form, status: 202 });
      let loaded: { status: string; error: string | null };
      const loadDeadline = Date.now() + 60_000;
      do {
        await sleep(100);
        loaded = await balancer.call(`/admin/lookup-loads/${queued.id}/`, token);
      } while ((loaded.status === 'queued' || loaded.status === 'running') && Date.now() < loadDeadline);
      if (loaded.status !== 'succeeded') throw new Error(`the tariff load ended ${loaded.status}: ${loaded.error}`);
      const loadedAt = performance.now();
      const after: Record<string, number> = {};
      for (const server of direct) {
        // A server reads the data version at most once a second: within a few seconds, every server answers anew.
        for (let tries = 0; tries < 50; tries++) {
          after[server.name] = await searchOn(server);
          if (after[server.name] !== before[server.name]) break;
          await sleep(100);
        }
      }
      cache = { expected: 4, before, after, droppedWithinMs: performance.now() - loadedAt };
      log(`tariff load: search ${JSON.stringify(before)} → ${JSON.stringify(after)} in ${cache.droppedWithinMs.toFixed(0)} ms`);
    }

    // The import (uploaded through one server, started through the other) and a report run.
    const form = new FormData();
    form.append('excel_file', await openAsBlob(workbook), 'declarations.xlsx');
    const uploaded = await balancer.call<{ upload_id: string }>('/uploads/', token, { method: 'POST', form, status: 201 });
    const first = await balancer.call<{ id: number }>('/balance/ecus/import_data/', token, {
      method: 'POST', status: 202,
      body: { upload_id: uploaded.upload_id, ...scope, sheet_name: sheetName, header_from: 1, header_to: 1, mapping: ecusMapping },
    });
    const reportPath = `/new-balance/report-statement-15/?${new URLSearchParams({ ...scope, wait: 'false' })}`;
    await balancer.fetch(reportPath, { headers: { authorization: `Bearer ${token}` } }).then(({ response }) => response.arrayBuffer());

    let killedWorkerHeldIt = false;
    if (cluster) {
      // Midway: the worker that claimed the import and one server are killed as a machine dies.
      let holder: string | null = null;
      const claimDeadline = Date.now() + 60_000;
      while (!holder && Date.now() < claimDeadline) {
        const [row] = await sql<{ status: string; worker: string | null }>('SELECT status, worker FROM import_records WHERE id = $1', [first.id]);
        if (row?.status === 'running' && row.worker) holder = row.worker;
        else if (row && row.status !== 'queued') break;
        else await sleep(20);
      }
      const victim = workers.find((worker) => holder?.includes(`:${worker.child.pid}:`)) ?? workers[0]!;
      killedWorkerHeldIt = holder !== null && holder.includes(`:${victim.child.pid}:`);
      const gone = [victim, started[1]!].map((proc) => new Promise((resolve) => proc.child.once('exit', resolve)));
      process.kill(victim.child.pid!, 'SIGKILL');
      process.kill(started[1]!.child.pid!, 'SIGKILL');
      await Promise.all(gone);
      killed = true;
      log(`killed ${victim.name}${killedWorkerHeldIt ? ' (running the import)' : ''} and server-b after ${((performance.now() - loadStarted) / 1000).toFixed(1)} s of load`);
    }

    // The import to its end: one interrupted by the kill is retried by its user, as the import history offers.
    const importDeadline = Date.now() + 120_000 + options.lines * 5;
    const records = [first.id];
    for (;;) {
      const current = await balancer.call<{ status: string; traceback: string | null }>(`/balance/import-record/${records.at(-1)}/`, token);
      if (current.status === 'succeeded') break;
      if (current.status === 'interrupted') {
        const again = await balancer.call<{ id: number }>(`/balance/import-record/${records.at(-1)}/retry/`, token, { method: 'POST', status: 202 });
        records.push(again.id);
        log(`import ${records.at(-2)} interrupted; retried as ${again.id}`);
      } else if (current.status !== 'queued' && current.status !== 'running') {
        throw new Error(`import ${records.at(-1)} ended ${current.status}: ${current.traceback}`);
      }
      if (Date.now() > importDeadline) throw new Error(`the import did not finish (${current.status})`);
      await sleep(200);
    }

    // The report over the imported lines, as the screen asks for it: 202 and the run followed, until it answers.
    let report: { status: number; rows: number } = { status: 0, rows: 0 };
    const reportDeadline = Date.now() + 120_000;
    while (Date.now() < reportDeadline) {
      const { response } = await balancer.fetch(reportPath, { headers: { authorization: `Bearer ${token}` } });
      const body = await response.json() as { run?: { id: number }; count?: number };
      if (response.status === 200) { report = { status: 200, rows: body.count ?? 0 }; break; }
      if (response.status === 202 && body.run) {
        for (let state = body.run as { id: number; status?: string }; ; await sleep(200)) {
          state = await balancer.call(`/new-balance/report-runs/${body.run.id}/`, token);
          if (state.status !== 'queued' && state.status !== 'running') break;
        }
      } else {
        report = { status: response.status, rows: 0 };
        await sleep(500);
      }
    }
    const runs = (await sql<{ status: string }>('SELECT status FROM report_runs WHERE company_id = $1 ORDER BY id', [companyId])).map((row) => row.status);

    loading = false;
    await load;
    const seconds = (performance.now() - loadStarted) / 1000;
    clearInterval(backends);

    const [counts] = await sql<{ rows: number; distinct_rows: number }>(
      `SELECT count(*)::int AS rows, count(DISTINCT (account_number, row_number))::int AS distinct_rows FROM ecus_lines WHERE company_id = $1`, [companyId]);
    const statuses = (await sql<{ status: string }>('SELECT status FROM import_records WHERE company_id = $1 ORDER BY id', [companyId])).map((row) => row.status);
    const [left] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ecus_lines WHERE import_record_id IN (SELECT id FROM import_records WHERE company_id = $1 AND status <> 'succeeded')`, [companyId]);
    const listed = (await balancer.call<{ count: number }>(`/balance/ecus/?${new URLSearchParams({ ...scope, page_size: '1' })}`, token)).count;
    let pgbouncerServerConnections: number | undefined;
    if (cluster) {
      // PgBouncer's own view: how many PostgreSQL connections it opened for the database at most.
      const bouncerConsole = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${bouncerPort}/pgbouncer` });
      await bouncerConsole.connect();
      const pools = await bouncerConsole.query({ text: 'SHOW POOLS', rowMode: 'array' }).catch(() => null);
      await bouncerConsole.end();
      const fields = pools?.fields.map((field) => field.name) ?? [];
      const row = pools?.rows.find((entry: unknown[]) => entry[fields.indexOf('database')] === name) as unknown[] | undefined;
      if (row) pgbouncerServerConnections = ['sv_active', 'sv_idle', 'sv_used', 'sv_tested', 'sv_login'].reduce((sum, field) => sum + Number(row[fields.indexOf(field)] ?? 0), 0);
    }
    return {
      topology: options.topology, answered, retried, errors, latenciesMs: latencies, seconds, ...(cache ? { cache } : {}),
      import: { lines: options.lines, rows: counts!.rows, distinctRows: counts!.distinct_rows, listed, statuses, leftByInterrupted: left!.n, killedWorkerHeldIt },
      report: { ...report, runs },
      database: { peakBackends, ...(pgbouncerServerConnections === undefined ? {} : { pgbouncerServerConnections }) },
    };
  } catch (error) {
    const outputs = procs.map((proc) => `--- ${proc.name}\n${proc.output.join('').slice(-2000)}`).join('\n');
    throw new Error(`${(error as Error).message}\n${outputs}`, { cause: error });
  } finally {
    loading = false;
    await load;
    clearInterval(backends);
    await monitor?.end().catch(() => undefined);
    await Promise.all(procs.map(async (proc) => {
      if (proc.child.exitCode !== null || proc.child.signalCode !== null) { killGroup(proc, 'SIGKILL'); return; }
      const exited = new Promise((resolve) => proc.child.once('exit', resolve));
      killGroup(proc, 'SIGTERM');
      await Promise.race([exited, sleep(5000)]);
      killGroup(proc, 'SIGKILL');
    }));
    if (bouncer) killGroup(bouncer, 'SIGTERM');
    await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true });
  }
}

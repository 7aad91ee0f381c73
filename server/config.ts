import path from 'node:path';

/** Everything the server reads from its environment, with the defaults a fresh clone runs on. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite in `dataDir/db`. */
  databaseUrl: string | undefined;
  /**
   * `transaction` when DATABASE_URL names PgBouncer (or another pooler) in transaction pooling: the app then keeps
   * nothing in a session (docs/deploy.md). `session` (the default): a connection is the app's while it holds it.
   */
  databasePooling: 'session' | 'transaction';
  /** '' or a path such as '/dutybook' (no trailing slash). */
  basePath: string;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionTimeoutMin: number;
  googleClientId: string | undefined;
  /** Where Google's signing keys are published, and the issuer its ID tokens name (a test stands in its own). */
  googleJwksUrl: string;
  googleIssuers: string[];
  /** The client id the web app presents in its basic-auth header at /api/oauth/token/. */
  oauthClientId: string;
  /**
   * Which forwarding proxies are believed about the client's address (X-Forwarded-For): none, the nearest
   * `n` hops, or the listed addresses and CIDR ranges. Believing anyone would let a client pick a new
   * address for every request and so escape every rate limit.
   */
  trustProxy: false | number | string[];
  /** Requests a minute one client may make to each sign-in, registration, code and reset endpoint. */
  authRateLimitPerMinute: number;
  /** Shipping-document PDFs a client may render a minute on the public lookup. */
  documentsPerMinute: number;
  /** Searches of the public lookup one client may send to the database a minute (kept answers not counted; 0: no limit). */
  lookupSearchPerMinute: number;
  /** Sign-in attempts one account takes in 15 minutes, from any address, before its sign-ins pause. */
  signInAttemptsPerAccount: number;
  /** The published demo account may exist (embedded database only): on loopback, or DEMO_ACCOUNT=true. */
  demoAccount: boolean;
  /** Lifetime of an access token. */
  tokenTtlHours: number;
  /** A Google Tag Manager container id; page views are sent only when it is set. */
  gtmId: string | undefined;
  /** A fresh database gets the 47 demonstration tariff lines instead of the shipped tariff (DEMO_TARIFF; for tests). */
  demoTariff: boolean;
  /** Memory the public lookup may fill with kept answers (LOOKUP_CACHE_MB). */
  lookupCacheBytes: number;
  /** Largest accepted upload in bytes. */
  uploadMaxBytes: number;
  /** Rows and columns a sheet may have to be imported. */
  importMaxRows: number;
  importMaxColumns: number;
  /** Text a reader may hold at once (IMPORT_MAX_TEXT_MB): an .xlsx's shared strings, one row of sheet XML, a workbook read whole. */
  importMaxTextBytes: number;
  /** Reader processes reading at once, in all (READERS_MAX) and for one user (READERS_PER_USER); the rest wait in line. */
  readersMax: number;
  readersPerUser: number;
  /** Files and bytes one user may upload in 24 hours (UPLOAD_DAILY_FILES, UPLOAD_DAILY_MB). */
  uploadDailyFiles: number;
  uploadDailyBytes: number;
  /** Whether this server runs jobs (imports) itself; false leaves them to `npm run worker` processes. */
  runJobs: boolean;
  /**
   * How long a job's heartbeat may be silent before another worker takes it over (JOB_STALE_SECONDS, 30): heartbeats
   * go every sixth of it and workers sweep every third, so a killed process's job is settled within 1⅓ of it.
   */
  jobStaleMs: number;
  /** Where uploads are kept: `disk` (DATA_DIR, this machine only) or `database` (reachable by every server and worker). */
  uploadStore: 'disk' | 'database';
  /**
   * Origins business-intelligence reports are framed from (REPORT_ORIGINS, comma-separated): the only ones the
   * Content-Security-Policy's frame-src allows and a report's embed address may name.
   */
  reportOrigins: string[];
  /**
   * The service principal that mints Power BI embed tokens ("embed for your customers"); unset, reports are
   * framed from their embed address and the viewer signs in to Power BI inside the frame.
   */
  powerBi: PowerBiSettings | undefined;
  /** Directory of the built web app. */
  webDir: string;
  logLevel: string;
}

export interface PowerBiSettings {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Microsoft Entra sign-in (POWERBI_AUTHORITY_URL) and the Power BI REST API (POWERBI_API_URL); a test stands in its own. */
  authorityUrl: string;
  apiUrl: string;
}

/** What a reader may read of a sheet, from the configuration. */
export const sheetLimitsOf = (config: Pick<Config, 'importMaxRows' | 'importMaxColumns' | 'importMaxTextBytes'>) =>
  ({ rows: config.importMaxRows, columns: config.importMaxColumns, text: config.importMaxTextBytes });

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

function booleanFrom(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(true|1|yes|on)$/i.test(value)) return true;
  if (/^(false|0|no|off)$/i.test(value)) return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}

function trustProxyFrom(value: string | undefined): Config['trustProxy'] {
  const trimmed = (value ?? '').trim();
  if (trimmed === '' || /^(false|0|no|off)$/i.test(trimmed)) return false;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(',').map((entry) => entry.trim()).filter(Boolean);
  // proxy-addr's names for whole ranges, or an IPv4/IPv6 address with an optional prefix length.
  const valid = /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/i;
  const wrong = entries.find((entry) => !valid.test(entry));
  if (wrong !== undefined) throw new Error(`TRUST_PROXY must be off, a hop count, or addresses/CIDRs separated by commas, got "${wrong}"`);
  return entries;
}

function poolingFrom(value: string | undefined): Config['databasePooling'] {
  if (value === undefined || value === '') return 'session';
  if (value === 'session' || value === 'transaction') return value;
  throw new Error(`DATABASE_POOLING must be session or transaction, got "${value}"`);
}

function uploadStoreFrom(value: string | undefined, fallback: Config['uploadStore']): Config['uploadStore'] {
  if (value === undefined || value === '') return fallback;
  if (value === 'disk' || value === 'database') return value;
  throw new Error(`UPLOAD_STORE must be disk or database, got "${value}"`);
}

function reportOriginsFrom(value: string): string[] {
  const origins = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const origin of origins) {
    // An origin only: a path or a wildcard would let the page frame more than the administrator named.
    if (!/^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(origin)) throw new Error(`REPORT_ORIGINS: ${origin} is not an https origin such as https://app.powerbi.com`);
  }
  return origins;
}

/** An address without its trailing slashes, so `${base}/path` never doubles one. */
function baseUrlFrom(value: string | undefined, fallback: string, name: string): string {
  const url = value || fallback;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new Error(`${name} must be an http(s) address, got "${url}"`);
  return url.replace(/\/+$/, '');
}

/** The three credentials go together: one of them alone is a configuration mistake, not a wish to frame reports. */
function powerBiFrom(env: NodeJS.ProcessEnv): PowerBiSettings | undefined {
  const { POWERBI_TENANT_ID: tenantId, POWERBI_CLIENT_ID: clientId, POWERBI_CLIENT_SECRET: clientSecret } = env;
  if (!tenantId && !clientId && !clientSecret) return undefined;
  if (!tenantId || !clientId || !clientSecret) {
    const missing = Object.entries({ POWERBI_TENANT_ID: tenantId, POWERBI_CLIENT_ID: clientId, POWERBI_CLIENT_SECRET: clientSecret }).filter(([, value]) => !value).map(([name]) => name);
    throw new Error(`Power BI embed tokens need POWERBI_TENANT_ID, POWERBI_CLIENT_ID and POWERBI_CLIENT_SECRET together; ${missing.join(', ')} unset`);
  }
  return {
    tenantId, clientId, clientSecret,
    authorityUrl: baseUrlFrom(env.POWERBI_AUTHORITY_URL, 'https://login.microsoftonline.com', 'POWERBI_AUTHORITY_URL'),
    apiUrl: baseUrlFrom(env.POWERBI_API_URL, 'https://api.powerbi.com', 'POWERBI_API_URL'),
  };
}

/** Normalises BASE_PATH to '' or '/segment[/segment]' so joins never double or drop a slash. */
export function normaliseBasePath(value: string | undefined): string {
  const trimmed = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `/${trimmed}`;
}

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './.data');
  // The embedded database is for trying the app on one's own machine; a deployment on PostgreSQL serves others.
  const host = env.HOST || (env.DATABASE_URL ? '0.0.0.0' : '127.0.0.1');
  return {
    port: intFrom(env.PORT, 3000, 'PORT'),
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePooling: poolingFrom(env.DATABASE_POOLING),
    basePath: normaliseBasePath(env.BASE_PATH),
    publicUrl: env.PUBLIC_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Dutybook <no-reply@dutybook.local>',
    sessionTimeoutMin: intFrom(env.SESSION_TIMEOUT_MIN, 30, 'SESSION_TIMEOUT_MIN'),
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    googleJwksUrl: env.GOOGLE_JWKS_URL || 'https://www.googleapis.com/oauth2/v3/certs',
    googleIssuers: (env.GOOGLE_ISSUER || 'https://accounts.google.com,accounts.google.com').split(','),
    oauthClientId: env.OAUTH_CLIENT_ID || 'dutybook-web',
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    authRateLimitPerMinute: intFrom(env.AUTH_RATE_LIMIT_PER_MIN, 10, 'AUTH_RATE_LIMIT_PER_MIN'),
    documentsPerMinute: intFrom(env.DOCUMENTS_PER_MIN, 10, 'DOCUMENTS_PER_MIN'),
    lookupSearchPerMinute: intFrom(env.LOOKUP_SEARCH_PER_MIN, 60, 'LOOKUP_SEARCH_PER_MIN'),
    signInAttemptsPerAccount: intFrom(env.SIGN_IN_ACCOUNT_LIMIT, 10, 'SIGN_IN_ACCOUNT_LIMIT'),
    demoAccount: booleanFrom(env.DEMO_ACCOUNT, isLoopback(host), 'DEMO_ACCOUNT'),
    tokenTtlHours: intFrom(env.TOKEN_TTL_HOURS, 24 * 7, 'TOKEN_TTL_HOURS'),
    gtmId: env.GTM_ID || undefined,
    demoTariff: booleanFrom(env.DEMO_TARIFF, false, 'DEMO_TARIFF'),
    lookupCacheBytes: intFrom(env.LOOKUP_CACHE_MB, 64, 'LOOKUP_CACHE_MB') * 1024 * 1024,
    uploadMaxBytes: intFrom(env.UPLOAD_MAX_MB, 50, 'UPLOAD_MAX_MB') * 1024 * 1024,
    importMaxRows: intFrom(env.IMPORT_MAX_ROWS, 1_000_000, 'IMPORT_MAX_ROWS'),
    importMaxColumns: intFrom(env.IMPORT_MAX_COLUMNS, 500, 'IMPORT_MAX_COLUMNS'),
    importMaxTextBytes: intFrom(env.IMPORT_MAX_TEXT_MB, 128, 'IMPORT_MAX_TEXT_MB') * 1024 * 1024,
    readersMax: Math.max(1, intFrom(env.READERS_MAX, 4, 'READERS_MAX')),
    readersPerUser: Math.max(1, intFrom(env.READERS_PER_USER, 2, 'READERS_PER_USER')),
    uploadDailyFiles: intFrom(env.UPLOAD_DAILY_FILES, 200, 'UPLOAD_DAILY_FILES'),
    uploadDailyBytes: intFrom(env.UPLOAD_DAILY_MB, 2048, 'UPLOAD_DAILY_MB') * 1024 * 1024,
    runJobs: booleanFrom(env.RUN_JOBS, true, 'RUN_JOBS'),
    jobStaleMs: Math.max(3, intFrom(env.JOB_STALE_SECONDS, 30, 'JOB_STALE_SECONDS')) * 1000,
    uploadStore: uploadStoreFrom(env.UPLOAD_STORE, env.DATABASE_URL ? 'database' : 'disk'),
    reportOrigins: reportOriginsFrom(env.REPORT_ORIGINS ?? 'https://app.powerbi.com'),
    powerBi: powerBiFrom(env),
    webDir: path.resolve(env.WEB_DIR || 'web/dist'),
    logLevel: env.LOG_LEVEL || 'info',
  };
}

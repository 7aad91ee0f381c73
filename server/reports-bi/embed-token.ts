import type { FastifyBaseLogger } from 'fastify';
import type { BiReport, ReportEmbed } from '../../common/reports/schemas.js';
import type { PowerBiSettings } from '../config.js';
import type { Run } from '../db/run.js';
import { AppError } from '../http/errors.js';
import { findReportFor } from './bi-reports.js';

/**
 * A token is renewed this long before it expires, so that a page given one has time to load the report and to
 * ask for the next one (the page asks two minutes before `expires_at`).
 */
export const tokenRenewalMarginMs = 5 * 60_000;
/** How long one call to Microsoft Entra or Power BI may take before the page is told the provider did not answer. */
const providerTimeoutMs = 10_000;
const powerBiScope = 'https://analysis.windows.net/powerbi/api/.default';
const powerBiServiceOrigin = 'https://app.powerbi.com';
/** The service principal's one sign-in, shared by every report. */
const accessTokenKey = 'power-bi-api';
const guid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PowerBiReportIds {
  groupId: string;
  reportId: string;
}

/**
 * The workspace (`groupId`) and report an embed address names when it is a Power BI report's: on the Power BI
 * service or a configured report origin (a national cloud), with both ids. Anything else is framed as it is.
 */
export function powerBiReportOf(embedUrl: string, reportOrigins: string[]): PowerBiReportIds | undefined {
  if (!URL.canParse(embedUrl)) return undefined;
  const url = new URL(embedUrl);
  if (url.origin !== powerBiServiceOrigin && !reportOrigins.includes(url.origin)) return undefined;
  const groupId = url.searchParams.get('groupId');
  const reportId = url.searchParams.get('reportId');
  return groupId && reportId && guid.test(groupId) && guid.test(reportId) ? { groupId, reportId } : undefined;
}

/**
 * The address powerbi-client is given: `autoAuth=true` (the sign-in of "embed for your organization", in the
 * address Power BI's "Website or portal" dialog copies) makes it refuse to embed with a token.
 */
function tokenEmbedUrl(embedUrl: string): string {
  const url = new URL(embedUrl);
  for (const name of [...url.searchParams.keys()]) if (name.toLowerCase() === 'autoauth') url.searchParams.delete(name);
  return url.toString();
}

interface ExpiringToken {
  value: string;
  expiresAt: number;
}

/** Tokens by key, each kept until shortly before it expires; callers asking at the same time share one request. */
class TokenCache {
  private readonly kept = new Map<string, ExpiringToken>();
  private readonly pending = new Map<string, Promise<ExpiringToken>>();

  get(key: string, request: () => Promise<ExpiringToken>): Promise<ExpiringToken> {
    const kept = this.kept.get(key);
    if (kept && kept.expiresAt - Date.now() > tokenRenewalMarginMs) return Promise.resolve(kept);
    let pending = this.pending.get(key);
    if (!pending) {
      pending = request()
        .then((token) => { this.keep(key, token); return token; })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  forget(key: string): void {
    this.kept.delete(key);
  }

  /** Expired tokens of reports nobody opens any more are dropped here, so the cache holds only live ones. */
  private keep(key: string, token: ExpiringToken): void {
    const now = Date.now();
    for (const [other, entry] of this.kept) if (entry.expiresAt <= now) this.kept.delete(other);
    this.kept.set(key, token);
  }
}

/** What a provider's error answer names: Entra's `{error, error_description}`, Power BI's `{error: {code, message}}`. */
function providerError(body: unknown): { code?: string; description?: string } {
  if (!body || typeof body !== 'object' || !('error' in body)) return {};
  const { error } = body as { error: unknown; error_description?: unknown };
  if (typeof error === 'string') {
    const description = (body as { error_description?: unknown }).error_description;
    return { code: error, ...(typeof description === 'string' ? { description } : {}) };
  }
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return { ...(typeof code === 'string' ? { code } : {}), ...(typeof message === 'string' ? { description: message } : {}) };
  }
  return {};
}

/**
 * One call to Microsoft Entra or Power BI, answered as JSON. A refusal, a timeout or an unreachable provider becomes
 * `report_embed_failed` naming the step, the status and the provider's error code and what to check; the provider's
 * own description (trace ids, account names) goes to the server log only.
 */
async function callProvider(log: FastifyBaseLogger, step: { name: string; check: string }, url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(providerTimeoutMs) });
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      throw new AppError('report_embed_failed', `${step.name} did not answer within ${providerTimeoutMs / 1000} seconds.`, { status: 504 });
    }
    log.warn({ err: error, url }, `${step.name} could not be reached`);
    throw new AppError('report_embed_failed', `${step.name} could not be reached.`);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const { code, description } = providerError(body);
    log.warn({ status: response.status, code, description, url }, `${step.name} refused the request`);
    throw new AppError('report_embed_failed', `${step.name} refused the request (HTTP ${response.status}${code ? `, ${code}` : ''}); ${step.check}.`);
  }
  return body;
}

/** Mints Power BI embed tokens with a service principal, or leaves every report framed when none is configured. */
export class EmbedTokenProvider {
  private readonly accessTokens = new TokenCache();
  private readonly embedTokens = new TokenCache();

  constructor(private readonly options: { powerBi: PowerBiSettings | undefined; reportOrigins: string[]; log: FastifyBaseLogger }) {}

  async embed(report: BiReport): Promise<ReportEmbed> {
    const { powerBi, reportOrigins } = this.options;
    const ids = powerBi && powerBiReportOf(report.embed_url, reportOrigins);
    if (!powerBi || !ids) return { id: report.id, name: report.name, type: 'frame', embed_url: report.embed_url };
    // A view token is the same for every viewer of a report, so one serves them all until it is renewed.
    const token = await this.embedTokens.get(`${ids.groupId}/${ids.reportId}`, () => this.generateEmbedToken(powerBi, ids));
    return {
      id: report.id, name: report.name, type: 'powerbi', embed_url: tokenEmbedUrl(report.embed_url),
      report_id: ids.reportId, token: token.value, expires_at: new Date(token.expiresAt).toISOString(),
    };
  }

  /** The service principal's Microsoft Entra access token to the Power BI API (client-credentials grant). */
  private accessToken(powerBi: PowerBiSettings): Promise<ExpiringToken> {
    return this.accessTokens.get(accessTokenKey, async () => {
      const requestedAt = Date.now();
      const body = await callProvider(this.options.log,
        { name: 'Microsoft Entra sign-in', check: 'check POWERBI_TENANT_ID, POWERBI_CLIENT_ID and POWERBI_CLIENT_SECRET' },
        `${powerBi.authorityUrl}/${encodeURIComponent(powerBi.tenantId)}/oauth2/v2.0/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
          body: new URLSearchParams({ grant_type: 'client_credentials', client_id: powerBi.clientId, client_secret: powerBi.clientSecret, scope: powerBiScope }),
        }) as { access_token?: unknown; expires_in?: unknown };
      const lifetimeSeconds = Number(body.expires_in);
      if (typeof body.access_token !== 'string' || !(lifetimeSeconds > 0)) throw new AppError('report_embed_failed', 'Microsoft Entra sign-in answered without an access token.');
      return { value: body.access_token, expiresAt: requestedAt + lifetimeSeconds * 1000 };
    });
  }

  private async generateEmbedToken(powerBi: PowerBiSettings, ids: PowerBiReportIds): Promise<ExpiringToken> {
    const accessToken = await this.accessToken(powerBi);
    let body: { token?: unknown; expiration?: unknown };
    try {
      body = await callProvider(this.options.log,
        { name: 'Power BI', check: `check that service principals may use Power BI APIs and that this one is a member of workspace ${ids.groupId}` },
        `${powerBi.apiUrl}/v1.0/myorg/groups/${ids.groupId}/reports/${ids.reportId}/GenerateToken`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${accessToken.value}`, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ accessLevel: 'View' }),
        }) as typeof body;
    } catch (error) {
      // The refusal may come from an access token revoked before its stated expiry: the next request signs in again.
      this.accessTokens.forget(accessTokenKey);
      throw error;
    }
    const expiresAt = typeof body.expiration === 'string' ? Date.parse(body.expiration) : Number.NaN;
    if (typeof body.token !== 'string' || Number.isNaN(expiresAt)) throw new AppError('report_embed_failed', 'Power BI answered without an embed token.');
    return { value: body.token, expiresAt };
  }
}

/** One report as the browser shows it: only one assigned to the user, or any for an administrator; anyone else finds nothing. */
export async function embedReport(options: { run: Run; embedTokens: EmbedTokenProvider; user: { id: string; isAdmin: boolean }; reportId: number }): Promise<ReportEmbed> {
  const report = await findReportFor(options.run, options.user, options.reportId);
  return options.embedTokens.embed(report);
}

import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type PowerBiSettings } from '../config.js';
import { runner } from '../db/run.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';
import { setAdministrator } from './admin-cli.js';
import { tokenRenewalMarginMs } from './embed-token.js';

const tenants = { regular: 'contoso-tenant', shortLived: 'short-lived-tenant', refused: 'refused-tenant' };
const workspaceId = crypto.randomUUID();
const reportIds = { utilisation: crypto.randomUUID(), gc: crypto.randomUUID(), refused: crypto.randomUUID() };
/** Tokens of the short-lived tenant leave the cache this many seconds after they are issued. */
const secondsBeforeRenewal = 3;

interface ProviderCall { method: string; path: string; headers: http.IncomingHttpHeaders; body: string; answer?: Record<string, unknown> }

/**
 * Microsoft Entra's token endpoint and Power BI's GenerateToken on a local port. Tokens of the short-lived tenant
 * come within the renewal margin a few seconds after they are issued; the refused tenant's sign-in and the refused
 * report's token are answered 401, as Entra and Power BI answer them.
 */
async function startProvider() {
  const calls: ProviderCall[] = [];
  let issued = 0;
  const shortLifetimeSeconds = tokenRenewalMarginMs / 1000 + secondsBeforeRenewal;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const call: ProviderCall = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString() };
      calls.push(call);
      const answer = (status: number, body: Record<string, unknown>) => {
        call.answer = body;
        response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      };
      const signIn = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(call.path);
      if (call.method === 'POST' && signIn) {
        const tenant = signIn[1];
        if (tenant === tenants.refused) return answer(401, { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret provided. Trace ID: 5f0c' });
        issued += 1;
        return answer(200, { token_type: 'Bearer', expires_in: tenant === tenants.shortLived ? shortLifetimeSeconds : 3599, ext_expires_in: 3599, access_token: `${tenant}-access-${issued}` });
      }
      const generate = /^\/v1\.0\/myorg\/groups\/([^/]+)\/reports\/([^/]+)\/GenerateToken$/.exec(call.path);
      if (call.method === 'POST' && generate) {
        if (generate[2] === reportIds.refused) return answer(401, { error: { code: 'PowerBINotAuthorizedException', message: 'The service principal is not a member of the workspace.' } });
        const shortLived = call.headers.authorization?.startsWith(`Bearer ${tenants.shortLived}-`);
        issued += 1;
        const expiration = new Date(Date.now() + (shortLived ? shortLifetimeSeconds : 3600) * 1000).toISOString();
        return answer(200, { '@odata.context': 'http://localhost/v1.0/myorg/$metadata#Microsoft.PowerBI.ServiceClient.Models.EmbedToken', token: `embed-${issued}`, tokenId: crypto.randomUUID(), expiration });
      }
      return answer(404, { error: { code: 'NotFound' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    signIns: () => calls.filter((call) => call.path.endsWith('/oauth2/v2.0/token')),
    generations: () => calls.filter((call) => call.path.endsWith('/GenerateToken')),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Power BI reports embedded with tokens the server mints, against a local stand-in for Entra and Power BI. */
describe('Power BI embed tokens', () => {
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let t: TestApp;
  /** Apps over the same database with another service principal, or none. */
  const siblings: Record<'shortLived' | 'refusing' | 'unconfigured', FastifyInstance> = {} as never;
  const mail = captureMail();
  const tokens: Record<string, string> = {};
  const reports: Record<'utilisation' | 'gc' | 'framed' | 'refused', { id: number; embed_url: string }> = {} as never;
  const settings = (tenantId: string): PowerBiSettings => ({ tenantId, clientId: 'dutybook-embedder', clientSecret: 'client-secret-of-test', authorityUrl: provider.url, apiUrl: provider.url });
  const embed = (who: string, reportId: number, app: FastifyInstance = t.app) =>
    app.inject({ method: 'GET', url: `/api/clients-api/reports/${reportId}/embed/`, headers: { authorization: `Bearer ${tokens[who]}` } });

  beforeAll(async () => {
    provider = await startProvider();
    t = await createTestApp({ authRateLimitPerMinute: 1000, powerBi: settings(tenants.regular) }, mail);
    const sibling = async (powerBi: PowerBiSettings | undefined) => {
      const app = await buildApp({ config: { ...t.config, powerBi }, database: t.database, mailer: mail });
      await app.ready();
      return app;
    };
    siblings.shortLived = await sibling(settings(tenants.shortLived));
    siblings.refusing = await sibling(settings(tenants.refused));
    siblings.unconfigured = await sibling(undefined);
    for (const name of ['admin', 'member', 'stranger']) {
      const email = `${name}@embed.vn`;
      await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Tidewater-Ledger-7781', name } });
      tokens[name] = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
    }
    await setAdministrator(runner(t.database), 'grant', 'admin@embed.vn');
    const add = async (report: object) =>
      (await t.app.inject({ method: 'POST', url: '/api/admin/reports/', headers: { authorization: `Bearer ${tokens.admin}` }, payload: report })).json();
    const powerBiUrl = (reportId: string) => `https://app.powerbi.com/reportEmbed?reportId=${reportId}&groupId=${workspaceId}&autoAuth=true&ctid=${crypto.randomUUID()}`;
    reports.utilisation = await add({ name: 'C/O utilisation', embed_url: powerBiUrl(reportIds.utilisation), type: 'XNK-UTM-CO' });
    reports.gc = await add({ name: 'BCQT gia công', embed_url: powerBiUrl(reportIds.gc), type: 'BCQT', sub_type: 'GC' });
    // Published without a workspace id: nothing to mint a token for, so it is framed as it is.
    reports.framed = await add({ name: 'Tax', embed_url: `https://app.powerbi.com/reportEmbed?reportId=${crypto.randomUUID()}&autoAuth=true`, type: 'Tax' });
    reports.refused = await add({ name: 'BCQT SXXK', embed_url: powerBiUrl(reportIds.refused), type: 'BCQT', sub_type: 'SXXK' });
    await t.app.inject({
      method: 'PUT', url: '/api/admin/users/member@embed.vn/reports/', headers: { authorization: `Bearer ${tokens.admin}` },
      payload: { report_ids: [reports.utilisation.id, reports.gc.id, reports.framed.id, reports.refused.id] },
    });
  });
  afterAll(async () => {
    for (const app of Object.values(siblings)) await app.close();
    await t?.close();
    await provider?.close();
  });

  it('answers 404 to a user the report is not assigned to and for unknown reports, before asking for any token', async () => {
    expect((await embed('stranger', reports.utilisation.id)).statusCode).toBe(404);
    expect((await embed('member', 999_999)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/clients-api/reports/${reports.utilisation.id}/embed/` })).statusCode).toBe(401);
    expect(provider.calls).toEqual([]);
  });

  it('mints an embed token with the client-credentials grant and keeps it for every viewer until shortly before it expires', async () => {
    const first = await embed('member', reports.utilisation.id);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const answer = first.json();
    expect(answer).toEqual({
      id: reports.utilisation.id, name: 'C/O utilisation', type: 'powerbi',
      // powerbi-client refuses an address that asks Power BI to sign the viewer in.
      embed_url: reports.utilisation.embed_url.replace('&autoAuth=true', ''),
      report_id: reportIds.utilisation, token: expect.stringMatching(/^embed-/), expires_at: expect.any(String),
    });
    expect(Date.parse(answer.expires_at) - Date.now()).toBeGreaterThan(55 * 60_000);
    // The member again and an administrator, who holds no assignment, get the same token without another call.
    expect((await embed('member', reports.utilisation.id)).json().token).toBe(answer.token);
    expect((await embed('admin', reports.utilisation.id)).json().token).toBe(answer.token);

    const [signIn] = provider.signIns();
    expect(provider.signIns()).toHaveLength(1);
    expect(signIn!.path).toBe(`/${tenants.regular}/oauth2/v2.0/token`);
    expect(signIn!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(signIn!.body))).toEqual({
      grant_type: 'client_credentials', client_id: 'dutybook-embedder', client_secret: 'client-secret-of-test', scope: 'https://analysis.windows.net/powerbi/api/.default',
    });
    const [generation] = provider.generations();
    expect(provider.generations()).toHaveLength(1);
    expect(generation!.path).toBe(`/v1.0/myorg/groups/${workspaceId}/reports/${reportIds.utilisation}/GenerateToken`);
    expect(generation!.headers.authorization).toBe(`Bearer ${tenants.regular}-access-1`);
    expect(JSON.parse(generation!.body)).toEqual({ accessLevel: 'View' });

    // Another report gets a token of its own under the same sign-in.
    const gc = (await embed('member', reports.gc.id)).json();
    expect(gc).toMatchObject({ type: 'powerbi', report_id: reportIds.gc });
    expect(gc.token).not.toBe(answer.token);
    expect(provider.signIns()).toHaveLength(1);
    expect(provider.generations().map((call) => call.path)).toEqual([generation!.path, `/v1.0/myorg/groups/${workspaceId}/reports/${reportIds.gc}/GenerateToken`]);

    // An address without a workspace is framed as it is, without asking Power BI.
    expect((await embed('member', reports.framed.id)).json()).toEqual({ id: reports.framed.id, name: 'Tax', type: 'frame', embed_url: reports.framed.embed_url });
    expect(provider.calls).toHaveLength(3);
    const csp = String((await t.app.inject({ method: 'GET', url: '/api/health/' })).headers['content-security-policy']);
    expect(csp).toContain(`frame-src 'self' ${new URL(answer.embed_url).origin};`);
  });

  it('signs in and mints again once the tokens come within the renewal margin of their expiry', async () => {
    provider.calls.length = 0;
    const first = (await embed('member', reports.utilisation.id, siblings.shortLived)).json();
    expect((await embed('member', reports.utilisation.id, siblings.shortLived)).json().token).toBe(first.token);
    expect(provider.calls).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, secondsBeforeRenewal * 1000 + 100));
    const renewed = (await embed('member', reports.utilisation.id, siblings.shortLived)).json();
    expect(renewed.token).not.toBe(first.token);
    expect(Date.parse(renewed.expires_at)).toBeGreaterThan(Date.parse(first.expires_at));
    // Each token was minted under the sign-in of its time.
    const signIns = provider.signIns();
    expect(signIns.map((call) => call.path)).toEqual([`/${tenants.shortLived}/oauth2/v2.0/token`, `/${tenants.shortLived}/oauth2/v2.0/token`]);
    expect(provider.generations().map((call) => call.headers.authorization)).toEqual(signIns.map((call) => `Bearer ${String(call.answer?.access_token)}`));
    expect(signIns[0]!.answer?.access_token).not.toBe(signIns[1]!.answer?.access_token);
  });

  it('frames every report as it is when no service principal is configured', async () => {
    provider.calls.length = 0;
    expect((await embed('member', reports.utilisation.id, siblings.unconfigured)).json()).toEqual({
      id: reports.utilisation.id, name: 'C/O utilisation', type: 'frame', embed_url: reports.utilisation.embed_url,
    });
    expect((await embed('stranger', reports.utilisation.id, siblings.unconfigured)).statusCode).toBe(404);
    expect(provider.calls).toEqual([]);
  });

  it('answers 502 with the step that failed and what to check when Entra or Power BI refuses', async () => {
    const signInRefused = await embed('member', reports.utilisation.id, siblings.refusing);
    expect(signInRefused.statusCode).toBe(502);
    expect(signInRefused.json()).toEqual({
      code: 'report_embed_failed',
      detail: 'Microsoft Entra sign-in refused the request (HTTP 401, invalid_client); check POWERBI_TENANT_ID, POWERBI_CLIENT_ID and POWERBI_CLIENT_SECRET.',
    });
    const tokenRefused = await embed('member', reports.refused.id);
    expect(tokenRefused.statusCode).toBe(502);
    expect(tokenRefused.json().detail).toBe(
      `Power BI refused the request (HTTP 401, PowerBINotAuthorizedException); check that service principals may use Power BI APIs and that this one is a member of workspace ${workspaceId}.`);
    // A refusal is not kept: the next request asks again.
    const signInsBefore = provider.signIns().length;
    expect((await embed('member', reports.utilisation.id, siblings.refusing)).statusCode).toBe(502);
    expect(provider.signIns()).toHaveLength(signInsBefore + 1);
  });

  it('reads the service principal from the environment, all three credentials or none', () => {
    expect(loadConfig({}).powerBi).toBeUndefined();
    expect(loadConfig({ POWERBI_TENANT_ID: 't', POWERBI_CLIENT_ID: 'c', POWERBI_CLIENT_SECRET: 's' }).powerBi).toEqual({
      tenantId: 't', clientId: 'c', clientSecret: 's', authorityUrl: 'https://login.microsoftonline.com', apiUrl: 'https://api.powerbi.com',
    });
    expect(loadConfig({ POWERBI_TENANT_ID: 't', POWERBI_CLIENT_ID: 'c', POWERBI_CLIENT_SECRET: 's', POWERBI_API_URL: 'http://127.0.0.1:9/' }).powerBi?.apiUrl).toBe('http://127.0.0.1:9');
    expect(() => loadConfig({ POWERBI_TENANT_ID: 't', POWERBI_CLIENT_ID: 'c' })).toThrow('POWERBI_CLIENT_SECRET unset');
  });
});

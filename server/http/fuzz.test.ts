import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Every route of the OpenAPI document, asked with generated queries and bodies: keys that are Object's own
 * members, NUL characters, wrong types, huge and empty values. Whatever arrives, the answer is never a 500.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Route = { method: Method; path: string };

/** Routes whose success would end the session the fuzzing runs in. */
const sessionEnding = new Set(['POST /api/logout/', 'PUT /api/change-password/']);

const hostileKeys = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'ordering', 'search', 'page', 'page_size', 'code', 'id', 'q', 'lang', 'year'];
const hostileText = fc.oneof(
  fc.string(),
  fc.constantFrom('\u0000', 'a\u0000b', '-constructor', '__proto__', 'constructor,-__proto__', '%00', '9'.repeat(400), '', ' ', '-1', '1e309', 'NaN', '2025-02-30', "'; DROP TABLE users; --", '한국어 ờ'),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true },
    hostileText, fc.integer(), fc.double(), fc.boolean(), fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...hostileKeys), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 })),
})).value;
const hostileQuery = fc.dictionary(fc.oneof(fc.constantFrom(...hostileKeys), fc.string({ maxLength: 10 })), hostileText, { maxKeys: 5 });
const hostileBody = fc.dictionary(fc.oneof(fc.constantFrom(...hostileKeys), fc.string({ maxLength: 10 })), hostileValue, { maxKeys: 6 });

describe('every route under generated input', () => {
  let t: TestApp;
  const mail = captureMail();
  let token = '';
  let routes: Route[] = [];
  const company = { slug: '', folder: '' };

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 100_000 }, mail);
    const email = 'fuzz@example.vn';
    await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Tidewater-Ledger-7781', name: 'Fuzz' } });
    token = (await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } })).json().token.access_token;
    const created = (await t.app.inject({ method: 'POST', url: '/api/clients-api/companies/', headers: { authorization: `Bearer ${token}` }, payload: { name: 'Fuzz Co' } })).json();
    company.slug = created.slug;
    company.folder = created.folder_set[0].slug;
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({ method: method.toUpperCase() as Method, path })))
      .filter((route) => route.path.startsWith('/api/') && !sessionEnding.has(`${route.method} ${route.path}`))
      // Deleting the fuzzed company or its period would leave later routes nothing but 404s to answer.
      .filter((route) => !(route.method === 'DELETE' && /\/companies\/\{slug\}\/(folder-sets\/\{folder_slug\}\/)?$/.test(route.path)));
  });
  afterAll(async () => t.close());

  it('refuses Object\'s member names as fields and NUL characters anywhere with a clear 400', async () => {
    const scope = `company_slug=${company.slug}&folder_slug=${company.folder}`;
    const ask = (url: string, payload?: object) => t.app.inject({ method: payload ? 'POST' : 'GET', url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    for (const url of [
      `/api/balance/ecus/?${scope}&ordering=constructor`, `/api/balance/ecus/?${scope}&ordering=-__proto__`,
      `/api/balance/ecus/?${scope}&constructor=1`, `/api/balance/ecus/?${scope}&search=a%00b`, `/api/lookup/search/?q=c%00a`,
    ]) {
      const answer = await ask(url);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().code, url).toBe('validation_error');
    }
    const body = await ask(`/api/balance/ecus/?${scope}`, { code: 'A\u0000B' });
    expect(body.json()).toMatchObject({ code: 'validation_error', fields: { code: ['Text must not contain NUL characters.'] } });
  });

  it('answers every route with a status below 500', async () => {
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of routes) {
      await fc.assert(fc.asyncProperty(hostileQuery, hostileBody, fc.boolean(), fc.string({ maxLength: 12 }), async (query, body, ownScope, pathValue) => {
        const url = route.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(
          ownScope && name === 'slug' ? company.slug : ownScope && name === 'folder_slug' ? company.folder : pathValue || 'x'));
        const search = new URLSearchParams({ ...query, ...(ownScope ? { company_slug: company.slug, folder_slug: company.folder } : {}) });
        const answer = await t.app.inject({
          method: route.method,
          url: `${url}?${search.toString()}`,
          headers: { authorization: `Bearer ${token}` },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: body as Record<string, unknown> }),
        });
        if (answer.statusCode >= 500) failures.push(`${route.method} ${url}?${search.toString()} ${JSON.stringify(body)} → ${answer.statusCode} ${answer.body.slice(0, 200)}`);
        return answer.statusCode < 500;
      }), { numRuns: 12, seed: 20261124, endOnFailure: true }).catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

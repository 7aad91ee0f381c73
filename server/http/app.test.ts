import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

describe('system routes', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t.close());

  it('reports health with the database engine in use', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.database.kind });
    const withoutSlash = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(withoutSlash.statusCode).toBe(200);
  });

  it('reports an unhealthy database as 503', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.statusCode).toBe(503);
    expect(response.json().status).toBe('error');
    await broken.close();
  });

  it('publishes the OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const health = document.paths['/api/health/'].get;
    expect(health.responses['200'].content['application/json'].schema.properties.database.enum).toEqual(['pglite', 'postgres']);
  });

  it('renders the API reference at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });

  it('answers an unknown API path with the JSON error shape', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/no-such-thing/?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toMatchObject({ code: 'not_found', detail: expect.any(String) });
    }
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('web app serving', () => {
  async function withBuiltWeb(basePath: string) {
    const probe = await createTestApp();
    const webDir = path.join(probe.config.dataDir, 'web');
    await probe.close();
    await fs.mkdir(path.join(webDir, 'assets'), { recursive: true });
    await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>Dutybook</title></head><body><div id="root"></div></body></html>');
    await fs.writeFile(path.join(webDir, 'assets', 'app-abc123.js'), 'console.log("app")');
    await fs.writeFile(path.join(webDir, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync('console.log("app")'));
    const t = await createTestApp({ webDir, basePath, gtmId: undefined });
    return { t, cleanup: async () => { await t.close(); await fs.rm(webDir, { recursive: true, force: true }); } };
  }

  it('serves assets and the app for client routes under a base path', async () => {
    const { t, cleanup } = await withBuiltWeb('/dutybook');
    try {
      const page = await t.app.inject({ method: 'GET', url: '/dutybook/some/client/route' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<base href="/dutybook/">');
      expect(page.body).toContain('"basePath":"/dutybook"');
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");

      const asset = await t.app.inject({ method: 'GET', url: '/dutybook/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const compressed = await t.app.inject({ method: 'GET', url: '/dutybook/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log("app")');
      // A script keeps the headers that guard a subresource and goes without the document's policies.
      for (const response of [asset, compressed]) {
        expect([response.headers['x-content-type-options'], response.headers['cross-origin-resource-policy']]).toEqual(['nosniff', 'same-origin']);
        expect([response.headers['content-security-policy'], response.headers['x-frame-options']]).toEqual([undefined, undefined]);
      }

      const dottedCode = await t.app.inject({ method: 'GET', url: '/dutybook/8516.60.10' });
      expect([dottedCode.statusCode, dottedCode.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);

      const missingAsset = await t.app.inject({ method: 'GET', url: '/dutybook/assets/missing.js' });
      expect(missingAsset.statusCode).toBe(404);

      const root = await t.app.inject({ method: 'GET', url: '/' });
      expect(root.statusCode).toBe(302);
      expect(root.headers.location).toBe('/dutybook/');

      const health = await t.app.inject({ method: 'GET', url: '/dutybook/api/health/' });
      expect(health.json().status).toBe('ok');
      const unknownApi = await t.app.inject({ method: 'GET', url: '/dutybook/api/nope/' });
      expect(unknownApi.statusCode).toBe(404);
      expect(unknownApi.json().code).toBe('not_found');
      const outside = await t.app.inject({ method: 'GET', url: '/elsewhere' });
      expect(outside.statusCode).toBe(404);
    } finally {
      await cleanup();
    }
  });

  it('serves the app at the root without a base path', async () => {
    const { t, cleanup } = await withBuiltWeb('');
    try {
      const home = await t.app.inject({ method: 'GET', url: '/' });
      expect(home.body).toContain('<base href="/">');
      const unknown = await t.app.inject({ method: 'GET', url: '/this/page/does/not/exist' });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toContain('<div id="root">');
    } finally {
      await cleanup();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { lookupSeeder } from './seed-lookup.js';

/** What one public search may cost: words read, searches a client may send, and texts that read as no words at all. */
describe('the cost bound of the public search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ lookupSearchPerMinute: 30 });
    await lookupSeeder('shipped').run(t.database);
  }, 300_000);
  afterAll(async () => { await t.close(); });

  const search = (q: string, client: string) =>
    t.app.inject({ method: 'GET', url: `/api/lookup/search/?q=${encodeURIComponent(q)}`, remoteAddress: client });
  const words = 'máy bơm nước điện thoại xe ô tô thép gỗ vải nhựa cao su kính giấy đồng nhôm sợi bông len da giày mũ túi ghế bàn đèn quạt pin dây cáp ống van bu lông đinh kìm'.split(' ');
  const longQuery = (seed: number) => Array.from({ length: 40 }, (_, index) => words[(index * 7 + seed) % words.length]).join(' ');

  it('answers texts that read as no words, as text search syntax, normally', async () => {
    for (const q of ['! |', '!', '& | ! ( )', "'", 'máy | bơm', 'the |']) {
      const response = await search(q, '10.0.0.1');
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
    }
  });

  it('searches the first twelve words of a query and names the others', async () => {
    const q = longQuery(1);
    const answer = (await search(q, '10.0.0.2')).json() as { query: { ignored?: string[] } };
    expect(answer.query.ignored).toEqual([...new Set(q.split(' '))].slice(12));
  });

  it('keeps answering other visitors promptly while clients send many long queries', async () => {
    const flood = Array.from({ length: 6 }, (_, client) => Array.from({ length: 8 }, (_, index) => search(longQuery(client * 8 + index + 2), `10.1.0.${client}`))).flat();
    // Let the flood reach the server first.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    const other = await search('máy bơm nước', '10.2.0.1');
    const waited = performance.now() - started;
    const answers = await Promise.all(flood);
    expect(other.statusCode).toBe(200);
    // Each client has at most two searches running: the rest of the flood is refused at once, not queued.
    const refused = answers.filter((response) => response.statusCode === 429);
    expect(refused.length).toBeGreaterThanOrEqual(6 * 3);
    expect(refused[0]!.json()).toMatchObject({ code: 'rate_limited' });
    expect(waited).toBeLessThan(15_000);
  }, 120_000);

  it('refuses a client its searches past the minute\'s limit, not the kept answers nor other clients', async () => {
    const client = '10.3.0.1';
    for (let index = 0; index < 30; index += 1) expect((await search(`thép ${index}`, client)).statusCode).toBe(200);
    const refused = await search('thép tấm cán nóng', client);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    // A kept answer costs no query and is sent.
    expect((await search('thép 3', client)).statusCode).toBe(200);
    expect((await search('thép tấm cán nóng', '10.3.0.2')).statusCode).toBe(200);
  }, 120_000);
});

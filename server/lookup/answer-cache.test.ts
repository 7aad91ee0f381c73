import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { lookupCacheBytes } from './answer-cache.js';
import { lookupSeeder } from './seed-lookup.js';

describe('the lookup answer cache', () => {
  let t: TestApp;
  const bound = 40_000;
  beforeAll(async () => {
    t = await createTestApp({ lookupCacheBytes: bound });
    await lookupSeeder('demo').run(t.database);
  });
  afterAll(async () => t.close());

  it('stays within its byte bound however many distinct questions are asked, and still answers repeats', async () => {
    const pages: string[] = [];
    for (let page = 1; page <= 6; page += 1) {
      for (const lang of ['vi', 'en', 'ko']) {
        for (const q of ['', 'a', 'e', 'o']) {
          const answer = await t.app.inject({ method: 'GET', url: `/api/lookup/search/?q=${q}&lang=${lang}&page=${page}` });
          expect(answer.statusCode).toBe(200);
          pages.push(answer.body);
          expect(lookupCacheBytes(t.database)).toBeLessThanOrEqual(bound);
        }
      }
    }
    expect(pages.join('').length).toBeGreaterThan(bound * 2);
    expect(lookupCacheBytes(t.database)).toBeGreaterThan(bound / 4);
    const again = await t.app.inject({ method: 'GET', url: '/api/lookup/search/?q=o&lang=ko&page=6' });
    expect(again.body).toBe(pages.at(-1));
  });
});

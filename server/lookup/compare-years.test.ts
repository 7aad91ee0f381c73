import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDutyRate } from '../../common/lookup/duty-rate.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { demoTariffLines } from './demo-data.js';
import { replaceTariffYear } from './replace-lookup-data.js';

describe('comparing a code between two tariff years', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // 2022: 0101 worded differently, 0101.30.90 not yet split, and rates the demonstration year (2025) does not carry.
    const lines2022 = demoTariffLines
      .filter((line) => !['01013010', '01013090'].includes(line.id))
      .map((line) => (line.id === '0101' ? { ...line, description: 'Ngựa, lừa, la, la lai sống.' } : line));
    lines2022.splice(lines2022.findIndex((line) => line.id === '010130') + 1, 0, { id: '01013000', parentId: '010130', section: 'I', description: '- Lừa' });
    await replaceTariffYear({
      database: t.database, year: 2022, lines: lines2022,
      rates: [{ lineId: '01012100', schedule: 'MFN', rate: parseDutyRate('0') }, { lineId: '01013000', schedule: 'MFN', rate: parseDutyRate('5') }],
    });
    await replaceTariffYear({ database: t.database, year: 2025, lines: demoTariffLines });
  });
  afterAll(async () => { await t.close(); });

  const compare = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/lookup/compare/?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('lists lines added, removed, reworded and re-rated, and relates a split line to its successors', async () => {
    const answer = await compare('code=01.01&from=2022&to=2025');
    expect(answer).toMatchObject({ code: '0101', from: 2022, to: 2025, count: 5 });
    expect(answer.changes.map((c: { id: string; change: string; fields: string[]; related: string[] }) => [c.id, c.change, c.fields, c.related])).toEqual([
      ['0101', 'changed', ['description'], []],
      ['01012100', 'changed', ['rate:MFN'], []],
      ['01013000', 'removed', [], ['01013010', '01013090']],
      ['01013010', 'added', [], ['01013000']],
      ['01013090', 'added', [], ['01013000']],
    ]);
    expect(answer.changes[0].before.description).toBe('Ngựa, lừa, la, la lai sống.');
    expect(answer.changes[1]).toMatchObject({ before: { rates: { MFN: '0' } }, after: { rates: {} } });
  });

  it('compares a whole year when no code is given, reads years by the spec\'s rule and refuses a wrong code', async () => {
    expect((await compare('from=2022&to=2025')).count).toBe(5);
    expect((await compare('code=0102&from=2022&to=2099')).count).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/lookup/compare/?code=abc&from=2022&to=2025' })).statusCode).toBe(400);
  });
});

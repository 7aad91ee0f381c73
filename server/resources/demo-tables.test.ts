import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceNamed } from '../../common/resources/index.js';
import { fieldValueSchema, type Row } from '../../common/resources/schemas.js';
import { demoAccount, demoAccountSeeder } from '../companies/seed-demo-account.js';
import { runner } from '../db/run.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { demoCompanyName, demoTables } from './demo-tables.js';
import { demoTablesSeeder } from './seed-demo-tables.js';

/** A decimal string as a whole number of ten-thousandths, so sums are exact; empty counts as zero. */
function units(value: unknown): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  const match = /^(-?)(\d+)(?:\.(\d{1,4}))?$/.exec(String(value));
  if (!match) throw new Error(`not a decimal with at most 4 places: ${String(value)}`);
  const magnitude = BigInt(match[2]!) * 10_000n + BigInt((match[3] ?? '').padEnd(4, '0'));
  return match[1] ? -magnitude : magnitude;
}

const totalBy = (rows: Row[], key: string, value: string, keep: (row: Row) => boolean = () => true) => {
  const totals = new Map<string, bigint>();
  for (const row of rows.filter(keep)) totals.set(String(row[key]), (totals.get(String(row[key])) ?? 0n) + units(row[value]));
  return totals;
};

describe('demo tables generator', () => {
  const tables = demoTables(2026);

  it('gives the same books for the same year', () => {
    expect(demoTables(2026)).toEqual(tables);
    expect(demoTables(2027).ecus).not.toEqual(tables.ecus);
  });

  it('writes every value as its field kind wants it, with the required fields filled', () => {
    for (const [name, rows] of Object.entries(tables)) {
      const resource = resourceNamed(name);
      const schemas = Object.entries(resource.fields).map(([field, definition]) => [field, fieldValueSchema(definition)] as const);
      expect(rows.length, name).toBeGreaterThan(0);
      for (const row of rows) {
        for (const [field, schema] of schemas) {
          const parsed = schema.safeParse(row[field] ?? null);
          expect(parsed.success, `${name}.${field} = ${String(row[field])}`).toBe(true);
          // Values are already canonical: what the API answers is what was generated.
          if (row[field] !== undefined && row[field] !== null) expect(parsed.data, `${name}.${field}`).toBe(row[field]);
        }
        for (const field of Object.keys(row)) expect(resource.fields[field], `${name}.${field}`).toBeDefined();
      }
    }
  });

  it('dates the movements from January to October of the year, and numbers declarations as VNACCS does', () => {
    const dates = [...tables.ecus!.map((row) => row.registered_date), ...tables['wh-take-in']!.map((row) => row.bill_date), ...tables['wh-take-out']!.map((row) => row.takeout_date)];
    for (const date of dates) expect(String(date) >= '2026-01-01' && String(date) <= '2026-10-31', String(date)).toBe(true);
    for (const row of tables.ecus!) {
      expect(String(row.account_number)).toMatch(row.type_code === 'E62' ? /^30\d{10}$/ : /^10\d{10}$/);
      expect(units(row.nt_value)).toBe(units(row.total) * units(row.unit_price) / 10_000n);
    }
    expect(tables.bom!.map((row) => row.material_name)).toContain('Vải cotton 100% khổ 1,5m');
  });
});

describe('demo tables seeder', () => {
  let t: TestApp;
  let token = '';
  let query: Record<string, string> = {};
  beforeAll(async () => { t = await createTestApp(); });
  afterAll(async () => t.close());

  async function list(name: string): Promise<{ count: number; results: Row[] }> {
    const resource = resourceNamed(name);
    const response = await t.app.inject({
      method: 'GET', url: `/api/${resource.family}/${resource.name}/?${new URLSearchParams({ ...query, page_size: '500' }).toString()}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, name).toBe(200);
    return response.json();
  }

  async function counts(): Promise<Record<string, number>> {
    const entries = await Promise.all(Object.keys(demoTables(2026)).map(async (name) => [name, (await list(name)).count] as const));
    return Object.fromEntries(entries);
  }

  it('fills the demo company once, with books whose totals reconcile', async () => {
    await demoTablesSeeder.run(t.database);
    await demoAccountSeeder(true).run(t.database);
    await demoTablesSeeder.run(t.database);
    if (t.database.kind === 'postgres') {
      // No demo account on a server database, so nothing to fill.
      const [row] = await runner(t.database)<{ n: number }>('SELECT count(*)::int AS n FROM ecus_lines');
      expect(row?.n).toBe(0);
      return;
    }

    const signedIn = await t.app.inject({
      method: 'POST', url: '/api/oauth/token/', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: demoAccount.email, password: demoAccount.password, grant_type: 'password' }).toString(),
    });
    token = signedIn.json().access_token;
    const info = await t.app.inject({ method: 'GET', url: '/api/clients-api/info/', headers: { authorization: `Bearer ${token}` } });
    const membership = info.json().companies.find((company: { company_name: string }) => company.company_name === demoCompanyName);
    const company = await t.app.inject({ method: 'GET', url: `/api/clients-api/companies/${membership.company_slug}/`, headers: { authorization: `Bearer ${token}` } });
    const folderSet = company.json().folder_set[0];
    query = { company_slug: membership.company_slug, folder_slug: folderSet.slug };

    const expected = demoTables(folderSet.year);
    const before = await counts();
    for (const [name, rows] of Object.entries(expected)) expect(before[name], name).toBe(rows.length);
    expect(Object.values(before).reduce((a, b) => a + b, 0)).toBeLessThan(1_000);

    const ecus = (await list('ecus')).results;
    const isImport = (row: Row) => row.type_code === 'E31';
    const imported = totalBy(ecus, 'code', 'total', isImport);
    const exported = totalBy(ecus, 'code', 'total', (row) => row.type_code === 'E62');
    for (const row of ecus) {
      expect(units(row.nt_value), String(row.account_number)).toBe(units(row.total) * units(row.unit_price) / 10_000n);
    }

    // Warehouse receipts are the declared imports, code by code; issues are what the production orders used.
    const receipts = (await list('wh-take-in')).results;
    expect(totalBy(receipts, 'code', 'quantity', (row) => row.item_type === 'material')).toEqual(imported);
    const production = (await list('production')).results;
    const used = totalBy(production, 'child_item', 'use_quantity');
    const takenOut = totalBy((await list('wh-take-out')).results, 'code', 'quantity');
    expect(takenOut).toEqual(used);
    expect(totalBy((await list('acc-take-in')).results, 'code', 'import_quantity')).toEqual(imported);
    expect(totalBy((await list('acc-take-out')).results, 'code', 'export_quantity')).toEqual(used);

    // Each order uses product quantity × norm × (1 + loss rate).
    const bom = (await list('bom')).results;
    for (const row of production) {
      const norm = bom.find((line) => line.code === row.code && line.material_code === row.child_item)!;
      expect(units(row.use_quantity) * 10_000n * 10_000n * 100n).toBe(units(row.product_quantity) * units(norm.bom_value) * (100n * 10_000n + units(norm.loss_rate)));
    }

    // In-out balances: begin + in − out = end, in quantity and value, with the movements behind them.
    const opening = totalBy((await list('begin')).results, 'code', 'begin_value');
    const made = new Map<string, bigint>();
    for (const order of new Map(production.map((row) => [row.manufacturing_order_no, row])).values()) {
      made.set(String(order.code), (made.get(String(order.code)) ?? 0n) + units(order.product_quantity));
    }
    const sold = totalBy((await list('sell')).results, 'code', 'quantity');
    const whIob = (await list('wh-iob')).results;
    for (const row of whIob) {
      const code = String(row.code);
      expect(units(row.end_quantity), code).toBe(units(row.begin_quantity) + units(row.take_in_quantity) - units(row.take_out_quantity));
      expect(units(row.end_value), code).toBe(units(row.begin_value) + units(row.take_in_value) - units(row.take_out_value));
      expect(units(row.begin_quantity), code).toBe(opening.get(code));
      if (row.item_type === 'material') {
        expect([units(row.take_in_quantity), units(row.take_out_quantity)], code).toEqual([imported.get(code), used.get(code)]);
      } else {
        expect([units(row.take_in_quantity), units(row.take_out_quantity)], code).toEqual([made.get(code), exported.get(code)! + (sold.get(code) ?? 0n)]);
      }
    }
    const accIob = (await list('acc-iob')).results;
    for (const row of accIob) {
      expect(units(row.end_quantity), String(row.code)).toBe(units(row.begin_quantity) + units(row.import_quantity) - units(row.export_quantity));
      expect(units(row.end_value), String(row.code)).toBe(units(row.begin_value) + units(row.import_value) - units(row.export_value));
    }
    const closing = totalBy(whIob, 'code', 'end_quantity');

    // Statements 15 and 15A, computed from these books, follow the same movements.
    const report = async (path: string) => (await t.app.inject({ method: 'GET', url: `/api/new-balance/${path}/?${new URLSearchParams(query).toString()}`, headers: { authorization: `Bearer ${token}` } })).json();
    const statement15 = await report('report-statement-15');
    expect(statement15.count).toBeGreaterThan(0);
    expect(statement15.unmapped_type_codes).toEqual([]);
    for (const row of statement15.results) {
      const code = String(row.code);
      expect([units(row.take_in), units(row.export_to_produce), units(row.end_value)], code).toEqual([imported.get(code), used.get(code), closing.get(code)]);
      expect(row.problems, code).toEqual([]);
    }
    const statement15a = await report('report-statement-15A');
    expect(statement15a.count).toBe(made.size);
    for (const row of statement15a.results) {
      const code = String(row.code);
      expect([units(row.take_in), units(row.exportt), units(row.re_purpose), units(row.end_quantity)], code).toEqual([made.get(code), exported.get(code), sold.get(code) ?? 0n, closing.get(code)]);
    }

    // The count matches the books except two small shortages; the closing-stock tables agree with both.
    const counted = totalBy((await list('wh-counting')).results, 'code', 'inventory_quantity');
    const shortages = [...closing].filter(([code, quantity]) => counted.get(code) !== quantity);
    expect(shortages).toHaveLength(2);
    for (const [code, quantity] of shortages) expect(quantity - counted.get(code)!).toBeLessThan(units('200'));
    expect(totalBy((await list('wh-ending-inventory')).results, 'code', 'quantity')).toEqual(closing);
    expect(totalBy((await list('ending-inventory')).results, 'code', 'quantity')).toEqual(counted);

    // Certificates of origin name real export declarations, and annex lines real import declarations.
    const declarations = new Set(ecus.map((row) => row.account_number));
    for (const row of (await list('co')).results) expect(declarations.has(row.export_declaration_number)).toBe(true);
    for (const row of (await list('annex')).results) expect(declarations.has(row.import_declaration_number)).toBe(true);

    // A second start-up adds nothing.
    await demoTablesSeeder.run(t.database);
    expect(await counts()).toEqual(before);
  });
});

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows, type FieldDefinition, type ResourceDefinition } from '../../common/resources/define.js';
import { resources } from '../../common/resources/index.js';
import { runner } from '../db/run.js';
import { captureMail, createTestApp, type TestApp } from '../test/test-app.js';

/**
 * One contract, run over every table definition: create, list, filter, sort, search, update one and
 * several, autofill, export, delete by ids and all matching, validation, roles and company isolation.
 */

/** A valid value of each field for the n-th sample row (n = 0, 1, 2): codes with leading zeros, ordered values. */
function sampleValue(name: string, definition: FieldDefinition, n: number): string | number {
  switch (definition.kind) {
    case 'code': return `0${n + 1}${name.length}`.slice(0, definition.maxLength ?? 255);
    case 'text': return `Sample ${name} ${['alpha', 'beta', 'gamma'][n]}`;
    case 'decimal': return `${n + 1}.25`;
    case 'integer': return n + 1;
    case 'date': return `2025-0${n + 1}-15`;
    case 'choice': return definition.choices![n % definition.choices!.length]!;
  }
}

const sampleRow = (resource: ResourceDefinition, n: number) =>
  Object.fromEntries(Object.entries(resource.fields).map(([name, definition]) => [name, sampleValue(name, definition, n)]));

/** Non-choice fields sort and filter predictably across the three samples. */
const orderedField = (resource: ResourceDefinition) =>
  Object.entries(resource.fields).find(([, definition]) => definition.kind === 'date' || definition.kind === 'decimal' || definition.kind === 'integer')?.[0];

const pathOf = (resource: ResourceDefinition) => `/api/${resource.family}/${resource.name}/`;

describe('business tables', () => {
  let t: TestApp;
  const mail = captureMail();
  const tokens: Record<string, string> = {};
  const company = 'contract-co';
  let folder = '';

  beforeAll(async () => {
    t = await createTestApp({ authRateLimitPerMinute: 1000 }, mail);
    for (const name of ['owner', 'viewer', 'stranger']) {
      const email = `${name}@contract.vn`;
      await t.app.inject({ method: 'POST', url: '/api/registration/', payload: { email, password: 'Customs-Ledger-2026', name } });
      const confirmed = await t.app.inject({ method: 'POST', url: '/api/registration-confirm/', payload: { email, token: mail.lastCode(email) } });
      tokens[name] = confirmed.json().token.access_token as string;
    }
    for (const who of ['owner', 'stranger']) {
      const created = await call(who, 'POST', '/api/clients-api/companies/', { name: who === 'owner' ? 'Contract Co' : 'Stranger Co' });
      expect(created.statusCode).toBe(201);
      const folderSet = await call(who, 'POST', `/api/clients-api/companies/${created.json().slug}/folder-sets/`, {
        name: 'Năm 2025', year: 2025, date_start: '2025-01-01', date_end: '2025-12-31', type_code: 'SXXK',
      });
      expect(folderSet.statusCode).toBe(201);
      if (who === 'owner') folder = folderSet.json().slug;
    }
    expect((await call('owner', 'POST', `/api/clients-api/companies/${company}/members/`, { email: 'viewer@contract.vn', role: 'viewer' })).statusCode).toBe(201);
    expect((await call('viewer', 'POST', `/api/clients-api/invitations/${company}/accept/`)).statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  function call(who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    return t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}` }, ...(payload ? { payload } : {}) });
  }
  const list = (who: string, resource: ResourceDefinition, query: Record<string, string> = {}) =>
    call(who, 'GET', `${pathOf(resource)}?${new URLSearchParams({ company_slug: company, folder_slug: folder, ...query }).toString()}`);

  /** Rows of read-only tables come from elsewhere (imports, views); the contract writes them directly. */
  async function insertDirectly(resource: ResourceDefinition, rows: Record<string, unknown>[]) {
    const run = runner(t.database);
    const [scope] = await run<{ company_id: string; folder_set_id: string }>(
      'SELECT c.id AS company_id, f.id AS folder_set_id FROM companies c JOIN folder_sets f ON f.company_id = c.id WHERE c.slug = $1 AND f.slug = $2', [company, folder]);
    for (const row of rows) {
      const names = Object.keys(row);
      await run(`INSERT INTO ${resource.table} (company_id, folder_set_id, ${names.map((name) => `"${name}"`).join(', ')})
        VALUES ($1, $2, ${names.map((_, i) => `$${i + 3}`).join(', ')})`, [scope!.company_id, scope!.folder_set_id, ...Object.values(row)]);
    }
  }

  it('derives ECUS stock from import lines: one row per code with its latest price', async () => {
    const ecus = resources.find((resource) => resource.name === 'ecus')!;
    const stock = resources.find((resource) => resource.name === 'ecus-stock')!;
    const line = { type_code: 'E31', total: '10', unit: 'MTR', hs: '52085900' };
    await insertDirectly(ecus, [
      { ...line, account_number: '105800000010', registered_date: '2025-02-01', code: 'STOCK-1', item_name: 'Vải cotton', unit_price: '2.10' },
      { ...line, account_number: '105800000020', registered_date: '2025-05-01', code: 'STOCK-1', item_name: 'Vải cotton', unit_price: '2.35' },
      { ...line, account_number: '305800000030', registered_date: '2025-06-01', code: 'STOCK-1', item_name: 'Áo khoác', unit_price: '9.00', type_code: 'E62' },
      { ...line, account_number: '105800000040', registered_date: '2025-03-01', code: 'STOCK-2', item_name: 'Cúc nhựa', unit_price: '0.012', unit: 'PCE' },
    ]);
    const page = await list('owner', stock, { search: 'stock-' });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().results).toEqual([
      expect.objectContaining({ code: 'STOCK-1', item_name: 'Vải cotton', unit_price: '2.35', unit: 'MTR' }),
      expect.objectContaining({ code: 'STOCK-2', unit_price: '0.012', unit: 'PCE' }),
    ]);
    expect((await list('stranger', stock)).statusCode).toBe(404);
    expect((await call('owner', 'POST', pathOf(stock), { company_slug: company, folder_slug: folder, code: 'X' })).statusCode).toBe(404);
    await call('owner', 'DELETE', pathOf(ecus), { company_slug: company, folder_slug: folder });
  });

  describe.each(resources.filter((resource) => !resource.view).map((resource) => [resource.name, resource] as const))('%s', (_name, resource) => {
    const ids: number[] = [];
    const samples = [0, 1, 2].map((n) => sampleRow(resource, n));
    const firstField = Object.keys(resource.fields)[0]!;

    beforeAll(async () => {
      if (allows(resource, 'create')) {
        for (const sample of samples) {
          const created = await call('owner', 'POST', pathOf(resource), { company_slug: company, folder_slug: folder, ...sample });
          expect(created.statusCode, created.body).toBe(201);
          ids.push(created.json().id);
        }
      } else {
        await insertDirectly(resource, samples);
        ids.push(...(await list('owner', resource, { ordering: 'id' })).json().results.map((row: { id: number }) => row.id));
      }
    });

    it('answers rows as written, codes with their leading zeros, decimals as text', async () => {
      const page = await list('owner', resource, { ordering: 'id' });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({ count: 3, next: null, previous: null });
      expect(page.json().results[0]).toMatchObject({ id: ids[0], import_record_id: null, ...samples[0] });
      expect(page.json().results[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    });

    it('pages, sorts, filters and searches', async () => {
      const first = await list('owner', resource, { page_size: '2', ordering: '-id' });
      expect(first.json().results.map((row: { id: number }) => row.id)).toEqual([ids[2], ids[1]]);
      expect(first.json().next).toContain('page=2');
      const second = await call('owner', 'GET', first.json().next);
      expect(second.json()).toMatchObject({ count: 3, next: null, results: [{ id: ids[0] }] });
      expect(second.json().previous).toContain('page=1');

      const ordered = orderedField(resource);
      if (ordered) {
        expect((await list('owner', resource, { ordering: `-${ordered}` })).json().results.map((row: { id: number }) => row.id)).toEqual([...ids].reverse());
        const value = samples[1]![ordered]!;
        expect((await list('owner', resource, { [`${ordered}__gte`]: String(value) })).json().count).toBe(2);
        expect((await list('owner', resource, { [`${ordered}__lte`]: String(value) })).json().count).toBe(2);
        expect((await list('owner', resource, { [ordered]: String(value) })).json().results).toEqual([expect.objectContaining({ id: ids[1] })]);
        expect((await list('owner', resource, { [`${ordered}__in`]: `${samples[0]![ordered]},${samples[2]![ordered]}` })).json().count).toBe(2);
      }
      const searched = resource.search[0];
      if (searched) {
        const value = String(samples[2]![searched]);
        expect((await list('owner', resource, { search: ` ${value.toUpperCase()} ` })).json().results.map((row: { id: number }) => row.id)).toContain(ids[2]);
      }
      const unknown = await list('owner', resource, { no_such_field: 'x' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().fields).toHaveProperty('no_such_field');
      expect((await list('owner', resource, { ordering: 'no_such_field' })).statusCode).toBe(400);
      expect((await list('owner', resource, { page_size: '501' })).statusCode).toBe(400);
    });

    it('exports the filtered view as a workbook with formula-like text neutralised', async () => {
      const exported = await call('owner', 'GET', `${pathOf(resource)}export/?company_slug=${company}&folder_slug=${folder}&lang=vi&id__in=${ids[0]},${ids[1]}`);
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.rowCount).toBe(3);
      expect(sheet.getRow(1).values).not.toContain(firstField);
    });

    it('checks isolation: another company gets "not found" whatever it tries', async () => {
      expect((await list('stranger', resource)).statusCode).toBe(404);
      expect((await call('stranger', 'GET', `${pathOf(resource)}export/?company_slug=${company}`)).statusCode).toBe(404);
      expect((await call('stranger', 'PUT', `${pathOf(resource)}${ids[0]}/`, {})).statusCode).toBe(404);
      if (allows(resource, 'delete')) {
        expect((await call('stranger', 'DELETE', `${pathOf(resource)}bulk-delete/`, { company_slug: 'stranger-co', id_list: [ids[0]] })).statusCode).toBe(404);
        expect((await call('stranger', 'DELETE', pathOf(resource), { company_slug: company, folder_slug: folder })).statusCode).toBe(404);
      }
      if (resource.autofill) {
        expect((await call('stranger', 'POST', `${pathOf(resource)}autofill/`, { company_slug: company, code: '0' })).statusCode).toBe(404);
      }
      expect((await list('owner', resource, { ordering: 'id' })).json().count).toBe(3);
    });

    it.runIf(allows(resource, 'locked'))('refuses to edit or delete a single record', async () => {
      for (const method of ['PUT', 'DELETE'] as const) {
        const refused = await call('owner', method, `${pathOf(resource)}${ids[0]}/`, {});
        expect(refused.statusCode).toBe(501);
        expect(refused.json().code).toBe('not_supported');
      }
    });

    it.runIf(allows(resource, 'create'))('refuses invalid rows with field messages and lets viewers only read', async () => {
      const decimalField = Object.entries(resource.fields).find(([, definition]) => definition.kind === 'decimal')?.[0];
      const required = Object.entries(resource.fields).filter(([, definition]) => definition.required).map(([name]) => name);
      const bad = await call('owner', 'POST', pathOf(resource), {
        company_slug: company, folder_slug: folder, ...samples[0], surprise: 1,
        ...(decimalField ? { [decimalField]: 'twelve' } : {}), ...(required[0] ? { [required[0]]: '' } : {}),
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('validation_error');
      if (decimalField) expect(bad.json().fields[decimalField]).toBeDefined();
      if (required[0]) expect(bad.json().fields[required[0]]).toBeDefined();
      expect((await call('owner', 'POST', pathOf(resource), { company_slug: company, folder_slug: 'no-such-folder', ...samples[0] })).statusCode).toBe(404);
      const onlyRequired = Object.fromEntries(required.map((name) => [name, samples[0]![name]]));
      const minimal = await call('owner', 'POST', pathOf(resource), { company_slug: company, folder_slug: folder, ...onlyRequired });
      expect(minimal.statusCode, minimal.body).toBe(201);
      expect((await call('owner', 'DELETE', `${pathOf(resource)}bulk-delete/`, { company_slug: company, id_list: [minimal.json().id] })).statusCode).toBe(allows(resource, 'delete') ? 200 : 404);

      expect((await list('viewer', resource)).json().count).toBe(3);
      expect((await call('viewer', 'POST', pathOf(resource), { company_slug: company, folder_slug: folder, ...samples[0] })).statusCode).toBe(403);
      expect((await call('stranger', 'POST', pathOf(resource), { company_slug: company, folder_slug: folder, ...samples[0] })).statusCode).toBe(404);
    });

    it.runIf(allows(resource, 'update'))('updates one row, and several with the failures listed', async () => {
      const textField = Object.entries(resource.fields).find(([, definition]) => definition.kind === 'text' || definition.kind === 'code')![0];
      const updated = await call('owner', 'PUT', `${pathOf(resource)}${ids[0]}/`, { [textField]: '  0099 edited  ' });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()[textField]).toBe('0099 edited');
      expect(updated.json().updated_at >= updated.json().created_at).toBe(true);
      expect((await call('owner', 'PUT', `${pathOf(resource)}${ids[0]}/`, { id: 5 })).statusCode).toBe(400);
      expect((await call('viewer', 'PUT', `${pathOf(resource)}${ids[0]}/`, { [textField]: 'x' })).statusCode).toBe(403);

      const bulk = await call('owner', 'PUT', `${pathOf(resource)}bulk-update/`, {
        company_slug: company, rows: [{ id: ids[1], [textField]: 'bulk' }, { id: 2_000_000_000, [textField]: 'nowhere' }, { id: ids[2], nonsense: 1 }],
      });
      expect(bulk.statusCode).toBe(400);
      expect(bulk.json()).toMatchObject({ code: 'partial_update', updated: 1, failed_ids: [ids[2], 2_000_000_000] });
      expect(bulk.json().detail).toBe(`Failed to update 2 records:\n${ids[2]}\n2000000000`);
      expect((await list('owner', resource, { id: String(ids[1]) })).json().results[0][textField]).toBe('bulk');
      expect((await call('owner', 'PUT', `${pathOf(resource)}bulk-update/`, { company_slug: company, rows: [{ id: ids[1], [textField]: samples[1]![textField] }] })).json()).toEqual({ updated: 1 });
    });

    it.runIf(resource.autofill !== undefined && allows(resource, 'create'))('suggests names and units for a code prefix', async () => {
      const source = resource.autofill![0]!;
      const codeValue = String(samples[1]![source.code]);
      const answer = await call('owner', 'POST', `${pathOf(resource)}autofill/`, { company_slug: company, folder_slug: folder, code: codeValue.slice(0, -1) });
      expect(answer.statusCode, answer.body).toBe(200);
      const suggestion = answer.json().find((entry: { code: string }) => entry.code === codeValue);
      const names = [...suggestion.name, ...suggestion.item_name];
      expect(names).toContain(samples[1]![source.name]);
      if (source.unit) expect(suggestion.unit).toContain(samples[1]![source.unit]);
    });

    it.runIf(allows(resource, 'delete'))('deletes by ids (all or none), then everything that matches', async () => {
      expect((await call('viewer', 'DELETE', `${pathOf(resource)}bulk-delete/`, { company_slug: company, id_list: [ids[0]] })).statusCode).toBe(403);
      const partly = await call('owner', 'DELETE', `${pathOf(resource)}bulk-delete/`, { company_slug: company, id_list: [ids[0], 2_000_000_000] });
      expect(partly.statusCode).toBe(404);
      expect((await list('owner', resource)).json().count).toBe(3);
      expect((await call('owner', 'DELETE', `${pathOf(resource)}bulk-delete/`, { company_slug: company, id_list: [ids[0]] })).json()).toEqual({ deleted: 1 });
      expect((await call('viewer', 'DELETE', pathOf(resource), { company_slug: company, folder_slug: folder })).statusCode).toBe(403);
      const matching = await call('owner', 'DELETE', pathOf(resource), { company_slug: company, folder_slug: folder, filters: { id: String(ids[1]) } });
      expect(matching.json()).toEqual({ deleted: 1 });
      expect((await call('owner', 'DELETE', pathOf(resource), { company_slug: company, folder_slug: folder })).json()).toEqual({ deleted: 1 });
      expect((await list('owner', resource)).json().count).toBe(0);
    });
  });
});

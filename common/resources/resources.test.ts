import { describe, expect, it } from 'vitest';
import { folderKeys } from '../accounts/schemas.js';
import en from '../i18n/en.json' with { type: 'json' };
import ko from '../i18n/ko.json' with { type: 'json' };
import { type Catalog, flattenCatalog, type Locale } from '../i18n/locales.js';
import vi from '../i18n/vi.json' with { type: 'json' };
import { fold } from '../text/fold.js';
import { allows, fieldLabelKey, type ResourceDefinition, resourceTitleKey, systemFields } from './define.js';
import { resources } from './index.js';

const catalogs: Record<Locale, Record<string, string>> = {
  en: flattenCatalog(en as Catalog),
  vi: flattenCatalog(vi as Catalog),
  ko: flattenCatalog(ko as Catalog),
};

/** Columns the engine adds to every table, which a definition must not declare again. */
const engineColumns = [...systemFields, 'company_slug_id', 'folder_slug_id', 'company_id', 'folder_set_id'];

const fieldNames = (resource: ResourceDefinition) => Object.keys(resource.fields);

/** How an Excel header is compared: accents, case, spaces and punctuation do not count. */
const headerKey = (header: string) => fold(header).replace(/[^\p{L}\p{N}]/gu, '');

describe.each(resources.map((resource) => [resource.name, resource] as const))('%s', (_name, resource) => {
  it('has well-formed field names that leave the engine its own columns', () => {
    expect(fieldNames(resource).length).toBeGreaterThan(0);
    for (const name of fieldNames(resource)) {
      expect(name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(engineColumns).not.toContain(name);
    }
  });

  it('searches, sorts, autofills and indexes its own fields', () => {
    const names = fieldNames(resource);
    for (const name of resource.search) expect(names).toContain(name);
    expect(names).toContain(resource.ordering.replace(/^-/, ''));
    for (const source of resource.autofill ?? []) {
      for (const name of [source.code, source.name, source.unit].filter((value) => value !== undefined)) expect(names).toContain(name);
    }
    for (const index of resource.indexes ?? []) {
      expect(index.length).toBeGreaterThan(0);
      for (const name of index) expect(names).toContain(name);
    }
  });

  it('lists the values of its choice fields, and only of those', () => {
    for (const definition of Object.values(resource.fields)) {
      if (definition.kind === 'choice') expect(definition.choices?.length).toBeGreaterThan(0);
      else expect(definition.choices).toBeUndefined();
    }
  });

  it('reads each name of a choice (its value, labels, the things a label names, other names) as one value only', () => {
    for (const [name, definition] of Object.entries(resource.fields)) {
      const owners = new Map<string, Set<string>>();
      for (const value of definition.choices ?? []) {
        const labels = Object.values(catalogs).map((catalog) => catalog[`choices.${name}.${value}`] ?? '');
        for (const text of [value, ...labels, ...labels.flatMap((label) => label.split(',')), ...(definition.choiceAliases?.[value] ?? [])]) {
          const key = fold(text).trim();
          if (key) owners.set(key, (owners.get(key) ?? new Set()).add(value));
        }
      }
      for (const value of Object.keys(definition.choiceAliases ?? {})) expect(definition.choices, name).toContain(value);
      expect([...owners].filter(([, values]) => values.size > 1).map(([key]) => `${name}: ${key}`)).toEqual([]);
    }
  });

  it('fills one of the folder set\'s sections, when it names one', () => {
    if (resource.folderKey !== undefined) expect(folderKeys).toContain(resource.folderKey);
  });

  it('is only read when it is a view, and never edited row by row when locked', () => {
    if (resource.view) {
      expect(resource.operations).toEqual([]);
      expect(Object.values(resource.fields).filter((definition) => definition.indexed)).toEqual([]);
      expect(resource.indexes ?? []).toEqual([]);
    }
    if (allows(resource, 'locked')) {
      for (const operation of ['create', 'update', 'delete'] as const) expect(allows(resource, operation)).toBe(false);
    }
  });

  it('has a title, field labels and choice labels in every language', () => {
    for (const [locale, catalog] of Object.entries(catalogs)) {
      const missing = [
        resourceTitleKey(resource),
        ...Object.entries(resource.fields).flatMap(([name, definition]) => [
          fieldLabelKey(name, definition),
          ...(definition.choices ?? []).map((value) => `choices.${name}.${value}`),
        ]),
      ].filter((key) => !catalog[key]?.trim());
      expect(missing, locale).toEqual([]);
    }
  });

  it('matches each Excel header text (labels and aliases) to at most one field', () => {
    const owners = new Map<string, Set<string>>();
    for (const [name, definition] of Object.entries(resource.fields)) {
      const labelKey = fieldLabelKey(name, definition);
      const { vi: viAliases = [], en: enAliases = [], ko: koAliases = [] } = definition.aliases ?? {};
      for (const header of [...Object.values(catalogs).map((catalog) => catalog[labelKey] ?? ''), ...viAliases, ...enAliases, ...koAliases]) {
        const key = headerKey(header);
        if (key) owners.set(key, (owners.get(key) ?? new Set()).add(name));
      }
    }
    const shared = [...owners].filter(([, names]) => names.size > 1).map(([key, names]) => `${key}: ${[...names].join(', ')}`);
    expect(shared).toEqual([]);
  });
});

describe('the set of tables', () => {
  it('names each table once per family and gives each its own SQL table', () => {
    const paths = resources.map((resource) => `${resource.family}/${resource.name}`);
    expect(new Set(paths).size).toBe(paths.length);
    const tables = resources.map((resource) => resource.table);
    expect(new Set(tables).size).toBe(tables.length);
    for (const table of tables) expect(table).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it('fills each folder-set section from at most one table', () => {
    const keys = resources.flatMap((resource) => (resource.folderKey ? [resource.folderKey] : []));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

import type { ResourceDefinition } from '../../common/resources/define.js';

/** Field name → shown; the grid's column visibility model. */
export type ColumnVisibility = Record<string, boolean>;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** One entry per user and table, so people sharing a browser keep their own columns. */
export const columnsStorageKey = (userId: string, resourceName: string) => `table-columns:${userId}:${resourceName}`;

/** A field is shown unless its definition says `visible: false`. */
export function defaultVisibility(resource: ResourceDefinition): ColumnVisibility {
  return Object.fromEntries(Object.entries(resource.fields).map(([name, field]) => [name, field.visible !== false]));
}

/** The user's choice over the defaults; fields added since the choice was made keep their default. */
export function loadVisibility(storage: Store, userId: string, resource: ResourceDefinition): ColumnVisibility {
  const visibility = defaultVisibility(resource);
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(columnsStorageKey(userId, resource.name)) ?? 'null');
  } catch {
    stored = null;
  }
  if (stored && typeof stored === 'object' && !Array.isArray(stored)) {
    for (const [name, shown] of Object.entries(stored)) {
      if (name in visibility && typeof shown === 'boolean') visibility[name] = shown;
    }
  }
  return visibility;
}

/** Keeps only what differs from the defaults; nothing is stored while the columns are the defaults. */
export function saveVisibility(storage: Store, userId: string, resource: ResourceDefinition, visibility: ColumnVisibility): void {
  const defaults = defaultVisibility(resource);
  const changed = Object.fromEntries(Object.entries(visibility).filter(([name, shown]) => name in defaults && defaults[name] !== shown));
  const key = columnsStorageKey(userId, resource.name);
  try {
    if (Object.keys(changed).length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(changed));
  } catch {
    // A full or blocked storage only costs the remembered columns.
  }
}

/**
 * The grid reports only the columns it was told about; a missing field means shown. Fills the model
 * so a column hidden by default is not shown again by a partial model.
 */
export function completeVisibility(resource: ResourceDefinition, model: ColumnVisibility): ColumnVisibility {
  return Object.fromEntries(Object.keys(resource.fields).map((name) => [name, model[name] ?? true]));
}

import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** Deeper than any payload of the API; a body nested deeper is refused before anything walks it. */
export const MAX_NESTING = 64;

class TooDeep extends Error {}

/** The first path (dotted) at which a value holds a NUL character, if any; throws TooDeep past MAX_NESTING. */
function pathOfNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= MAX_NESTING) throw new TooDeep();
  const entries: Array<[string, unknown]> = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
  for (const [key, item] of entries) {
    const found = (Array.isArray(value) ? undefined : pathOfNul(key, path)) ?? pathOfNul(item, path ? `${path}.${key}` : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold a NUL character: one in a query, a path or a JSON body would fail deep in a
 * statement. It is refused at the door with the field that holds it. (Uploaded files may hold NULs; their
 * readers deal with them.) A body nested thousands deep is refused too, before a recursive walk overflows.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    let field: string | undefined;
    try {
      field = pathOfNul(request.params, '') ?? pathOfNul(request.query, '') ?? (request.isMultipart() ? undefined : pathOfNul(request.body, ''));
    } catch (error) {
      if (!(error instanceof TooDeep)) throw error;
      throw new AppError('validation_error', `Data is nested deeper than ${MAX_NESTING} levels.`);
    }
    if (field === undefined) return;
    const message = 'Text must not contain NUL characters.';
    throw new AppError('validation_error', message, { fields: { [field || 'non_field_errors']: [message] } });
  });
}

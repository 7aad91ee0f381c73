import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** The first path (dotted) at which a value holds a NUL character, if any. */
function pathOfNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = pathOfNul(item, path ? `${path}.${index}` : String(index));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = pathOfNul(key, path) ?? pathOfNul(item, path ? `${path}.${key}` : key);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold a NUL character: one in a query, a path or a JSON body would fail deep in a
 * statement. It is refused at the door with the field that holds it. (Uploaded files may hold NULs; their
 * readers deal with them.)
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = pathOfNul(request.params, '') ?? pathOfNul(request.query, '') ?? (request.isMultipart() ? undefined : pathOfNul(request.body, ''));
    if (field === undefined) return;
    const message = 'Text must not contain NUL characters.';
    throw new AppError('validation_error', message, { fields: { [field || 'non_field_errors']: [message] } });
  });
}

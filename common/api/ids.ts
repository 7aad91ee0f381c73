import { z } from 'zod';

/**
 * A row's id: a positive PostgreSQL `integer`. Anything larger (`99999999999`, `2147483648`, `1e10`) would fail in
 * the database as a 500; it is refused here as a validation error instead.
 */
export const recordId = z.number().int().positive().max(2_147_483_647);
/** The same id read from a path or query string. */
export const recordIdParam = z.coerce.number().int().positive().max(2_147_483_647);
export const recordIdParams = z.object({ id: recordIdParam });

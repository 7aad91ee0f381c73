/**
 * The Drizzle schema: every table of the database, re-exported from where it is defined.
 * drizzle-kit reads this file to generate migrations; queries get their types from it.
 */
export * from '../auth/tables.js';
export * from '../companies/tables.js';

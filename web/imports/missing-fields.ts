import type { FieldSource } from './import-payload.js';

/** What a declaration sheet can lack that the C/O and duty checks need, each with the fields that would give it. */
export const checkNeeds = {
  // The agreements a line could claim: C/O utilisation and the preferential rates of the tariff check.
  origin: ['from_country'],
  // An invoice value in another currency than VND is converted only with its currency (or its exchange rate).
  currency: ['currency'],
  // A duty is computed on the taxable value, or on the invoice value (or unit price × quantity) it is derived from.
  value: ['total_value', 'nt_value', 'unit_price'],
} as const;
export type CheckNeed = keyof typeof checkNeeds;

/**
 * What the mapping of a declaration-lines sheet (`ecus`, a plain import) leaves the C/O and duty checks without: a need
 * none of whose fields takes a column or one value for every row. Only the fields the import has are asked for (an
 * amendment or cancellation import carries none of them). A warning, not a blocker: the lines import all the same.
 */
export function missingCheckNeeds(resource: string, mode: string, fieldNames: readonly string[], sources: Record<string, FieldSource>): CheckNeed[] {
  if (resource !== 'ecus' || mode !== 'normal') return [];
  const offered = new Set(fieldNames);
  const given = (field: string) => (sources[field]?.kind ?? 'none') !== 'none';
  return (Object.keys(checkNeeds) as CheckNeed[]).filter((need) => {
    const fields = checkNeeds[need].filter((field) => offered.has(field));
    return fields.length > 0 && !fields.some(given);
  });
}

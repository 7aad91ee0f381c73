/** A line of a post-clearance supplementary declaration (VNACCS AMA) that corrects a declared ECUS line (domain §4.6). */
import { defineResource, integer } from './define.js';
import { ecusFields } from './ecus.js';

export const ecusAma = defineResource({
  name: 'ecus-ama',
  family: 'balance',
  table: 'ecus_ama_records',
  tableKind: 'AMA',
  // Loaded by the ECUS table's AMA import, and kept as filed: single rows are never edited.
  operations: ['locked'],
  fields: {
    // The ECUS line (ecus_lines id) this record corrects, once matched by declaration number and line.
    ecus_id: integer({ indexed: true, visible: false }),
    account_number: ecusFields.account_number,
    row_number: ecusFields.row_number,
    code: ecusFields.code,
    unit: ecusFields.unit,
    // The corrected quantity 1, replacing the original line's.
    total: ecusFields.total,
    // What the line held before this record corrected it: kept for audit, and restored when the import is rolled back.
    previous_code: { ...ecusFields.code, required: false, indexed: false, aliases: {}, label: 'fields.previous_code' },
    previous_unit: { ...ecusFields.unit, selectable: false, aliases: {}, label: 'fields.previous_unit' },
    previous_total: { ...ecusFields.total, required: false, aliases: {}, label: 'fields.previous_total' },
  },
  search: ['code', 'account_number'],
  ordering: 'account_number',
});

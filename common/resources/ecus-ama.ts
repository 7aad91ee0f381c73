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
    row_number: { ...ecusFields.row_number, required: true },
    code: ecusFields.code,
    unit: { ...ecusFields.unit, required: true },
    // The corrected quantity 1, replacing the original line's.
    total: ecusFields.total,
  },
  search: ['code', 'account_number'],
  ordering: 'account_number',
});

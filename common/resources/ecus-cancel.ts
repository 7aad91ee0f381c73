/** A line of a cancelled customs declaration, kept so the cancelled goods are left out of statements, stock and origin (domain §4.6). */
import { decimal, defineResource, integer } from './define.js';
import { ecusFields } from './ecus.js';

export const ecusCancel = defineResource({
  name: 'ecus-cancel',
  family: 'balance',
  table: 'ecus_cancel_records',
  tableKind: 'CANCLE',
  // Loaded by the ECUS table's cancel import, and kept as filed: single rows are never edited.
  operations: ['locked'],
  fields: {
    ...ecusFields,
    // Quantity 2, in unit_2 (usually the net weight).
    total_2: decimal({ visible: false, aliases: { vi: ['Lượng 2', 'Số lượng 2'], en: ['Quantity 2', 'Qty 2'], ko: ['수량2'] } }),
    // The VAT amount of the line.
    vat_cost: decimal({ visible: false, aliases: { vi: ['Tiền thuế GTGT', 'Tiền thuế VAT', 'Thuế GTGT'], en: ['VAT amount', 'VAT'], ko: ['부가세액', '부가세'] } }),
    // The ECUS line (ecus_lines id) the cancellation takes out, once matched by declaration number and line.
    ecus_id: integer({ indexed: true, visible: false }),
  },
  search: ['code', 'item_name', 'account_number', 'hs'],
  ordering: '-registered_date',
  indexes: [['type_code', 'registered_date']],
});

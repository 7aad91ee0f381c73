/** A line of Statement 15A (Form 15a/BCQT-SP/GSQL): one finished product's quantities, with values, over the reporting period (domain §2a). */
import { decimal, defineResource } from './define.js';
import {
  closingStock, closingValue, itemCode, itemName, itemUnit, note, openingStock, openingValue, receivedValue,
} from './shared-fields.js';
import { statementFlows } from './statement-15.js';

export const statement15A = defineResource({
  name: 'statement-15A',
  family: 'new-balance',
  table: 'statement_15a_lines',
  tableKind: 'STATEMENT 15A',
  folderKey: 'statement-15A',
  operations: ['create', 'update', 'delete', 'import'],
  // Quantities are the form's; the `_value` columns and import_value are the matching amounts from the books.
  fields: {
    code: itemCode({ required: true }),
    name: itemName(),
    unit: itemUnit(),
    // (5) opening quantity.
    begin_quantity: decimal({ aliases: openingStock }),
    begin_value: decimal({ aliases: openingValue }),
    // Form 15a's (6) received into stock is take_in, its (7) re_purpose and its (9) other_export.
    ...statementFlows,
    import_value: decimal({ aliases: receivedValue }),
    // (8) exported: products issued for export (E42, E52, E62, on-the-spot export).
    exportt: decimal({ aliases: { vi: ['Xuất khẩu', 'Xuất - Xuất khẩu', 'Xuất kho để xuất khẩu'], en: ['Exported', 'Export'], ko: ['수출'] } }),
    // (10) closing quantity = (5) + (6) − (7) − (8) − (9).
    end_quantity: decimal({ aliases: closingStock }),
    end_value: decimal({ aliases: closingValue }),
    note: note(),
  },
  search: ['code', 'name'],
  ordering: 'code',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }],
});

/** An accounting issue line outside receipts, production and sales (Form 15 column 10: samples, research, losses ...). */
import { defineResource } from './define.js';
import { billNo, docNumber, explain, itemCode, itemName, itemUnit, quantity, unitPrice, warehouseName } from './shared-fields.js';
import { statementFlows } from './statement-15.js';

export const accOtherOutput = defineResource({
  name: 'acc-other-output',
  family: 'new-balance',
  table: 'accounting_other_output',
  tableKind: 'OTHER-OUTPUT',
  folderKey: 'acc-other-output',
  operations: ['create', 'update', 'delete', 'import'],
  fields: {
    code: itemCode({ required: true }),
    name: itemName(),
    unit: itemUnit(),
    warehouse_name: warehouseName(),
    doc_number: docNumber(),
    bill_no: billNo({ visible: false }),
    explain: explain(),
    unit_price: unitPrice({ visible: false }),
    // The quantity issued, in `unit`.
    other_export: quantity({ required: true }, statementFlows.other_export.aliases),
  },
  search: ['code', 'name', 'doc_number', 'explain'],
  ordering: 'code',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }],
});

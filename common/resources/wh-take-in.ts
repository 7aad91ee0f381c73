/** A warehouse receipt line (phiếu nhập kho) as the warehouse books record it. */
import { defineResource } from './define.js';
import { purchaseLineFields } from './purchase.js';

export const whTakeIn = defineResource({
  name: 'wh-take-in',
  family: 'new-balance',
  table: 'warehouse_take_in',
  tableKind: 'TAKE-IN',
  folderKey: 'wh-take-in',
  operations: ['create', 'update', 'delete', 'import'],
  fields: purchaseLineFields,
  search: ['code', 'name', 'bill_no', 'ten_ncc'],
  ordering: '-bill_date',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }],
  indexes: [['code', 'bill_date']],
});

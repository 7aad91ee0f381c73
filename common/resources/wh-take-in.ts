/** A warehouse receipt line (phiếu nhập kho) as the warehouse books record it. */
import { defineResource } from './define.js';
import { purchaseLineFields } from './purchase.js';
import { itemType, takeInPurpose } from './shared-fields.js';

export const whTakeIn = defineResource({
  name: 'wh-take-in',
  family: 'new-balance',
  table: 'warehouse_take_in',
  tableKind: 'TAKE-IN',
  folderKey: 'wh-take-in',
  operations: ['create', 'update', 'delete', 'import'],
  fields: {
    ...purchaseLineFields,
    // Products received from production feed Form 15a column (6); an empty type counts as material.
    item_type: itemType(),
    // An empty purpose counts as a purchase or import.
    purpose: takeInPurpose(),
  },
  search: ['code', 'name', 'bill_no', 'ten_ncc'],
  ordering: '-bill_date',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }],
  indexes: [['code', 'bill_date']],
});

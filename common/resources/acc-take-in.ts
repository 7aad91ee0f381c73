/** A receipt line of the accounting stock ledger (phiếu nhập kho as booked): what entered stock, when, and at what cost. */
import { accountingMoveFields } from './acc-take-out.js';
import { decimal, defineResource } from './define.js';
import { receivedQuantity, receivedValue } from './shared-fields.js';

export const accTakeIn = defineResource({
  name: 'acc-take-in',
  family: 'new-balance',
  table: 'accounting_take_in',
  tableKind: 'TAKE-IN',
  folderKey: 'acc-take-in',
  operations: ['create', 'update', 'delete', 'import'],
  fields: accountingMoveFields({
    import_quantity: decimal({ required: true, aliases: receivedQuantity }),
    import_value: decimal({ aliases: receivedValue }),
  }),
  search: ['code', 'name', 'doc_number', 'explain'],
  ordering: '-output_date',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }],
  indexes: [['code', 'output_date']],
});

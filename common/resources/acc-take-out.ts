/** An issue line of the accounting stock ledger (phiếu xuất kho as booked): what left stock, when, and at what cost. */
import { decimal, defineResource, type FieldDefinition } from './define.js';
import {
  balanceId, billDate, billNo, docNumber, explain, issuedQuantity, issuedValue, itemCode, itemName, itemUnit, unitPrice,
  voucherDate, warehouseName,
} from './shared-fields.js';

/** The columns of an accounting stock move, with its quantity and value (named by direction) after the unit price. */
export const accountingMoveFields = <F extends Record<string, FieldDefinition>>(amounts: F) => ({
  code: itemCode({ required: true }),
  name: itemName(),
  unit: itemUnit(),
  warehouse_name: warehouseName(),
  // The voucher's posting date: the day the move counts in the books (receipts too, despite the name).
  output_date: voucherDate({ required: true }),
  doc_number: docNumber(),
  bill_no: billNo({ visible: false }),
  bill_date: billDate({ visible: false }),
  explain: explain(),
  // The booked unit cost (value ÷ quantity).
  unit_price: unitPrice({ visible: false }),
  ...amounts,
  balance_id: balanceId(),
});

export const accTakeOut = defineResource({
  name: 'acc-take-out',
  family: 'new-balance',
  table: 'accounting_take_out',
  tableKind: 'TAKE-OUT',
  folderKey: 'acc-take-out',
  operations: ['create', 'update', 'delete', 'import'],
  fields: accountingMoveFields({
    export_quantity: decimal({ required: true, aliases: issuedQuantity }),
    export_value: decimal({ aliases: issuedValue }),
  }),
  search: ['code', 'name', 'doc_number', 'explain'],
  ordering: '-output_date',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }],
  indexes: [['code', 'output_date']],
});

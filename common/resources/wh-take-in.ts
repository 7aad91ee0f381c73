/** A warehouse receipt line (phiếu nhập kho) as the warehouse books record it. */
import { defineResource } from './define.js';
import { purchaseLineFields } from './purchase.js';
import { docNumber, itemType, takeInPurpose, voucherDate } from './shared-fields.js';

export const whTakeIn = defineResource({
  name: 'wh-take-in',
  family: 'new-balance',
  table: 'warehouse_take_in',
  tableKind: 'TAKE-IN',
  folderKey: 'wh-take-in',
  operations: ['create', 'update', 'delete', 'import'],
  fields: {
    ...purchaseLineFields,
    // A receipt is dated and numbered by its own slip, not by an invoice: the ledger's `bill_date` and `bill_no` columns
    // (which the statements read) hold the receipt's date and number here, and an invoice column of the sheet is not them.
    // Receipts saved before the date was required keep it empty: they count in no period until someone dates them.
    bill_date: voucherDate({ required: true, emptyInOlderRows: true, label: 'fields.receipt_date' }, { vi: ['Ngày nhập kho', 'Ngày nhập', 'Ngày phiếu nhập'], en: ['Receipt date', 'Received date', 'Date received'], ko: ['입고일자', '입고일'] }),
    bill_no: docNumber({ label: 'fields.receipt_no' }, { vi: ['Số phiếu nhập', 'Số phiếu nhập kho', 'Số PNK', 'Số PN'], en: ['Receipt no', 'Receipt number', 'Goods receipt no', 'GRN no'], ko: ['입고번호', '입고전표번호'] }),
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

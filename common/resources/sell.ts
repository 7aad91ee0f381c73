/** A sales invoice line: goods sold (domestically or for export) and counted against the stock they came from. */
import { defineResource } from './define.js';
import { balanceId, billNo, itemCode, itemName, quantity } from './shared-fields.js';

export const sell = defineResource({
  name: 'sell',
  family: 'balance',
  table: 'sales',
  tableKind: 'SELL',
  operations: ['create', 'update', 'delete', 'import'],
  fields: {
    code: itemCode({ required: true }),
    bill_no: billNo({}, { vi: ['Số chứng từ', 'Số CT'], en: ['Sales invoice no'], ko: ['판매송장번호'] }),
    name: itemName(),
    quantity: quantity({ required: true }, { vi: ['Số lượng bán', 'SL bán'], en: ['Quantity sold', 'Sold quantity'], ko: ['판매수량'] }),
    balance_id: balanceId(),
  },
  search: ['code', 'name', 'bill_no'],
  ordering: 'code',
  autofill: [{ code: 'code', name: 'name' }],
});

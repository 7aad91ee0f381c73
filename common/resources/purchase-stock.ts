/** A purchased material with its origin evidence (C/O or supplier's declaration), priced for origin schedules (domain §7.6–7.7). */
import { code, date, decimal, defineResource } from './define.js';
import { ecusFields } from './ecus.js';
import { purchaseLineFields } from './purchase.js';
import { billDate, billNo, itemCode, itemName, itemUnit, quantity, unitPrice } from './shared-fields.js';

export const purchaseStock = defineResource({
  name: 'purchase-stock',
  family: 'fta',
  table: 'purchase_stock',
  tableKind: 'PURCHASE-STOCK',
  operations: ['create', 'update', 'delete', 'import'],
  fields: {
    code: itemCode({ required: true }),
    name: itemName(),
    unit: itemUnit(),
    hs: code({ maxLength: 12, hsCode: true, aliases: ecusFields.hs.aliases }),
    bill_no: billNo(),
    bill_date: billDate({ indexed: true }),
    quantity: quantity({ required: true }),
    unit_price: unitPrice({ required: true }),
    // quantity × unit_price.
    total: decimal({ label: 'fields.amount', aliases: { vi: ['Thành tiền', 'Trị giá', 'Giá trị'], en: ['Amount', 'Value', 'Total'], ko: ['금액', '합계'] } }),
    from_country: ecusFields.from_country,
    // The origin evidence: the C/O number, or the supplier's declaration of origin for a domestic purchase.
    reference_no: code({ label: 'fields.origin_evidence_no', aliases: { vi: ['Số C/O', 'Số bản khai', 'Số chứng từ xuất xứ', 'Số tham chiếu'], en: ['C/O no', 'Reference no', 'Supplier declaration no'], ko: ['C/O번호', '원산지확인서번호'] } }),
    // The evidence's date of issue.
    issued_date: date({ aliases: { vi: ['Ngày cấp', 'Ngày C/O', 'Ngày cấp C/O'], en: ['Issued date', 'Date of issue', 'C/O date'], ko: ['발급일자', '발급일'] } }),
    ten_ncc: purchaseLineFields.ten_ncc,
  },
  search: ['code', 'name', 'bill_no', 'reference_no'],
  ordering: '-bill_date',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }],
});

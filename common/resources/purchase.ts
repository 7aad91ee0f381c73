/** A purchase line from the accounting purchase ledger (sổ chi tiết mua hàng), with the customs references of imported goods. */
import { code, date, decimal, defineResource, integer, text } from './define.js';
import { ecusFields } from './ecus.js';
import { balanceId, billDate, billNo, contract, itemCode, itemName, itemUnit, joinAliases, quantity, receivedQuantity } from './shared-fields.js';

/** The ledger columns; a warehouse take-in line has these and no more. */
export const purchaseLineFields = {
  // The row number in the source ledger.
  stt: integer({ visible: false, aliases: { vi: ['STT', 'Số TT', 'Số thứ tự'], en: ['No', 'Seq', 'Row'], ko: ['순번', '번호'] } }),
  bill_date: billDate({ indexed: true }, { vi: ['Ngày chứng từ', 'Ngày CT', 'Ngày hạch toán', 'Ngày nhập'], en: ['Voucher date', 'Date'], ko: ['전표일자', '입고일자'] }),
  bill_no: billNo({}, { vi: ['Số chứng từ', 'Số CT', 'Số phiếu nhập'], en: ['Voucher no', 'Document no'], ko: ['전표번호'] }),
  code: itemCode({ required: true }),
  name: itemName(),
  unit: itemUnit(),
  quantity: quantity({ required: true }, joinAliases(receivedQuantity, { vi: ['Số lượng mua', 'SL mua'], en: ['Purchased quantity'], ko: ['구매수량'] })),
  don_gia_mua: decimal({ aliases: { vi: ['Đơn giá mua', 'Đơn giá', 'Giá mua'], en: ['Purchase price', 'Unit price'], ko: ['구매단가', '단가'] } }),
  // quantity × purchase price, before costs and VAT.
  tien_hang: decimal({ aliases: { vi: ['Tiền hàng', 'Thành tiền', 'Giá trị mua', 'Tiền mua'], en: ['Goods amount', 'Amount', 'Purchase amount'], ko: ['물품금액', '금액'] } }),
  // Purchase costs (freight, handling ...) allocated to the line.
  tien_cp: decimal({ visible: false, aliases: { vi: ['Tiền chi phí', 'Chi phí mua hàng', 'Tiền CP', 'Chi phí'], en: ['Cost amount', 'Purchase costs', 'Charges'], ko: ['부대비용'] } }),
  // The landed cost booked into stock: goods amount plus allocated costs.
  gia_von: decimal({ visible: false, aliases: { vi: ['Giá vốn', 'Giá trị nhập kho', 'Tổng giá vốn'], en: ['Landed cost', 'Cost value', 'Cost'], ko: ['원가', '입고원가'] } }),
  // The amount before VAT.
  sub_total: decimal({ visible: false, aliases: { vi: ['Cộng tiền hàng', 'Tiền trước thuế', 'Tiền chưa thuế', 'Giá trị trước thuế'], en: ['Subtotal', 'Amount before VAT', 'Net amount'], ko: ['공급가액'] } }),
  // The VAT rate in percent.
  vat_num: decimal({ visible: false, aliases: { vi: ['Thuế suất GTGT', 'Thuế suất VAT', 'Thuế suất', '% thuế'], en: ['VAT rate', 'Tax rate'], ko: ['부가세율', '세율'] } }),
  // The VAT amount.
  vat: decimal({ visible: false, aliases: { vi: ['Tiền thuế GTGT', 'Thuế GTGT', 'Tiền thuế', 'Tiền VAT', 'VAT'], en: ['VAT amount', 'Tax amount'], ko: ['부가세', '부가세액', '세액'] } }),
  // The amount payable, VAT included.
  total: decimal({ label: 'fields.total_payment', aliases: { vi: ['Tổng tiền', 'Tổng thanh toán', 'Tổng tiền thanh toán', 'Tổng cộng'], en: ['Total', 'Total amount', 'Grand total'], ko: ['합계', '합계금액', '총금액'] } }),
  // The invoice's whole quantity of the code when the row is one delivery of it.
  total_quantity: decimal({ visible: false, aliases: { vi: ['Tổng số lượng', 'Tổng SL'], en: ['Total quantity', 'Total qty'], ko: ['총수량'] } }),
  ma_ncc: code({ visible: false, aliases: { vi: ['Mã NCC', 'Mã nhà cung cấp', 'Mã khách', 'Mã đối tượng'], en: ['Supplier code', 'Vendor code'], ko: ['공급업체코드', '거래처코드'] } }),
  ten_ncc: text({ maxLength: 500, aliases: { vi: ['Tên NCC', 'Tên nhà cung cấp', 'Nhà cung cấp', 'Tên đối tượng', 'Tên khách'], en: ['Supplier', 'Supplier name', 'Vendor', 'Vendor name'], ko: ['공급업체', '공급업체명', '거래처명'] } }),
  // The receipt type code of the accounting software (mã nhập xuất: purchase, return, transfer ...).
  ma_nx: code({ visible: false, selectable: true, maxLength: 20, aliases: { vi: ['Mã NX', 'Mã nhập xuất'], en: ['Transaction code', 'Movement code'], ko: ['입출고코드'] } }),
  ma_kho: code({ selectable: true, maxLength: 50, aliases: { vi: ['Mã kho', 'Kho'], en: ['Warehouse code', 'Warehouse'], ko: ['창고코드', '창고'] } }),
  balance_id: balanceId(),
};

export const purchase = defineResource({
  name: 'purchase',
  family: 'balance',
  table: 'purchases',
  tableKind: 'PURCHASE',
  folderKey: 'purchase',
  operations: ['create', 'update', 'delete', 'import'],
  fields: {
    ...purchaseLineFields,
    contract: contract({ visible: false }),
    // The customs extras of an imported purchase: its declaration's registration date and the line's HS code.
    registered_date: date({ visible: false, aliases: ecusFields.registered_date.aliases }),
    hs: code({ visible: false, maxLength: 12, hsCode: true, aliases: ecusFields.hs.aliases }),
    // The unit price converted to USD, for origin valuation.
    unit_price_usd: decimal({ visible: false, aliases: { vi: ['Đơn giá USD', 'Giá USD'], en: ['Unit price USD', 'USD price'], ko: ['달러단가', 'USD단가'] } }),
    // The supplier's declaration of origin for a domestic purchase (its reference); empty: none, so non-originating.
    supplier_declaration: code({ visible: false, aliases: { vi: ['Bản khai báo của nhà cung cấp', 'Số bản khai NCC', 'Khai báo xuất xứ NCC'], en: ['Supplier declaration', "Supplier's declaration"], ko: ['공급자 원산지 확인서', '공급자 확인서'] } }),
  },
  search: ['code', 'name', 'bill_no', 'ten_ncc'],
  ordering: '-bill_date',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }],
  indexes: [['code', 'bill_date']],
});

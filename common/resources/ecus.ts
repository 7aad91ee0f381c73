/** One goods line of a customs declaration, as ECUS/VNACCS exports it (domain §4). */
import { code, date, decimal, defineResource, integer, plainImport, text } from './define.js';

/** The columns of a declaration line; cancel records carry them too. */
export const ecusFields = {
  // The 12-digit declaration number: first digit 1 = import, 3 = export; the 12th counts amendments.
  account_number: code({ required: true, indexed: true, aliases: { vi: ['Số TK', 'Số tờ khai', 'TK', 'Số tờ khai hải quan'], en: ['Declaration No', 'Declaration number', 'Customs declaration no'], ko: ['신고번호', '수입신고번호', '수출신고번호'] } }),
  // The goods line (STT hàng, 1..50) inside the declaration; with the first 11 digits it names the line.
  row_number: integer({ aliases: { vi: ['STT hàng', 'STT', 'Dòng', 'Số dòng'], en: ['Line no', 'Line', 'Item no'], ko: ['란번호', '항번'] } }),
  registered_date: date({ required: true, indexed: true, aliases: { vi: ['Ngày ĐK', 'Ngày đăng ký', 'Ngày TK', 'Ngày tờ khai'], en: ['Registration date', 'Registered date', 'Declaration date'], ko: ['신고일', '신고일자', '등록일'] } }),
  type_code: code({ required: true, selectable: true, maxLength: 10, aliases: { vi: ['Mã LH', 'Mã loại hình', 'Loại hình'], en: ['Type code', 'Declaration type'], ko: ['신고유형', '유형코드'] } }),
  // The material or product code (from a Mã hàng column, or the prefix before '#&' in the description).
  code: code({ required: true, indexed: true, aliases: { vi: ['Mã hàng', 'Mã NPL/SP', 'Mã NVL', 'Mã SP', 'Mã NPL', 'Mã hàng hóa'], en: ['Item code', 'Material code', 'Product code', 'Part number'], ko: ['품목코드', '자재코드', '품번'] } }),
  hs: code({ indexed: true, maxLength: 12, hsCode: true, aliases: { vi: ['Mã HS', 'Mã số hàng hóa', 'HS'], en: ['HS code', 'HS', 'Tariff code'], ko: ['HS코드', '세번', 'HS 부호'] } }),
  item_name: text({ maxLength: 1000, aliases: { vi: ['Tên hàng', 'Mô tả hàng hóa', 'Tên hàng hóa'], en: ['Description', 'Goods description', 'Item name'], ko: ['품명', '상품명', '물품명'] } }),
  from_country: code({ selectable: true, maxLength: 10, aliases: { vi: ['Xuất xứ', 'Nước xuất xứ', 'Mã nước'], en: ['Origin', 'Country of origin'], ko: ['원산지', '원산지국'] } }),
  origin_criteria: text({ maxLength: 50, visible: false, aliases: { vi: ['Tiêu chí xuất xứ'], en: ['Origin criterion', 'Origin criteria'], ko: ['원산지기준'] } }),
  // Quantity 1 in the declared (tariff or trade) unit.
  total: decimal({ required: true, nonNegative: true, aliases: { vi: ['Lượng', 'Số lượng', 'Lượng 1', 'Số lượng 1'], en: ['Quantity', 'Qty'], ko: ['수량'] } }),
  unit: code({ selectable: true, maxLength: 20, aliases: { vi: ['ĐVT', 'Đơn vị tính', 'ĐVT 1', 'Mã ĐVT'], en: ['Unit', 'UOM', 'Unit of measure'], ko: ['단위'] } }),
  // The second unit of quantity 2, usually the net weight.
  unit_2: code({ visible: false, maxLength: 20, aliases: { vi: ['ĐVT 2', 'Đơn vị tính 2'], en: ['Unit 2', 'Second unit'], ko: ['단위2'] } }),
  // The invoice unit price in the invoice currency.
  unit_price: decimal({ nonNegative: true, aliases: { vi: ['Đơn giá', 'Đơn giá hóa đơn', 'Đơn giá nguyên tệ'], en: ['Unit price', 'Invoice unit price'], ko: ['단가'] } }),
  // The unit customs (taxable) value.
  unit_price_taxed: decimal({ visible: false, aliases: { vi: ['Đơn giá tính thuế'], en: ['Taxable unit price', 'Customs unit value'], ko: ['과세단가'] } }),
  currency: code({ visible: false, selectable: true, maxLength: 3, aliases: { vi: ['Mã tiền tệ', 'Nguyên tệ', 'Loại tiền'], en: ['Currency'], ko: ['통화'] } }),
  exchange_rate: decimal({ visible: false, aliases: { vi: ['Tỷ giá', 'Tỷ giá tính thuế'], en: ['Exchange rate'], ko: ['환율'] } }),
  // The invoice value in the invoice currency.
  nt_value: decimal({ aliases: { vi: ['Trị giá nguyên tệ', 'Trị giá hóa đơn', 'Trị giá'], en: ['Invoice value', 'Value in currency'], ko: ['송장금액', '외화금액'] } }),
  // The customs (taxable) value in VND.
  total_value: decimal({ nonNegative: true, aliases: { vi: ['Trị giá tính thuế', 'Trị giá tính thuế (VND)', 'Trị giá VND'], en: ['Customs value', 'Taxable value'], ko: ['과세가격', '과세금액'] } }),
  tax_rate: decimal({ visible: false, aliases: { vi: ['Thuế suất XNK', 'Thuế suất', 'Thuế suất NK'], en: ['Duty rate', 'Import duty rate'], ko: ['관세율'] } }),
  tax_cost: decimal({ visible: false, aliases: { vi: ['Tiền thuế XNK', 'Tiền thuế', 'Tiền thuế NK'], en: ['Duty amount', 'Import duty'], ko: ['관세액'] } }),
  partner: text({ selectable: true, visible: false, aliases: { vi: ['Đối tác', 'Người XK', 'Người NK', 'Tên đối tác'], en: ['Partner', 'Exporter', 'Importer', 'Seller', 'Buyer'], ko: ['거래처', '수출자', '수입자'] } }),
  invoice_no: code({ aliases: { vi: ['Số hóa đơn', 'Số HĐ'], en: ['Invoice no', 'Invoice number'], ko: ['송장번호', '인보이스번호'] } }),
  bill_date: date({ visible: false, aliases: { vi: ['Ngày hóa đơn', 'Ngày HĐ'], en: ['Invoice date'], ko: ['송장일자'] } }),
  contract: code({ visible: false, aliases: { vi: ['Số hợp đồng', 'Hợp đồng', 'Số HĐ thương mại'], en: ['Contract', 'Contract no'], ko: ['계약번호'] } }),
  contract_date: date({ visible: false, aliases: { vi: ['Ngày hợp đồng'], en: ['Contract date'], ko: ['계약일자'] } }),
  unloading_location: text({ visible: false, aliases: { vi: ['Địa điểm dỡ hàng', 'Cảng dỡ hàng'], en: ['Unloading location', 'Port of discharge'], ko: ['양륙지', '하역항'] } }),
  shipping_date: date({ visible: false, aliases: { vi: ['Ngày hàng đi', 'Ngày vận chuyển', 'Ngày xếp hàng'], en: ['Shipping date', 'Ship date'], ko: ['선적일'] } }),
  // The proof of origin presented on import (C/O form letter and number): what makes the material originating
  // under an agreement in the origin schedules.
  co_form: code({ visible: false, selectable: true, maxLength: 20, aliases: { vi: ['Mẫu C/O', 'Form C/O', 'Loại C/O', 'Mẫu CO'], en: ['C/O form', 'CO form', 'Form'], ko: ['원산지증명서 양식', 'C/O 양식'] } }),
  co_number: code({ visible: false, aliases: { vi: ['Số C/O', 'Số CO', 'Số chứng nhận xuất xứ'], en: ['C/O number', 'CO number', 'C/O no'], ko: ['원산지증명서 번호', 'C/O 번호'] } }),
  // The Incoterm of the invoice (FOB, CIF, EXW …), from which an export's FOB value is derived.
  price_condition: code({ visible: false, selectable: true, maxLength: 10, aliases: { vi: ['Điều kiện giá', 'Điều kiện giao hàng', 'ĐKGH', 'Mã điều kiện giá hóa đơn'], en: ['Price condition', 'Incoterms', 'Delivery terms'], ko: ['가격조건', '인도조건'] } }),
};

export const ecus = defineResource({
  name: 'ecus',
  family: 'balance',
  table: 'ecus_lines',
  tableKind: 'ECUS',
  folderKey: 'ecus',
  operations: ['create', 'update', 'delete', 'import'],
  fields: ecusFields,
  search: ['code', 'item_name', 'account_number', 'hs'],
  ordering: '-registered_date',
  autofill: [{ code: 'code', name: 'item_name', unit: 'unit' }],
  indexes: [['type_code', 'registered_date']],
  imports: [
    plainImport,
    // An amendment names the line (declaration number, and line number or code) and its corrected code, unit or quantity.
    {
      mode: 'ama', importType: 'AMA', setup: 'ama_setup', run: 'ama_import_data', target: 'ecus-ama',
      fields: { account_number: {}, row_number: { required: false }, code: {}, unit: { required: false }, total: {} },
    },
    // A cancellation names the declaration, and may name one of its lines.
    { mode: 'cancel', importType: 'CANCEL', setup: 'cancel_setup', run: 'cancel_import_data', target: 'ecus-cancel', fields: { account_number: {}, row_number: { required: false } } },
  ],
});

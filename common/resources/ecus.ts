/** One goods line of a customs declaration, as ECUS/VNACCS exports it (domain §4). */
import { code, date, decimal, defineResource, integer, plainImport, text } from './define.js';

/** The columns of a declaration line; cancel records carry them too. */
export const ecusFields = {
  // The 12-digit declaration number: first digit 1 = import, 3 = export; the 12th counts amendments. Byte by byte, so
  // that its index also finds a declaration's versions by their first 11 digits.
  account_number: code({ required: true, indexed: true, bytewise: true, aliases: { vi: ['Số TK', 'Số tờ khai', 'Số tờ khai hải quan'], en: ['Declaration No', 'Declaration number', 'Customs declaration no'], ko: ['신고번호', '수입신고번호', '수출신고번호'], loose: ['TK'] } }),
  // The goods line (STT hàng, 1..50) inside the declaration; with the first 11 digits it names the line. ECUS reports
  // also number their rows in a 'STT' column, which is not the line: only a sheet without a line column proposes it.
  row_number: integer({ aliases: { vi: ['Số TT hàng', 'STT hàng', 'Số thứ tự hàng', 'Số dòng hàng', 'Dòng hàng'], en: ['Line no', 'Line number', 'Item no', 'Goods line no'], ko: ['란번호', '항번'], loose: ['STT', 'Số TT', 'Số thứ tự', 'Dòng', 'Số dòng', 'Line', 'No', '순번', '번호'] } }),
  registered_date: date({ required: true, indexed: true, aliases: { vi: ['Ngày ĐK', 'Ngày đăng ký', 'Ngày TK', 'Ngày tờ khai'], en: ['Registration date', 'Registered date', 'Declaration date'], ko: ['신고일', '신고일자', '등록일'] } }),
  type_code: code({ required: true, selectable: true, maxLength: 10, aliases: { vi: ['Mã LH', 'Mã loại hình', 'Loại hình'], en: ['Type code', 'Declaration type'], ko: ['신고유형', '유형코드'] } }),
  // The material or product code (from a Mã hàng column, or the prefix before '#&' in the description).
  code: code({ required: true, indexed: true, codeInField: 'item_name', aliases: { vi: ['Mã hàng', 'Mã NPL/SP', 'Mã NVL', 'Mã SP', 'Mã NPL', 'Mã hàng hóa'], en: ['Item code', 'Material code', 'Product code', 'Part number'], ko: ['품목코드', '자재코드', '품번'] } }),
  hs: code({ indexed: true, maxLength: 12, hsCode: true, aliases: { vi: ['Mã HS', 'Mã số hàng hóa', 'HS'], en: ['HS code', 'HS', 'Tariff code'], ko: ['HS코드', '세번', 'HS 부호'] } }),
  item_name: text({ maxLength: 1000, aliases: { vi: ['Tên hàng', 'Mô tả hàng hóa', 'Tên hàng hóa'], en: ['Description', 'Goods description', 'Item name'], ko: ['품명', '상품명', '물품명'] } }),
  from_country: code({ selectable: true, maxLength: 10, aliases: { vi: ['Xuất xứ', 'Nước xuất xứ', 'Mã nước', 'Mã nước xuất xứ'], en: ['Origin', 'Country of origin'], ko: ['원산지', '원산지국'] } }),
  origin_criteria: text({ maxLength: 50, visible: false, aliases: { vi: ['Tiêu chí xuất xứ'], en: ['Origin criterion', 'Origin criteria'], ko: ['원산지기준'] } }),
  // Quantity 1 in the declared (tariff or trade) unit. ECUS's goods report calls it 'Tổng số lượng'; its 'Số lượng kiện'
  // beside it counts the declaration's packages.
  total: decimal({ required: true, nonNegative: true, aliases: { vi: ['Lượng', 'Số lượng', 'Lượng 1', 'Số lượng 1', 'Tổng số lượng', 'Số lượng 1 (tổng)'], en: ['Quantity', 'Qty', 'Quantity 1'], ko: ['수량', '수량1'] } }),
  unit: code({ selectable: true, maxLength: 20, aliases: { vi: ['ĐVT', 'Đơn vị tính', 'ĐVT 1', 'Mã ĐVT'], en: ['Unit', 'UOM', 'Unit of measure'], ko: ['단위'] } }),
  // Quantity 2, in unit_2 (usually the net weight).
  total_2: decimal({ visible: false, nonNegative: true, aliases: { vi: ['Lượng 2', 'Số lượng 2', 'Tổng số lượng 2'], en: ['Quantity 2', 'Qty 2'], ko: ['수량2'] } }),
  // The second unit of quantity 2, usually the net weight.
  unit_2: code({ visible: false, maxLength: 20, aliases: { vi: ['ĐVT 2', 'Đơn vị tính 2'], en: ['Unit 2', 'Second unit'], ko: ['단위2'] } }),
  // The invoice unit price in the invoice currency.
  unit_price: decimal({ nonNegative: true, aliases: { vi: ['Đơn giá', 'Đơn giá hóa đơn', 'Đơn giá nguyên tệ'], en: ['Unit price', 'Invoice unit price'], ko: ['단가'] } }),
  // The unit customs (taxable) value.
  unit_price_taxed: decimal({ visible: false, aliases: { vi: ['Đơn giá tính thuế'], en: ['Taxable unit price', 'Customs unit value'], ko: ['과세단가'] } }),
  currency: code({ visible: false, selectable: true, maxLength: 3, aliases: { vi: ['Mã tiền tệ', 'Nguyên tệ', 'Loại tiền', 'Đơn vị tiền tệ', 'Mã đồng tiền', 'Ng.Tệ hóa đơn', 'Nguyên tệ hóa đơn'], en: ['Currency'], ko: ['통화'] } }),
  exchange_rate: decimal({ visible: false, aliases: { vi: ['Tỷ giá', 'Tỷ giá tính thuế', 'Tỷ giá thanh toán', 'Tỷ giá VNĐ'], en: ['Exchange rate'], ko: ['환율'] } }),
  // The invoice value in the invoice currency.
  nt_value: decimal({ aliases: { vi: ['Trị giá nguyên tệ', 'Trị giá hóa đơn', 'Trị giá NT'], en: ['Invoice value', 'Value in currency'], ko: ['송장금액', '외화금액'], loose: ['Trị giá'] } }),
  // The customs (taxable) value in VND.
  total_value: decimal({ nonNegative: true, aliases: { vi: ['Trị giá tính thuế', 'Trị giá tính thuế (VND)', 'Trị giá VND', 'Tổng trị giá', 'Trị giá tính thuế (S)'], en: ['Customs value', 'Taxable value'], ko: ['과세가격', '과세금액'] } }),
  // The import (or export) duty rate in percent and its amount in VND, as declared.
  tax_rate: decimal({ visible: false, rateWords: true, aliases: { vi: ['Thuế suất XNK', 'Thuế suất NK', 'Thuế suất XK', 'Thuế suất thuế NK', 'Thuế suất thuế nhập khẩu'], en: ['Duty rate', 'Import duty rate', 'Export duty rate'], ko: ['관세율'], loose: ['Thuế suất', 'Rate'] } }),
  tax_cost: decimal({ visible: false, aliases: { vi: ['Tiền thuế XNK', 'Tiền thuế NK', 'Tiền thuế XK', 'Tiền thuế nhập khẩu', 'Số tiền thuế NK'], en: ['Duty amount', 'Import duty', 'Import duty amount', 'Export duty'], ko: ['관세액'], loose: ['Tiền thuế'] } }),
  // The line's exemption, reduction or non-taxable code (VNACCS "Mã miễn / giảm / không chịu thuế", e.g. XN210 for
  // materials imported to produce exports) and the duty it waived.
  exemption_code: code({ visible: false, selectable: true, maxLength: 10, aliases: { vi: ['Mã miễn / giảm / không chịu thuế NK', 'Mã miễn / giảm / không chịu thuế nhập khẩu', 'Mã miễn / giảm / không chịu thuế XK', 'Mã miễn / giảm / không chịu thuế xuất khẩu', 'Mã miễn giảm', 'Mã miễn thuế', 'Mã miễn / giảm / không chịu thuế'], en: ['Exemption code', 'Duty exemption code', 'Tax exemption code'], ko: ['감면코드', '관세감면코드', '면세코드'] } }),
  exempted_amount: decimal({ visible: false, nonNegative: true, aliases: { vi: ['Số tiền miễn giảm', 'Số tiền miễn giảm thuế', 'Số tiền miễn thuế XNK', 'Số tiền miễn thuế NK', 'Số tiền giảm thuế XNK', 'Số tiền giảm thuế', 'Số tiền giảm thuế NK', 'Số tiền giảm thuế nhập khẩu', 'Số tiền giảm thuế xuất khẩu'], en: ['Exempted amount', 'Exemption amount', 'Duty reduction amount'], ko: ['감면세액', '감면액'] } }),
  // The tariff schedule the line was declared under (VNACCS 'Mã biểu thuế': B01 MFN, B05 ACFTA, B18 VKFTA …,
  // common/tariff-schedules.ts): which rate the line claims, and so which rate the tariff check judges it by.
  tariff_schedule: code({ visible: false, selectable: true, maxLength: 10, aliases: { vi: ['Mã biểu thuế XNK', 'Mã biểu thuế NK', 'Mã biểu thuế nhập khẩu', 'Mã biểu thuế XK', 'Mã biểu thuế', 'Biểu thuế'], en: ['Tariff schedule', 'Tariff schedule code', 'Duty schedule'], ko: ['세율구분', '관세율표 코드'] } }),
  // The other taxes a line carries, each as rate (percent) and amount (VND): VAT, excise (TTĐB), environmental
  // protection (BVMT), and trade remedies (safeguard, anti-dumping, countervailing).
  vat_rate: decimal({ visible: false, rateWords: true, aliases: { vi: ['Thuế suất VAT', 'Thuế suất GTGT', 'Thuế suất thuế GTGT', 'Thuế suất VA'], en: ['VAT rate'], ko: ['부가세율', '부가가치세율'] } }),
  vat_amount: decimal({ visible: false, aliases: { vi: ['Tiền thuế VAT', 'Tiền thuế GTGT', 'Thuế GTGT', 'Số tiền thuế GTGT'], en: ['VAT amount', 'VAT'], ko: ['부가세액', '부가세', '부가가치세액'] } }),
  // VAT is often not due on processing and export-production imports: the VAT exemption or non-taxable code says why.
  vat_exemption_code: code({ visible: false, selectable: true, maxLength: 10, aliases: { vi: ['Mã miễn / giảm / không chịu thuế VAT', 'Mã miễn / giảm / không chịu thuế GTGT', 'Mã miễn giảm VAT', 'Mã miễn giảm thuế GTGT', 'Mã áp dụng thuế VAT'], en: ['VAT exemption code'], ko: ['부가세 감면코드'] } }),
  excise_rate: decimal({ visible: false, rateWords: true, aliases: { vi: ['Thuế suất TTĐB', 'Thuế suất thuế TTĐB', 'Thuế suất tiêu thụ đặc biệt'], en: ['Excise rate', 'Special consumption tax rate'], ko: ['개별소비세율'] } }),
  excise_amount: decimal({ visible: false, aliases: { vi: ['Tiền thuế TTĐB', 'Thuế TTĐB', 'Tiền thuế tiêu thụ đặc biệt'], en: ['Excise amount', 'Excise tax', 'Special consumption tax'], ko: ['개별소비세액', '개별소비세'] } }),
  environment_rate: decimal({ visible: false, rateWords: true, aliases: { vi: ['Thuế suất BVMT', 'Mức thuế BVMT', 'Thuế suất bảo vệ môi trường'], en: ['Environmental protection tax rate', 'Environment tax rate'], ko: ['환경보호세율'] } }),
  environment_amount: decimal({ visible: false, aliases: { vi: ['Tiền thuế BVMT', 'Thuế BVMT', 'Tiền thuế MT', 'Tiền thuế bảo vệ môi trường'], en: ['Environmental protection tax', 'Environment tax amount'], ko: ['환경보호세액', '환경보호세'] } }),
  trade_remedy_rate: decimal({ visible: false, rateWords: true, aliases: { vi: ['Thuế suất tự vệ, chống bán phá giá', 'Thuế suất PB', 'Thuế suất chống bán phá giá', 'Thuế suất tự vệ', 'Thuế suất chống trợ cấp'], en: ['Trade remedy duty rate', 'Anti-dumping duty rate', 'Safeguard duty rate'], ko: ['덤핑방지관세율', '긴급관세율'] } }),
  trade_remedy_amount: decimal({ visible: false, aliases: { vi: ['Tiền thuế tự vệ, chống bán phá giá', 'Tiền thuế PB', 'Tiền thuế chống bán phá giá', 'Tiền thuế tự vệ', 'Tiền thuế chống trợ cấp'], en: ['Trade remedy duty', 'Anti-dumping duty', 'Safeguard duty'], ko: ['덤핑방지관세액', '긴급관세액'] } }),
  // The declaration's status as the export gives it ('Đã thông quan', 'Hủy', 'Đã hủy' …): a declaration marked cancelled
  // is imported as cancelled (server/imports/variant-steps.ts, cancelMarkedLines).
  declaration_status: text({ visible: false, selectable: true, maxLength: 100, aliases: { vi: ['Trạng thái', 'Trạng thái tờ khai', 'Tình trạng tờ khai'], en: ['Status', 'Declaration status'], ko: ['상태', '신고상태'] } }),
  // The customs office that registered the declaration (VNACCS 'Mã HQ', e.g. 02CI).
  customs_office: code({ visible: false, selectable: true, maxLength: 20, aliases: { vi: ['Mã HQ', 'Mã hải quan', 'Mã chi cục HQ', 'Cơ quan hải quan', 'Chi cục hải quan'], en: ['Customs office', 'Customs office code'], ko: ['세관', '세관코드'] } }),
  // The declaration's packages and gross weight with their units, as declared (they are the whole declaration's,
  // repeated on each of its lines).
  packages: decimal({ visible: false, nonNegative: true, aliases: { vi: ['Số lượng kiện', 'Số kiện', 'Tổng số kiện'], en: ['Packages', 'Number of packages'], ko: ['포장개수', '포장수'] } }),
  packages_unit: code({ visible: false, maxLength: 20, aliases: { vi: ['Mã ĐVT kiện', 'ĐVT kiện', 'Loại kiện'], en: ['Package unit', 'Package type'], ko: ['포장단위'] } }),
  gross_weight: decimal({ visible: false, nonNegative: true, aliases: { vi: ['Trọng lượng', 'Tổng trọng lượng', 'Tổng trọng lượng hàng (Gross)', 'Trọng lượng (Gross)'], en: ['Gross weight', 'Weight'], ko: ['총중량', '중량'] } }),
  gross_weight_unit: code({ visible: false, maxLength: 20, aliases: { vi: ['Mã ĐVT trọng lượng', 'ĐVT trọng lượng'], en: ['Weight unit'], ko: ['중량단위'] } }),
  partner: text({ selectable: true, visible: false, aliases: { vi: ['Đối tác', 'Người XK', 'Người NK', 'Tên đối tác'], en: ['Partner', 'Exporter', 'Importer', 'Seller', 'Buyer'], ko: ['거래처', '수출자', '수입자'] } }),
  invoice_no: code({ aliases: { vi: ['Số hóa đơn', 'Số HĐ', 'Số hóa đơn TM'], en: ['Invoice no', 'Invoice number'], ko: ['송장번호', '인보이스번호'] } }),
  bill_date: date({ visible: false, aliases: { vi: ['Ngày hóa đơn', 'Ngày HĐ', 'Ngày HĐTM'], en: ['Invoice date'], ko: ['송장일자'] } }),
  contract: code({ visible: false, aliases: { vi: ['Số hợp đồng', 'Hợp đồng', 'Số HĐ thương mại'], en: ['Contract', 'Contract no'], ko: ['계약번호'] } }),
  contract_date: date({ visible: false, aliases: { vi: ['Ngày hợp đồng'], en: ['Contract date'], ko: ['계약일자'] } }),
  unloading_location: text({ visible: false, aliases: { vi: ['Địa điểm dỡ hàng', 'Cảng dỡ hàng'], en: ['Unloading location', 'Port of discharge'], ko: ['양륙지', '하역항'] } }),
  shipping_date: date({ visible: false, aliases: { vi: ['Ngày hàng đi', 'Ngày vận chuyển', 'Ngày xếp hàng'], en: ['Shipping date', 'Ship date'], ko: ['선적일'] } }),
  // The proof of origin presented on import (C/O form letter and number): what makes the material originating
  // under an agreement in the origin schedules.
  co_form: code({ visible: false, selectable: true, maxLength: 20, aliases: { vi: ['Mẫu C/O', 'Form C/O', 'Loại C/O', 'Mẫu CO'], en: ['C/O form', 'CO form'], ko: ['원산지증명서 양식', 'C/O 양식'], loose: ['Form'] } }),
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
  // The type code rides in the day's index rather than in an index of its own: a list of some type codes by day
  // is read from that index alone, and each imported line enters one index fewer (docs/tables.md, Indexes).
  carriedInIndex: { registered_date: ['type_code'] },
  imports: [
    plainImport,
    // An amendment names the line (declaration number, and line number or code) and its corrected code, unit or quantity.
    {
      mode: 'ama', importType: 'AMA', setup: 'ama_setup', run: 'ama_import_data', target: 'ecus-ama', step: 'amend-lines',
      fields: { account_number: {}, row_number: { required: false }, code: {}, unit: { required: false }, total: {} },
    },
    // A cancellation names the declaration, and may name one of its lines, with when and why it was cancelled.
    {
      mode: 'cancel', importType: 'CANCEL', setup: 'cancel_setup', run: 'cancel_import_data', target: 'ecus-cancel', step: 'cancel-lines',
      fields: { account_number: {}, row_number: { required: false }, cancel_date: {}, cancel_reason: {} },
    },
  ],
});

/** A dated link between a customs code and an internal ERP or warehouse code, with their unit conversion (N:M, domain §4.4, §5). */
import { code, date, decimal, defineResource, text } from './define.js';
import { itemUnit } from './shared-fields.js';

export const mapCode = defineResource({
  name: 'map-code',
  family: 'new-balance',
  table: 'code_maps',
  tableKind: 'map-code',
  folderKey: 'map-code',
  operations: ['create', 'delete', 'import'],
  fields: {
    code: code({ required: true, indexed: true, label: 'fields.customs_code', aliases: { vi: ['Mã hàng hải quan', 'Mã khai báo', 'Mã hàng khai báo', 'Mã hàng', 'Mã NPL'], en: ['Customs code', 'Declared code', 'Item code'], ko: ['세관품목코드', '신고품목코드', '품목코드'] } }),
    name: text({ maxLength: 1000, label: 'fields.customs_name', aliases: { vi: ['Tên hàng hải quan', 'Tên hàng khai báo', 'Tên hàng'], en: ['Customs name', 'Declared name', 'Item name'], ko: ['세관품명', '신고품명', '품명'] } }),
    unit: itemUnit({ label: 'fields.customs_unit', aliases: { vi: ['ĐVT hải quan', 'ĐVT khai báo', 'ĐVT HQ', 'ĐVT'], en: ['Customs unit', 'Declared unit', 'Unit'], ko: ['세관단위', '신고단위', '단위'] } }),
    internal_code: code({ required: true, indexed: true, aliases: { vi: ['Mã nội bộ', 'Mã kế toán', 'Mã vật tư', 'Mã kho', 'Mã ERP'], en: ['Internal code', 'ERP code', 'Accounting code', 'Warehouse code'], ko: ['내부품목코드', 'ERP코드', '내부코드'] } }),
    internal_name: text({ maxLength: 1000, aliases: { vi: ['Tên nội bộ', 'Tên vật tư', 'Tên kế toán'], en: ['Internal name', 'ERP name'], ko: ['내부품명'] } }),
    internal_unit: itemUnit({ aliases: { vi: ['ĐVT nội bộ', 'ĐVT kho', 'ĐVT kế toán'], en: ['Internal unit', 'Stock unit', 'ERP unit'], ko: ['내부단위', '재고단위'] } }),
    // Internal quantity × factor = customs quantity (e.g. 0.9144 from yards in stock to metres declared).
    factor: decimal({ required: true, aliases: { vi: ['Hệ số quy đổi', 'Hệ số', 'Tỷ lệ quy đổi'], en: ['Conversion factor', 'Factor', 'Ratio'], ko: ['환산계수', '환산율'] } }),
    // The dates the link holds between; either may be empty (open-ended).
    valid_from: date({ aliases: { vi: ['Hiệu lực từ ngày', 'Từ ngày', 'Ngày hiệu lực'], en: ['Valid from', 'Effective from'], ko: ['적용시작일', '시작일'] } }),
    valid_to: date({ aliases: { vi: ['Hiệu lực đến ngày', 'Đến ngày', 'Ngày hết hiệu lực'], en: ['Valid to', 'Valid until', 'Effective to'], ko: ['적용종료일', '종료일'] } }),
  },
  search: ['code', 'name', 'internal_code', 'internal_name'],
  ordering: 'code',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }, { code: 'internal_code', name: 'internal_name', unit: 'internal_unit' }],
  indexes: [['code', 'internal_code']],
});

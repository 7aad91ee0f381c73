/** A line of Statement 15 (Form 15/BCQT-NVL/GSQL): one imported material's quantities over the reporting period (domain §2). */
import { decimal, defineResource } from './define.js';
import { closingStock, itemCode, itemName, itemUnit, note, openingStock } from './shared-fields.js';

/** The form's movement columns (6)–(10), which Statement 15A carries too. */
export const statementFlows = {
  // (6) imported in the period under the regime's import type codes.
  take_in: decimal({ aliases: { vi: ['Nhập trong kỳ', 'Nhập kho trong kỳ', 'Lượng nhập trong kỳ'], en: ['Received in period', 'Imported in period', 'Imports'], ko: ['당기입고', '당기수입'] } }),
  // (7) re-exported: returned abroad or moved to another party or contract (B13, E54).
  re_export: decimal({ aliases: { vi: ['Tái xuất', 'Xuất tái xuất', 'Xuất - Tái xuất'], en: ['Re-exported', 'Re-export'], ko: ['재수출'] } }),
  // (8) changed purpose, sold domestically or destroyed (A42, destruction records).
  re_purpose: decimal({ aliases: { vi: ['Chuyển mục đích sử dụng', 'Chuyển mục đích sử dụng, tiêu thụ nội địa, tiêu hủy', 'Chuyển MĐSD', 'Tiêu thụ nội địa'], en: ['Change of purpose', 'Changed purpose', 'Domestic sale'], ko: ['용도변경', '내수판매'] } }),
  // (9) issued from the warehouse to production, by warehouse issue vouchers.
  export_to_produce: decimal({ aliases: { vi: ['Xuất kho để sản xuất', 'Xuất sản xuất', 'Xuất cho sản xuất'], en: ['Issued to production', 'Issue to production'], ko: ['생산투입', '생산출고'] } }),
  // (10) other issues: samples, research, losses by disaster, issued for export but not yet declared ...
  other_export: decimal({ aliases: { vi: ['Xuất kho khác', 'Xuất khác'], en: ['Other issues', 'Other issue', 'Other export'], ko: ['기타출고'] } }),
};

export const statement15 = defineResource({
  name: 'statement-15',
  family: 'new-balance',
  table: 'statement_15_lines',
  tableKind: 'STATEMENT 15',
  folderKey: 'statement-15',
  operations: ['create', 'update', 'delete', 'import'],
  fields: {
    code: itemCode({ required: true }),
    name: itemName(),
    unit: itemUnit(),
    // (5) opening quantity in `unit`: the previous statement's closing.
    begin_value: decimal({ label: 'fields.opening_stock', aliases: openingStock }),
    ...statementFlows,
    // (11) closing quantity = (5) + (6) − (7) − (8) − (9) − (10); never negative.
    end_value: decimal({ label: 'fields.closing_stock', aliases: closingStock }),
    note: note(),
  },
  search: ['code', 'name'],
  ordering: 'code',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }],
});

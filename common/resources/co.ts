/** A certificate of origin issued for an export: which export declaration and product it covers (domain §7). */
import { code, date, defineResource } from './define.js';

/** The certificate's fields, shared with the lines of its application (co-form.ts). */
export const coFields = {
  export_declaration_number: code({ required: true, indexed: true, aliases: { vi: ['Số tờ khai xuất khẩu', 'Số TK xuất', 'Số tờ khai', 'Số TK'], en: ['Export declaration no', 'Export declaration number', 'Declaration no'], ko: ['수출신고번호', '신고번호'] } }),
  // The C/O's own number (its Reference No. box).
  reference_no: code({ required: true, indexed: true, aliases: { vi: ['Số C/O', 'Số tham chiếu', 'Số tham chiếu C/O'], en: ['C/O no', 'Reference no', 'Certificate no'], ko: ['C/O번호', '원산지증명서번호', '증명서번호'] } }),
  issued_date: date({ indexed: true, aliases: { vi: ['Ngày cấp', 'Ngày C/O', 'Ngày cấp C/O'], en: ['Issued date', 'Date of issue', 'C/O date'], ko: ['발급일자', '발급일'] } }),
  // The product's code as the C/O describes it.
  part_number: code({ required: true, indexed: true, aliases: { vi: ['Mã hàng', 'Mã sản phẩm', 'Part number'], en: ['Part no', 'P/N', 'Product code'], ko: ['품번', '제품코드'] } }),
  // The C/O form of the agreement: D (ATIGA), E (ACFTA), AK, AJ, VK, EUR.1, CPTPP, RCEP ...
  form_type: code({ selectable: true, maxLength: 20, aliases: { vi: ['Mẫu C/O', 'Form C/O', 'Loại C/O'], en: ['Form', 'C/O form', 'Form type'], ko: ['C/O양식', '양식'] } }),
  // The ISO country code of the importing country.
  importing_country: code({ selectable: true, maxLength: 10, aliases: { vi: ['Nước nhập khẩu', 'Nước NK'], en: ['Importing country', 'Destination country'], ko: ['수입국', '도착국'] } }),
};

export const co = defineResource({
  name: 'co',
  family: 'fta',
  table: 'certificates_of_origin',
  tableKind: 'CO',
  folderKey: 'co',
  operations: ['create', 'update', 'delete', 'import'],
  fields: coFields,
  search: ['export_declaration_number', 'reference_no', 'part_number'],
  ordering: '-issued_date',
});

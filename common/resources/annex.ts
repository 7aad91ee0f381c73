/** An origin-annex line: which import declaration brought a part in, and from which exporter (evidence behind an origin schedule). */
import { code, defineResource, text } from './define.js';
import { ecusFields } from './ecus.js';
import { billDate, itemName, itemUnit, quantity } from './shared-fields.js';

const hidden = { visible: false } as const;

export const annex = defineResource({
  name: 'annex',
  family: 'fta',
  table: 'annex_lines',
  tableKind: 'ANNEX',
  folderKey: 'annex',
  operations: ['create', 'update', 'delete', 'import'],
  fields: {
    // The foreign seller named on the import declaration.
    exporter: text({ required: true, maxLength: 500, aliases: { vi: ['Người xuất khẩu', 'Nhà xuất khẩu', 'Tên người xuất khẩu', 'Người XK'], en: ['Exporter', 'Seller', 'Shipper'], ko: ['수출자', '수출업체'] } }),
    import_declaration_number: code({ required: true, indexed: true, aliases: { vi: ['Số tờ khai nhập khẩu', 'Số TK nhập', 'Số tờ khai', 'Số TK'], en: ['Import declaration no', 'Import declaration number', 'Declaration no'], ko: ['수입신고번호', '신고번호'] } }),
    // The material's code as the annex lists it.
    part_number: code({ required: true, indexed: true, aliases: { vi: ['Mã linh kiện', 'Mã hàng', 'Part number', 'Mã NPL'], en: ['Part no', 'P/N', 'Item code'], ko: ['품번', '부품번호', '품목코드'] } }),
    name: itemName(hidden),
    hs: code({ ...hidden, maxLength: 12, hsCode: true, aliases: ecusFields.hs.aliases }),
    quantity: quantity(hidden),
    unit: itemUnit(hidden),
    invoice_no: { ...ecusFields.invoice_no, ...hidden },
    bill_date: billDate(hidden),
  },
  search: ['part_number', 'import_declaration_number', 'exporter', 'name'],
  ordering: 'part_number',
  autofill: [{ code: 'part_number', name: 'name', unit: 'unit' }],
});

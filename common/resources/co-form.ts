/**
 * The lines of the company's C/O applications as the form prints them (domain §7.6): one row per item of a
 * certificate — boxes 6 to 10 of Form D and its siblings — so that the criterion declared in box 8 can be read
 * beside the origin schedule that proves it.
 */
import { code, decimal, defineResource, integer, text } from './define.js';
import { coFields } from './co.js';
import { ecusFields } from './ecus.js';
import { billDate, itemCode, itemName, itemUnit, quantity } from './shared-fields.js';

export const coForm = defineResource({
  name: 'co-form',
  family: 'fta',
  table: 'co_form_lines',
  tableKind: 'CO-FORM',
  operations: ['create', 'update', 'delete', 'import'],
  fields: {
    reference_no: coFields.reference_no,
    form_type: coFields.form_type,
    issued_date: coFields.issued_date,
    export_declaration_number: { ...coFields.export_declaration_number, required: false },
    // Box 6: the item's number on the certificate.
    item_no: integer({ nonNegative: true, aliases: { vi: ['Số thứ tự mặt hàng', 'STT', 'Số mục'], en: ['Item number', 'Item no', 'No.'], ko: ['항목번호', '순번'] } }),
    // Box 7: marks and numbers on the packages, and their number and kind.
    marks: text({ maxLength: 1000, aliases: { vi: ['Ký mã hiệu', 'Ký hiệu và số hiệu kiện hàng', 'Số lượng và loại kiện'], en: ['Marks and numbers', 'Marks', 'Packages'], ko: ['화인', '포장 표시'] } }),
    code: itemCode({ required: true }),
    item_name: itemName(),
    hs: { ...ecusFields.hs, required: false },
    // Box 8: the criterion the goods meet, as written on the form (WO, PE, CTH, RVC 40% …).
    origin_criterion: code({ selectable: true, maxLength: 40, aliases: { vi: ['Tiêu chí xuất xứ', 'Tiêu chí', 'Tiêu chí XX'], en: ['Origin criterion', 'Origin criteria', 'Criterion'], ko: ['원산지기준', '원산지 결정기준'] } }),
    // Box 9: the quantity (or gross weight) and the FOB value.
    quantity: quantity({ nonNegative: true }),
    unit: itemUnit(),
    fob_value: decimal({ nonNegative: true, aliases: { vi: ['Trị giá FOB', 'Giá FOB', 'FOB'], en: ['FOB value', 'FOB'], ko: ['FOB 금액', 'FOB가격'] } }),
    currency: { ...ecusFields.currency, visible: true },
    // Box 10: the invoice.
    invoice_no: ecusFields.invoice_no,
    bill_date: billDate(),
    consignee: text({ maxLength: 500, aliases: { vi: ['Người nhận hàng', 'Người nhập khẩu', 'Tên người nhận'], en: ['Consignee', 'Importer'], ko: ['수하인', '수입자'] } }),
    importing_country: coFields.importing_country,
  },
  search: ['reference_no', 'code', 'item_name', 'export_declaration_number', 'invoice_no'],
  ordering: '-issued_date',
  autofill: [{ code: 'code', name: 'item_name', unit: 'unit' }],
});

/** A line of a cancelled customs declaration, kept so the cancelled goods are left out of statements, stock and origin (domain §4.6). */
import { date, defineResource, integer, text } from './define.js';
import { ecusFields } from './ecus.js';

// The line's VAT amount is kept as the record's `vat_cost`, the name cancel records have always had.
const { vat_amount: vatAmount, ...lineFields } = ecusFields;

/** The record's columns copied from the cancelled line, as line column → record column: every column of the line. */
export const cancelledLineColumns: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.keys(lineFields).map((name) => [name, name])),
  vat_amount: 'vat_cost',
};

export const ecusCancel = defineResource({
  name: 'ecus-cancel',
  family: 'balance',
  table: 'ecus_cancel_records',
  tableKind: 'CANCLE',
  // Loaded by the ECUS table's cancel import, and kept as filed: single rows are never edited.
  operations: ['locked'],
  fields: {
    ...lineFields,
    vat_cost: { ...vatAmount, aliases: {} },
    // When the declaration was cancelled (the customs decision), and why (goods not arriving, duplicate, wrong type code).
    cancel_date: date({ aliases: { vi: ['Ngày hủy', 'Ngày hủy tờ khai', 'Ngày hủy TK'], en: ['Cancellation date', 'Cancel date', 'Cancelled on'], ko: ['취소일', '취소일자'] } }),
    cancel_reason: text({ maxLength: 1000, aliases: { vi: ['Lý do hủy', 'Lý do hủy tờ khai'], en: ['Cancellation reason', 'Reason for cancellation'], ko: ['취소사유', '취소 사유'] } }),
    // The ECUS line (ecus_lines id) the cancellation takes out, once matched by declaration number and line.
    ecus_id: integer({ indexed: true, visible: false }),
  },
  search: ['code', 'item_name', 'account_number', 'hs'],
  ordering: '-registered_date',
  indexes: [['type_code', 'registered_date']],
});

/** An issue line of the warehouse books (phiếu xuất kho): a quantity of one code leaving the warehouse on a day. */
import { date, defineResource } from './define.js';
import { docNumber, issuedQuantity, itemCode, itemName, itemType, itemUnit, joinAliases, quantity, takeOutPurpose } from './shared-fields.js';

export const whTakeOut = defineResource({
  name: 'wh-take-out',
  family: 'new-balance',
  table: 'warehouse_take_out',
  tableKind: 'TAKE-OUT',
  folderKey: 'wh-take-out',
  operations: ['create', 'update', 'delete', 'import'],
  fields: {
    item_type: itemType({ required: true }),
    code: itemCode({ required: true }),
    name: itemName({ required: true }),
    unit: itemUnit({ required: true }),
    // The issue slip (phiếu xuất kho) the line was issued on, which an inspector asks for beside the day.
    bill_no: docNumber({ label: 'fields.issue_no' }, { vi: ['Số phiếu xuất', 'Số phiếu xuất kho', 'Số PXK', 'Số PX'], en: ['Issue voucher no', 'Issue no', 'Issue number', 'Goods issue no'], ko: ['출고번호', '출고전표번호'] }),
    takeout_date: date({ required: true, indexed: true, aliases: { vi: ['Ngày xuất kho', 'Ngày xuất', 'Ngày chứng từ', 'Ngày CT', 'Ngày'], en: ['Take-out date', 'Issue date', 'Date'], ko: ['출고일자', '출고일', '일자'] } }),
    quantity: quantity({ required: true }, joinAliases(issuedQuantity, { vi: ['Số lượng xuất kho'], en: ['Quantity issued'] })),
    // Production feeds Form 15 column (9); export and other issues column (10). Empty counts as production.
    purpose: takeOutPurpose(),
  },
  search: ['code', 'name', 'bill_no'],
  ordering: '-takeout_date',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }],
  indexes: [['code', 'takeout_date']],
});

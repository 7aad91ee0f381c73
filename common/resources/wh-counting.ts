/** A physical count line (biên bản kiểm kê): the quantity of one code found in a warehouse on the count date. */
import { date, defineResource } from './define.js';
import { itemCode, itemName, itemUnit, quantity, warehouseName } from './shared-fields.js';

/** The accounting count (acc-counting.ts) is this table under another name. */
export const whCounting = defineResource({
  name: 'wh-counting',
  family: 'new-balance',
  table: 'warehouse_counts',
  tableKind: 'PHYSICAL COUNTING',
  folderKey: 'wh-counting',
  operations: ['create', 'update', 'delete', 'import'],
  fields: {
    code: itemCode({ required: true }),
    name: itemName(),
    unit: itemUnit(),
    warehouse_name: warehouseName(),
    inventory_date: date({ indexed: true, aliases: { vi: ['Ngày kiểm kê', 'Thời điểm kiểm kê', 'Ngày'], en: ['Count date', 'Inventory date', 'Stocktake date', 'Date'], ko: ['실사일자', '재고조사일', '일자'] } }),
    inventory_quantity: quantity({ required: true, nonNegative: true }, { vi: ['Số lượng kiểm kê', 'SL kiểm kê', 'Số lượng thực tế', 'Thực tế kiểm kê', 'Tồn thực tế'], en: ['Counted quantity', 'Physical quantity', 'Actual quantity'], ko: ['실사수량', '실재고'] }),
  },
  search: ['code', 'name'],
  ordering: 'code',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }],
});

/** An opening balance: the stock of one code at the start of the reporting period (domain §2, column 5). */
import { date, defineResource } from './define.js';
import { contract, itemCode, itemName, itemType, itemUnit, openingStock, quantity } from './shared-fields.js';

export const begin = defineResource({
  name: 'begin',
  family: 'balance',
  table: 'opening_balances',
  tableKind: 'BEGIN',
  folderKey: 'begin',
  operations: ['create', 'update', 'delete', 'import'],
  fields: {
    item_type: itemType({ required: true }),
    code: itemCode({ required: true }),
    name: itemName({ required: true }),
    unit: itemUnit({ required: true }),
    // The opening quantity in `unit` (the previous period's closing stock), not a money value.
    begin_value: quantity({ required: true, nonNegative: true, label: 'fields.opening_stock', aliases: openingStock }),
    // The day the opening quantity stands at: the first day of the period.
    from_date: date({ indexed: true, aliases: { vi: ['Từ ngày', 'Ngày chốt tồn', 'Ngày đầu kỳ'], en: ['From date', 'As of', 'Balance date'], ko: ['기준일자', '시작일'] } }),
    // The processing contract the stock belongs to (GC regime), when balances are kept per contract.
    contract: contract({ visible: false }),
  },
  search: ['code', 'name'],
  ordering: 'code',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }],
});

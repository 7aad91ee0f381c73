/** A closing-stock line counted on the production floor at the period's cut-off (work in progress, semi-finished goods). */
import { defineResource } from './define.js';
import { closingStock, itemCode, itemName, itemType, itemUnit, note, quantity } from './shared-fields.js';

/** The accounting and warehouse ending inventories (acc-/wh-ending-inventory.ts) are this table under other names. */
export const endingInventory = defineResource({
  name: 'ending-inventory',
  family: 'balance',
  table: 'production_ending_inventory',
  tableKind: 'EI-Production',
  operations: ['create', 'update', 'delete', 'import'],
  fields: {
    code: itemCode({ required: true }),
    material_type: itemType({}, { vi: ['Loại NVL'], en: ['Material type'], ko: ['자재구분'] }),
    name: itemName(),
    unit: itemUnit(),
    // The closing quantity in `unit` at the cut-off date.
    quantity: quantity({ required: true }, closingStock),
    note: note(),
  },
  search: ['code', 'name'],
  ordering: 'code',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }],
});

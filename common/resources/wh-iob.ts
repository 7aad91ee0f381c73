/** One code's in-out-balance (nhập - xuất - tồn) over the period as the warehouse books state it (domain §6, warehouse view). */
import { decimal, defineResource, type FieldDefinition } from './define.js';
import {
  closingQuantity, closingValue, issuedQuantity, issuedValue, itemCode, itemName, itemType, itemUnit,
  openingQuantity, openingValue, receivedQuantity, receivedValue, warehouseName,
} from './shared-fields.js';

/**
 * The columns of an in-out-balance, with the period's receipts and issues (named differently in the accounting one)
 * in between. The four quantities are required; values are not, since many warehouse books count quantities only.
 */
export const iobFields = <F extends Record<string, FieldDefinition>>(flows: F) => ({
  item_type: itemType({ required: true }),
  code: itemCode({ required: true }),
  name: itemName(),
  unit: itemUnit(),
  warehouse_name: warehouseName(),
  begin_quantity: decimal({ required: true, aliases: openingQuantity }),
  begin_value: decimal({ aliases: openingValue }),
  ...flows,
  end_quantity: decimal({ required: true, aliases: closingQuantity }),
  end_value: decimal({ aliases: closingValue }),
});

export const whIob = defineResource({
  name: 'wh-iob',
  family: 'new-balance',
  table: 'warehouse_iob',
  tableKind: 'IOB',
  folderKey: 'wh-iob',
  operations: ['create', 'update', 'delete', 'import'],
  fields: iobFields({
    take_in_quantity: decimal({ required: true, aliases: receivedQuantity }),
    take_in_value: decimal({ aliases: receivedValue }),
    take_out_quantity: decimal({ required: true, aliases: issuedQuantity }),
    take_out_value: decimal({ aliases: issuedValue }),
  }),
  search: ['code', 'name'],
  ordering: 'code',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }],
});

/** The in-out-balance of one scrap or reject code (phế liệu, phế phẩm): quantities and values over the period (domain §5). */
import { decimal, defineResource } from './define.js';
import {
  closingQuantity, closingValue, issuedQuantity, issuedValue, itemCode, itemName, itemUnit,
  openingQuantity, openingValue, receivedQuantity, receivedValue,
} from './shared-fields.js';

export const scrap = defineResource({
  name: 'scrap',
  family: 'balance',
  table: 'scrap_balances',
  tableKind: 'SCRAP/NG',
  operations: ['create', 'update', 'delete', 'import'],
  // Each figure comes as a pair: the bare name is the value, the `_num` twin the quantity.
  fields: {
    code: itemCode({ required: true }),
    name: itemName(),
    unit: itemUnit(),
    begin_value: decimal({ aliases: openingValue }),
    begin_value_num: decimal({ aliases: openingQuantity }),
    take_in: decimal({ label: 'fields.take_in_value', aliases: receivedValue }),
    take_in_num: decimal({ aliases: receivedQuantity }),
    // Scrap leaving the books: sold domestically (declared) or destroyed under supervision.
    take_out: decimal({ aliases: issuedValue }),
    take_out_num: decimal({ aliases: issuedQuantity }),
    end_value: decimal({ aliases: closingValue }),
    end_value_num: decimal({ aliases: closingQuantity }),
  },
  search: ['code', 'name'],
  ordering: 'code',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }],
});

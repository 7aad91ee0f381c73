/** One code's in-out-balance (nhập - xuất - tồn) over the period as the accounting books state it (domain §6, accounting view). */
import { decimal, defineResource } from './define.js';
import { receivedQuantity, receivedValue, issuedQuantity, issuedValue } from './shared-fields.js';
import { iobFields } from './wh-iob.js';

export const accIob = defineResource({
  name: 'acc-iob',
  family: 'new-balance',
  table: 'accounting_iob',
  tableKind: 'IOB',
  folderKey: 'acc-iob',
  operations: ['create', 'update', 'delete', 'import'],
  fields: iobFields({
    import_quantity: decimal({ required: true, aliases: receivedQuantity }),
    import_value: decimal({ required: true, aliases: receivedValue }),
    export_quantity: decimal({ required: true, aliases: issuedQuantity }),
    export_value: decimal({ required: true, aliases: issuedValue }),
  }),
  search: ['code', 'name'],
  ordering: 'code',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }],
});

/** A material known from ECUS import lines, one row per code with its HS, name, unit and latest price: a read-only view for origin pricing. */
import { defineResource } from './define.js';
import { ecusFields } from './ecus.js';

export const ecusStock = defineResource({
  name: 'ecus-stock',
  family: 'fta',
  table: 'ecus_stock',
  tableKind: 'ECUS_STOCK',
  view: true,
  operations: [],
  // A view gets no indexes of its own and nothing is entered into it.
  fields: {
    code: { ...ecusFields.code, required: false, indexed: false },
    hs: { ...ecusFields.hs, indexed: false },
    item_name: ecusFields.item_name,
    unit: ecusFields.unit,
    // The invoice unit price of the code's latest import line, in that line's currency.
    unit_price: ecusFields.unit_price,
  },
  search: ['code', 'item_name', 'hs'],
  ordering: 'code',
});

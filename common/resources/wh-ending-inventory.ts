/** A closing-stock line as the warehouse cards (thẻ kho) state it at the period's cut-off. */
import { defineResource } from './define.js';
import { endingInventory } from './ending-inventory.js';

export const whEndingInventory = defineResource({
  ...endingInventory, name: 'wh-ending-inventory', table: 'warehouse_ending_inventory', tableKind: 'EI-WareHouse',
});

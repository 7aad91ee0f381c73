/** A closing-stock line as the accounting books state it at the period's cut-off (accounts 152, 154, 155). */
import { defineResource } from './define.js';
import { endingInventory } from './ending-inventory.js';

export const accEndingInventory = defineResource({
  ...endingInventory, name: 'acc-ending-inventory', table: 'accounting_ending_inventory', tableKind: 'EI-Accounting',
});

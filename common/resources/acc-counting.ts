/** A physical count line as the accounting side records it (the count the books are adjusted to). */
import { defineResource } from './define.js';
import { whCounting } from './wh-counting.js';

export const accCounting = defineResource({
  ...whCounting, name: 'acc-counting', table: 'accounting_counts', folderKey: 'acc-counting',
});

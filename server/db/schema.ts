/**
 * The Drizzle schema: every table of the database, re-exported from where it is defined.
 * drizzle-kit reads this file to generate migrations; queries get their types from it.
 */
import { businessTables } from '../resources/tables.js';

export { bookMonthlySums, declaredMonthlySums, searchTexts, supersededDeclarationLines } from '../resources/tables.js';

export * from '../auth/tables.js';
export * from '../companies/tables.js';
export * from '../imports/tables.js';
export * from '../reports/tables.js';
export * from '../origin/tables.js';
export * from '../reports-bi/tables.js';
export * from '../admin/tables.js';
export * from '../lookup/tables.js';

// drizzle-kit finds tables only among named exports, so each business table is named here once more;
// server/resources/tables.test.ts fails when one is missing.
export const {
  ecus: ecusLines, begin: openingBalances, bom: bomLines, bom_exw: bomExwLines, production: productionLines,
  purchase: purchases, scrap: scrapBalances, sell: sales, 'ending-inventory': productionEndingInventory,
  'acc-ending-inventory': accountingEndingInventory, 'wh-ending-inventory': warehouseEndingInventory,
  'ecus-ama': ecusAmaRecords, 'ecus-cancel': ecusCancelRecords, 'wh-iob': warehouseIob, 'acc-iob': accountingIob,
  'acc-take-out': accountingTakeOut, 'acc-take-in': accountingTakeIn, 'wh-take-in': warehouseTakeIn,
  'wh-take-out': warehouseTakeOut, 'statement-15': statement15Lines, 'statement-15A': statement15aLines,
  'wh-counting': warehouseCounts, 'acc-counting': accountingCounts, 'map-code': codeMaps,
  'acc-other-output': accountingOtherOutput, 'purchase-stock': purchaseStock, annex: annexLines, co: certificatesOfOrigin,
  'co-form': coFormLines,
} = businessTables;

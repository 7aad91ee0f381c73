import { accCounting } from './acc-counting.js';
import { accEndingInventory } from './acc-ending-inventory.js';
import { accIob } from './acc-iob.js';
import { accOtherOutput } from './acc-other-output.js';
import { accTakeIn } from './acc-take-in.js';
import { accTakeOut } from './acc-take-out.js';
import { annex } from './annex.js';
import { begin } from './begin.js';
import { bom } from './bom.js';
import { bomExw } from './bom-exw.js';
import { co } from './co.js';
import { coForm } from './co-form.js';
import type { ResourceDefinition, ResourceFamily } from './define.js';
import { ecus } from './ecus.js';
import { ecusAma } from './ecus-ama.js';
import { ecusCancel } from './ecus-cancel.js';
import { ecusStock } from './ecus-stock.js';
import { endingInventory } from './ending-inventory.js';
import { mapCode } from './map-code.js';
import { production } from './production.js';
import { purchase } from './purchase.js';
import { purchaseStock } from './purchase-stock.js';
import { scrap } from './scrap.js';
import { sell } from './sell.js';
import { statement15 } from './statement-15.js';
import { statement15A } from './statement-15a.js';
import { whCounting } from './wh-counting.js';
import { whEndingInventory } from './wh-ending-inventory.js';
import { whIob } from './wh-iob.js';
import { whTakeIn } from './wh-take-in.js';
import { whTakeOut } from './wh-take-out.js';

/** Every business table, in the order the API reference lists them. */
export const resources: readonly ResourceDefinition[] = [
  ecus, begin, bom, bomExw, production, purchase, scrap, sell, endingInventory, accEndingInventory, whEndingInventory,
  ecusAma, ecusCancel,
  whIob, accIob, accTakeOut, accTakeIn, whTakeIn, whTakeOut, statement15, statement15A, whCounting, accCounting, mapCode,
  accOtherOutput,
  purchaseStock, annex, co, coForm, ecusStock,
];

export const resourceAt = (family: ResourceFamily, name: string): ResourceDefinition | undefined =>
  resources.find((resource) => resource.family === family && resource.name === name);

export const resourceNamed = (name: string): ResourceDefinition => {
  const resource = resources.find((candidate) => candidate.name === name);
  if (!resource) throw new Error(`No resource named ${name}`);
  return resource;
};

/** A bill-of-materials line of the ex-works BOM, kept apart for origin rules that value goods at EXW (domain §7.3). */
import { bom } from './bom.js';
import { defineResource } from './define.js';

export const bomExw = defineResource({ ...bom, name: 'bom_exw', table: 'bom_exw_lines', tableKind: 'BOM-EXW', folderKey: 'bom_exw' });

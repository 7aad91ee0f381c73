/** One specialised procedure a tariff line needs: what (licence, inspection, quarantine…) and the legal reference. */
export interface SpecialisedProcedure { name: string; reference: string }

/**
 * Reads the published procedures cell (`Động vật … phải kiểm dịch (01/2024/TT-BNNPTNT M1); Giống vật nuôi … (… M4)`):
 * items split at the semicolons outside brackets, each item's trailing bracket being its legal reference.
 */
export function readProcedures(text: string): SpecialisedProcedure[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ';' && depth === 0) { items.push(text.slice(start, index)); start = index + 1; }
  }
  items.push(text.slice(start));
  return items.map((item) => item.trim()).filter(Boolean).map((item) => {
    const reference = /\(([^()]*)\)$/.exec(item);
    return reference ? { name: item.slice(0, reference.index).trim(), reference: reference[1]!.trim() } : { name: item, reference: '' };
  });
}

/** HS codes as Dutybook stores and shows them: digits without dots (leading zeros kept), sections as roman numerals. */

const romanValues: Array<[string, number]> = [['X', 10], ['IX', 9], ['V', 5], ['IV', 4], ['I', 1]];

/** 1..21 → 'I'..'XXI'. */
export function toRoman(value: number): string {
  let rest = value;
  let out = '';
  for (const [symbol, amount] of romanValues) {
    while (rest >= amount) { out += symbol; rest -= amount; }
  }
  return out;
}

const sectionNumerals = new Map(Array.from({ length: 21 }, (_, i) => [toRoman(i + 1), i + 1]));

/** 'xvi' → 'XVI' when it names one of the 21 sections, else undefined. */
export function parseSection(input: string): string | undefined {
  const upper = input.trim().toUpperCase();
  return sectionNumerals.has(upper) ? upper : undefined;
}

export const sectionNumber = (section: string): number => sectionNumerals.get(section) ?? 0;

/** '0101.21', ' 01 01 21 ', '010121' → '010121'; anything but 1–8 digits (dots and spaces ignored) → undefined. */
export function normaliseCode(input: string): string | undefined {
  const digits = input.replace(/[.\s]/g, '');
  return /^\d{1,8}$/.test(digits) ? digits : undefined;
}

/** The tariff display of a code: 4 digits → 01.01, 5–6 → 0101.21, longer → 0101.21.00; shorter stay as they are. */
export function formatCode(digits: string): string {
  if (digits.length === 4) return `${digits.slice(0, 2)}.${digits.slice(2)}`;
  if (digits.length <= 3) return digits;
  const head = `${digits.slice(0, 4)}.${digits.slice(4, 6)}`;
  return digits.length <= 6 ? head : `${head}.${digits.slice(6)}`;
}

/** A code lookup read from a search term: a section numeral or 1–8 digits. */
export type CodeTerm = { kind: 'section'; section: string } | { kind: 'code'; digits: string; formatted: string };

export function parseCodeTerm(input: string): CodeTerm | undefined {
  const section = parseSection(input);
  if (section) return { kind: 'section', section };
  const digits = normaliseCode(input);
  return digits === undefined ? undefined : { kind: 'code', digits, formatted: formatCode(digits) };
}

/** Tree level of a stored code: 1 section, 2 chapter, 4 heading, 6 subheading, 8 national line. */
export function levelOfCode(code: string): number {
  if (parseSection(code)) return 1;
  return code.length <= 2 ? 2 : code.length <= 4 ? 4 : code.length <= 6 ? 6 : 8;
}

/** Display form of a stored id: sections stay roman, codes get their dots. */
export const displayCode = (id: string): string => (parseSection(id) ? id : formatCode(id));

/** '8516.60.10', ' 8516 60 10 ' → '85166010'; anything but 2–10 digits → undefined. */
export function hsDigits(value: string): string | undefined {
  const digits = value.replace(/[.\s]/g, '');
  return /^\d{2,10}$/.test(digits) ? digits : undefined;
}

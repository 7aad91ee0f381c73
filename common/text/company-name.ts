import { foldWithMap } from './fold.js';

/**
 * Legal forms that open a company's registered name, accent- and case-folded, longest first so that "Công ty TNHH
 * MTV" goes whole and not as "Công ty TNHH" leaving "MTV". Vietnamese names put the form first; Korean ones either
 * side.
 */
const leadingForms = [
  'cong ty trach nhiem huu han hai thanh vien tro len', 'cong ty trach nhiem huu han mot thanh vien', 'cong ty trach nhiem huu han',
  'cong ty tnhh hai thanh vien tro len', 'cong ty tnhh mot thanh vien', 'cong ty tnhh mtv', 'cong ty tnhh 1tv', 'cong ty tnhh',
  'cong ty co phan', 'cong ty cp', 'cong ty hop danh', 'cty tnhh mtv', 'cty tnhh', 'cty cp', 'ctcp', 'doanh nghiep tu nhan', 'dntn', 'cong ty', 'cty',
  '주식회사', '유한책임회사', '유한회사', '(주)', '㈜',
];

/** Legal forms that close a name: English ones after the name, and Korean ones written after it. */
const trailingForms = [
  'joint stock company', 'company limited', 'co., ltd.', 'co., ltd', 'co.,ltd.', 'co.,ltd', 'co. ltd.', 'co. ltd', 'co ltd', 'pte. ltd.', 'pte ltd',
  'limited', 'ltd.', 'ltd', 'jsc', 'corporation', 'corp.', 'inc.', 'inc', 'llc', 'co.',
  '주식회사', '유한책임회사', '유한회사', '(주)', '㈜',
];

/** Separators a form leaves at the edge of what remains: "ABC, JSC" → "ABC", "CÔNG TY TNHH - ABC" → "ABC". */
const edges = /^[\s,.\-–—:;]+|[\s,.\-–—:;]+$/g;

/** Whether the folded text has `form` at `at`, standing as whole words there (not the "cp" in "cpa"). */
function formAt(folded: string, form: string, at: number): boolean {
  if (folded.slice(at, at + form.length) !== form) return false;
  const before = folded[at - 1];
  const after = folded[at + form.length];
  const wordChar = /[\p{L}\p{N}]/u;
  const standsAlone = (char: string | undefined, edge: string) => char === undefined || !wordChar.test(char) || !wordChar.test(edge);
  return standsAlone(before, form[0]!) && standsAlone(after, form.at(-1)!);
}

/**
 * The distinctive part of a company's name, for a place too narrow for all of it (the sidebar's company selector):
 * "Công ty TNHH May mặc Hòa Thọ" → "May mặc Hòa Thọ", "SAMIL VINA CO., LTD" → "SAMIL VINA", "주식회사 한빛" →
 * "한빛". The legal form every company of the kind shares goes; the name stays as written. A name that is nothing
 * but a legal form, or not a name with one, is returned whole.
 */
export function distinctiveCompanyName(name: string): string {
  const whole = name.normalize('NFC').replace(/\s+/g, ' ').trim();
  const { folded, origin } = foldWithMap(whole);
  let start = 0;
  let end = folded.length;
  const leading = leadingForms.find((form) => formAt(folded, form, 0));
  if (leading) start = leading.length;
  const trailing = trailingForms.find((form) => end - form.length >= start && formAt(folded, form, end - form.length));
  if (trailing) end -= trailing.length;
  const rest = whole.slice(origin[start], origin[end]).replace(edges, '');
  return rest.length >= 2 ? rest : whole;
}

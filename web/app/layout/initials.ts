/** Initials for an avatar without a picture: 'Nguyễn Văn An' → 'NA'. */
export const initialsOf = (name: string) => {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? words[words.length - 1]?.[0] ?? '' : '')).toUpperCase();
};

/**
 * Words of a company's legal form, in the languages the companies are registered in. Nearly every name
 * starts with them ('Công ty TNHH …'), so initials taken from them would be the same for every company.
 */
const legalFormWords = new Set([
  'công', 'ty', 'tnhh', 'cổ', 'phần', 'cp', 'mtv', 'một', 'thành', 'viên', 'trách', 'nhiệm', 'hữu', 'hạn', 'tập', 'đoàn', 'doanh', 'nghiệp', 'tư', 'nhân', 'chi', 'nhánh',
  'company', 'co', 'ltd', 'limited', 'jsc', 'corp', 'corporation', 'inc', 'llc', 'plc', 'joint', 'stock', 'group',
  '주식회사', '유한회사', '(주)', '㈜',
]);

/** A company's initials from the first two words of its name that are not its legal form: 'Công ty TNHH Dệt may Sài Gòn' → 'DM'. */
export function companyInitialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const distinctive = words.filter((word) => !legalFormWords.has(word.toLocaleLowerCase('vi').replace(/[.,]+$/, '')));
  const chosen = distinctive.length > 0 ? distinctive : words;
  return chosen.slice(0, 2).map((word) => [...word][0] ?? '').join('').toLocaleUpperCase('vi');
}

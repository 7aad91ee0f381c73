/**
 * Accent and case folding of one character, matching the database's fold_text() for Latin script:
 * 'Ế' → 'e', 'đ' → 'd'. Hangul and other scripts are only lower-cased (decomposing Hangul would split syllables).
 */
export function foldChar(char: string): string {
  let out = folds.get(char);
  if (out === undefined) {
    out = foldOne(char);
    // The characters a text is written in are few: each is folded once (a search's highlighting folds every
    // character of its page's lines).
    if (folds.size < 4096) folds.set(char, out);
  }
  return out;
}

const folds = new Map<string, string>();

function foldOne(char: string): string {
  if (char === 'đ' || char === 'Đ') return 'd';
  const lower = char.toLowerCase();
  if (!/[\u00C0-\u024F\u1E00-\u1EFF]/.test(lower)) return lower;
  return lower.normalize('NFD').replace(/\p{M}/gu, '');
}

/** Folds a text and keeps, for each folded character, the index of the original character it came from. */
export function foldWithMap(text: string): { folded: string; origin: number[] } {
  let folded = '';
  const origin: number[] = [];
  let index = 0;
  for (const char of text) {
    const out = foldChar(char);
    for (let i = 0; i < out.length; i += 1) origin.push(index);
    folded += out;
    index += char.length;
  }
  origin.push(index);
  return { folded, origin };
}

export const fold = (text: string): string => foldWithMap(text).folded;

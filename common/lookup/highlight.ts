import { fold, foldWithMap } from '../text/fold.js';

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);

const wordChar = /[\p{L}\p{N}]/u;
const isWordChar = (char: string | undefined) => char !== undefined && wordChar.test(char);

/** Terms this long or longer also mark a word they begin (`horse` marks `Horses`); shorter ones only whole words. */
export const prefixTermLength = 4;

/**
 * Marks the words the terms match, accent-insensitively, with <em>…</em>: a term marks a whole word it equals, or
 * one it begins when it is long enough to mean it (`ca` never marks inside `cao`; `horse` marks `Horses`). The
 * text is HTML-escaped first, piece by piece, so the only markup in the answer is ours. Undefined when nothing
 * matched.
 */
export function highlight(text: string, terms: string[]): string | undefined {
  return highlighter(terms)(text);
}

/** `highlight` with the same terms over many texts: the terms are folded once. */
export function highlighter(terms: string[]): (text: string) => string | undefined {
  const folded = [...new Set(terms.map(fold))].filter((term) => term !== '');
  return (text) => (text ? mark(text, folded) : undefined);
}

function mark(text: string, terms: string[]): string | undefined {
  const { folded, origin } = foldWithMap(text);
  const ranges: Array<[number, number]> = [];
  for (const term of terms) {
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + 1)) {
      if (isWordChar(folded[at - 1]) && isWordChar(term[0])) continue;
      let end = at + term.length;
      if (isWordChar(folded[end]) && isWordChar(term[term.length - 1])) {
        if (term.length < prefixTermLength) continue;
        while (isWordChar(folded[end])) end += 1;
      }
      ranges.push([origin[at]!, origin[end]!]);
    }
  }
  if (ranges.length === 0) return undefined;
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = '';
  let cursor = 0;
  for (const [start, end] of ranges) {
    if (end <= cursor) continue;
    const from = Math.max(start, cursor);
    out += escapeHtml(text.slice(cursor, from)) + '<em>' + escapeHtml(text.slice(from, end)) + '</em>';
    cursor = end;
  }
  return out + escapeHtml(text.slice(cursor));
}

/** Splits highlighted HTML back into plain pieces, so the web app can render marks without innerHTML. */
export function highlightPieces(html: string): Array<{ text: string; mark: boolean }> {
  const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (_m, name: string) =>
    ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '');
  return html.split(/(<em>.*?<\/em>)/s).filter((piece) => piece !== '').map((piece) =>
    piece.startsWith('<em>') ? { text: unescape(piece.slice(4, -5)), mark: true } : { text: unescape(piece), mark: false });
}

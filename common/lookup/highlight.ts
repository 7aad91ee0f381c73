import { fold, foldWithMap } from '../text/fold.js';

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);

/**
 * Marks every accent-insensitive occurrence of the terms with <em>…</em>. The text is HTML-escaped
 * first, piece by piece, so the only markup in the answer is ours. Undefined when nothing matched.
 */
export function highlight(text: string, terms: string[]): string | undefined {
  if (!text) return undefined;
  const { folded, origin } = foldWithMap(text);
  const ranges: Array<[number, number]> = [];
  for (const term of terms.map(fold).filter((t) => t !== '')) {
    for (let at = folded.indexOf(term); at !== -1; at = folded.indexOf(term, at + term.length)) {
      ranges.push([origin[at]!, origin[at + term.length]!]);
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

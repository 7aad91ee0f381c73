import { fold } from '../text/fold.js';
import { headerKey } from './cells.js';

/**
 * Rows of an exported report that are not rows of the table: a totals or subtotals row, the signature block below the
 * lines ('Người lập biểu … (Ký, ghi rõ họ tên)'), the header repeated on each printed page. An import skips them and
 * lists them, instead of refusing them as rows with missing fields.
 */
export type SkippedKind = 'totals' | 'signature' | 'header';

export interface SkippedRow { row: number; kind: SkippedKind }

// Folded words that open a totals row ('Tổng cộng', 'Cộng trang', 'Total', '합계'), or make up its label ('Tổng:'):
// a bare 'cong' or 'tong' may also begin a product name (Cổng sắt).
const totalsWords = /^(tong cong|cong trang|cong don|cong phat sinh|tong so|total|grand total|sub ?total|합계|소계|총계)\b|^(tong|cong|sum)$/;
// Folded phrases of a signature block: who signs, the instruction to sign, the place and date line above it.
const signatureWords = /(nguoi lap|nguoi lap bieu|nguoi ghi so|ke toan truong|giam doc|tong giam doc|thu truong|thu kho|ky,? ghi ro ho ten|ky ghi ro|ky ten|ky, dong dau|dong dau|xac nhan cua|prepared by|approved by|checked by|signature|작성자|담당자|서명|확인자)/;
const dateLine = /^(.{0,40},\s*)?ngay\s*\.*\s*\d{0,2}\s*\.*\s*thang\s*\.*\s*\d{0,2}\s*\.*\s*nam\b/;

/**
 * What kind of row a refused row is, when it is none of the table's: the cells as text, the header's texts by column
 * index, whether a signature block began above it (the names written under 'Người lập biểu' are part of it), and whether
 * it lacks a required field. Null for a row that looks like a row of the table, which stays refused with its problems.
 */
export function kindOfRefusedRow(cells: readonly string[], headerKeys: ReadonlyMap<number, string>, options: { afterSignature: boolean; missingRequired: boolean }): SkippedKind | null {
  const filled = cells.map((cell, index) => ({ index, text: cell.trim() })).filter((cell) => cell.text !== '');
  if (filled.length === 0) return null;
  const folded = filled.map((cell) => fold(cell.text).replace(/\s+/g, ' ').trim());
  const sameAsHeader = filled.filter((cell) => headerKeys.get(cell.index) === headerKey(cell.text)).length;
  if (sameAsHeader >= Math.max(2, Math.ceil(filled.length / 2))) return 'header';
  // A totals row or a signature has no declaration, code or date of its own: a row with all of them is a line.
  if (!options.missingRequired) return null;
  if (folded.some((text) => signatureWords.test(text) || dateLine.test(text))) return 'signature';
  const textCells = folded.filter((text) => /\p{L}/u.test(text));
  if (textCells.some((text) => totalsWords.test(text.replace(/[:.]+$/, '')))) return 'totals';
  // Under a signature block only names and titles follow: a few text cells and no figures.
  if (options.afterSignature && filled.length <= 4 && textCells.length === filled.length) return 'signature';
  return null;
}

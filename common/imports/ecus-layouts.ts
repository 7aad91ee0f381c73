import { headerKey } from './cells.js';

/**
 * What real ECUS5-VNACCS exports look like (docs/imports.md, Known layouts): the layouts a sheet's header is
 * recognised as, and how a tax column is read from its words, group heading included ('Thuế nhập khẩu' › 'Thuế suất
 * (%)' is the import duty rate, 'Thuế GTGT' › 'Thuế suất' the VAT rate, 'Tiền thuế MT' the environmental tax).
 */

export type LayoutId = 'ecus-goods-report' | 'ecus-goods-report-mh' | 'ecus-declaration-list' | 'grouped-declaration-list';

interface Layout {
  id: LayoutId;
  /** Header labels (folded) a sheet of this layout always has. */
  labels: readonly string[];
  /** Whether its rows are goods lines; a declaration list has one row a declaration. */
  goodsLines: boolean;
}

const layoutLabels: readonly Layout[] = [
  // The goods-line report "BC chi tiết" (54 columns; 50 and 55 in other versions): its quantity is 'Tổng số lượng'.
  { id: 'ecus-goods-report', goodsLines: true, labels: ['Số TK', 'Ngày ĐK', 'Mã loại hình', 'STT hàng', 'Mã HS', 'Tên hàng', 'Tổng số lượng', 'Đơn vị tính', 'Trị giá NT', 'Số lượng kiện'] },
  // Its 81-column version (BaoCaoHangChiTietMH), header on the first row.
  { id: 'ecus-goods-report-mh', goodsLines: true, labels: ['Số TK', 'Mã HQ', 'Mã hàng', 'Số lượng', 'Đơn giá hóa đơn', 'Trị giá hóa đơn', 'Trị giá tính thuế', 'Nước xuất xứ'] },
  // The GENERAL sheet: one row a declaration, its goods in the DETAIL sheet beside it.
  { id: 'ecus-declaration-list', goodsLines: false, labels: ['Số TK', 'Số tờ khai đầu tiên', 'Nhánh', 'Ngày ĐK', 'Mã loại hình', 'Trạng thái', 'Phân luồng'] },
];
const layouts = layoutLabels.map((layout) => ({ ...layout, labels: layout.labels.map(headerKey) }));

export interface RecognisedLayout {
  id: LayoutId;
  /** The sheet's header columns, which tell the version apart (54, 50, 55, 81). */
  columns: number;
  goodsLines: boolean;
}

/**
 * The known layout a header is, by its labels: every label of the layout present. A forwarder's declaration list is
 * recognised by its tax columns under group headings. Null for any other sheet, which is matched as before.
 */
export function recogniseLayout(headers: readonly string[]): RecognisedLayout | null {
  const keys = new Set(headers.map(headerKey));
  const known = layouts.find((layout) => layout.labels.every((label) => keys.has(label)));
  if (known) return { id: known.id, columns: headers.length, goodsLines: known.goodsLines };
  const grouped = headers.filter((header) => taxColumnOf(header)?.grouped).length;
  return grouped >= 2 ? { id: 'grouped-declaration-list', columns: headers.length, goodsLines: true } : null;
}

type Tax = 'duty' | 'vat' | 'excise' | 'environment' | 'trade_remedy';
type Role = 'rate' | 'amount' | 'exemption_code' | 'exempted_amount' | 'schedule';

// Folded words naming each tax, as ECUS labels and forwarders' group headings write them.
const taxWords: ReadonlyArray<[Tax, RegExp]> = [
  ['vat', /\b(gtgt|vat|va|gia tri gia tang)\b/],
  ['excise', /\b(ttdb|tieu thu dac biet)\b/],
  ['environment', /\b(bvmt|mt|bao ve moi truong)\b/],
  ['trade_remedy', /\b(tv|pb|pbdx|tu ve|chong ban pha gia|chong tro cap)\b/],
  ['duty', /\b(xnk|nk|xk|nhap khau|xuat khau)\b/],
];

/** What a column of a tax holds, by its words; the most specific first ('Số tiền giảm thuế' before 'Tiền thuế'). */
const roleWords: ReadonlyArray<[Role, RegExp]> = [
  ['schedule', /\bma bieu thue\b/],
  ['exemption_code', /\bma (mien|giam|khong chiu)/],
  ['exempted_amount', /\bso tien (mien|giam)/],
  ['rate', /\b(thue suat|muc thue)\b/],
  ['amount', /\b(so tien thue|tien thue)\b/],
];

const fieldOf: Readonly<Record<Tax, Partial<Record<Role, string>>>> = {
  duty: { rate: 'tax_rate', amount: 'tax_cost', exemption_code: 'exemption_code', exempted_amount: 'exempted_amount', schedule: 'tariff_schedule' },
  vat: { rate: 'vat_rate', amount: 'vat_amount', exemption_code: 'vat_exemption_code' },
  excise: { rate: 'excise_rate', amount: 'excise_amount' },
  environment: { rate: 'environment_rate', amount: 'environment_amount' },
  trade_remedy: { rate: 'trade_remedy_rate', amount: 'trade_remedy_amount' },
};

/** A line's total of taxes ('Tổng tiền thuế', 'Tổng thuế') is none of them. */
const totalOfTaxes = /^tong (tien )?thue\b/;

/**
 * The declaration-line field a tax column holds, read from its words: the tax it names (in its own label or its group
 * heading's) and what of it (rate, amount, exemption code, waived amount, schedule). A header naming a role without a
 * tax is left to the ordinary matching; `grouped` when the tax came from a heading above the column's own label.
 */
export function taxColumnOf(header: string): { field: string; grouped: boolean } | null {
  const key = headerKey(header);
  if (totalOfTaxes.test(key)) return null;
  const role = roleWords.find(([, words]) => words.test(key))?.[0];
  if (!role) return null;
  // The role's own words are not the tax's ('thuế suất' holds no tax), nor is the exemption code's wording.
  const roleText = key.match(roleWords.find(([name]) => name === role)![1])!;
  const rest = `${key.slice(0, roleText.index)} ${key.slice(roleText.index! + roleText[0].length)}`
    .replace(/\b(khong chiu thue|giam thue|mien thue)\b/g, ' ');
  const tax = taxWords.find(([, words]) => words.test(rest))?.[0];
  const field = tax ? fieldOf[tax][role] : undefined;
  if (!tax || !field) return null;
  // A group heading comes first when the header was flattened from two rows: 'thue nhap khau thue suat'.
  const grouped = roleText.index! > 0 && /^thue\b/.test(key);
  return { field, grouped };
}

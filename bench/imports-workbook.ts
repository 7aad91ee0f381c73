import type { ecusFields } from '../common/resources/ecus.js';

/**
 * The ECUS-like declaration list the import benchmark loads: one header row of Vietnamese column names,
 * then goods lines as ECUS exports them. 25 columns: 24 ECUS fields and a free "Ghi chú" note, which no
 * field takes and which the import keeps in `extra`. Declaration numbers, codes, HS codes and invoice
 * numbers are text (HS codes with their leading zeros), dates are date cells, quantities and amounts
 * are numbers. Every line is a pure function of its index, so the raw-load baseline loads the very
 * values the workbook holds.
 */
export type EcusField = keyof typeof ecusFields;
export type LineCell = string | number | Date | null;

export const ecusColumns: ReadonlyArray<{ header: string; field: EcusField | null; width?: number; numFmt?: string }> = [
  { header: 'Số tờ khai', field: 'account_number', width: 15 },
  { header: 'STT hàng', field: 'row_number' },
  { header: 'Ngày đăng ký', field: 'registered_date', numFmt: 'dd/mm/yyyy' },
  { header: 'Mã loại hình', field: 'type_code' },
  { header: 'Mã hàng', field: 'code' },
  { header: 'Mã HS', field: 'hs' },
  { header: 'Tên hàng', field: 'item_name', width: 40 },
  { header: 'Xuất xứ', field: 'from_country' },
  { header: 'Lượng', field: 'total', numFmt: '#,##0.00' },
  { header: 'Đơn vị tính', field: 'unit' },
  { header: 'Đơn giá', field: 'unit_price', numFmt: '#,##0.0000' },
  { header: 'Đơn giá tính thuế', field: 'unit_price_taxed', numFmt: '#,##0' },
  { header: 'Mã tiền tệ', field: 'currency' },
  { header: 'Tỷ giá', field: 'exchange_rate', numFmt: '#,##0' },
  { header: 'Trị giá nguyên tệ', field: 'nt_value', numFmt: '#,##0.00' },
  { header: 'Trị giá tính thuế', field: 'total_value', numFmt: '#,##0' },
  { header: 'Thuế suất XNK', field: 'tax_rate' },
  { header: 'Tiền thuế XNK', field: 'tax_cost', numFmt: '#,##0' },
  { header: 'Đối tác', field: 'partner', width: 30 },
  { header: 'Số hóa đơn', field: 'invoice_no' },
  { header: 'Ngày hóa đơn', field: 'bill_date', numFmt: 'dd/mm/yyyy' },
  { header: 'Số hợp đồng', field: 'contract' },
  { header: 'Ngày hợp đồng', field: 'contract_date', numFmt: 'dd/mm/yyyy' },
  { header: 'Ngày hàng đi', field: 'shipping_date', numFmt: 'dd/mm/yyyy' },
  { header: 'Ghi chú', field: null, width: 25 },
];

export const sheetName = 'Danh sách tờ khai';

/** 'A' for the first column, up to 'Y' for the 25th. */
export const letterOf = (index: number) => String.fromCharCode(65 + index);

/** The import mapping: every column that names a field, by its letter and header. */
export const ecusMapping: Record<string, { mapping_col_name: string; title: string }> = Object.fromEntries(
  ecusColumns.flatMap((column, index) => (column.field ? [[column.field, { mapping_col_name: letterOf(index), title: column.header }]] : [])),
);

const items: ReadonlyArray<[name: string, hs: string, unit: string]> = [
  ['Vải dệt thoi 100% cotton, khổ 58/60"', '52085200', 'MTR'],
  ['Vải lót polyester đã nhuộm', '54076190', 'MTR'],
  ['Cúc nhựa 4 lỗ, đường kính 15 mm', '96062100', 'PCE'],
  ['Khóa kéo kim loại răng đồng', '96071100', 'PCE'],
  ['Chỉ may polyester 40/2', '54011090', 'CONE'],
  ['Nhãn dệt in logo', '58071000', 'PCE'],
  ['Thùng carton 5 lớp', '48191000', 'PCE'],
  ['Mex dựng không dệt', '56031200', 'MTR'],
  ['Tôm sú đông lạnh nguyên con', '03061791', 'KGM'],
  ['Hạt điều nhân đã bóc vỏ', '08013200', 'KGM'],
  ['Cà phê nhân Robusta chưa rang', '09011110', 'KGM'],
  ['Gạo trắng hạt dài 5% tấm', '10063099', 'KGM'],
  ['Thép không gỉ cán nguội dạng cuộn', '72193400', 'KGM'],
  ['Ốc vít bằng thép mạ kẽm', '73181510', 'KGM'],
  ['Bo mạch điện tử đã lắp ráp', '85340090', 'PCE'],
  ['Dây điện bọc nhựa PVC', '85444949', 'MTR'],
];
const typeCodes = ['E31', 'E31', 'E31', 'E31', 'E21', 'E62', 'E62', 'A12', 'B13', 'G13'] as const;
const exporting = new Set(['E62', 'B13']);
const countries = ['CN', 'KR', 'JP', 'TW', 'TH', 'IN', 'DE', 'US'] as const;
const partners = [
  'Shaoxing Huamei Textile Co., Ltd.', 'Daegu Fabric Co., Ltd.', 'Nishida Fastener Co., Ltd.', 'Công ty TNHH Dệt may Thành Công',
  'Osaka Fashion Co., Ltd.', 'Công ty CP Bao bì Sài Gòn', 'Siam Trims Co., Ltd.', 'Pacific Garments Inc.',
] as const;
const notes = ['Hàng mẫu', 'Hàng F.O.C', 'Chuyển tiếp từ tờ khai cũ', 'Đã kiểm hóa', 'Luồng vàng'] as const;

const dayMs = 86_400_000;
const start2025 = Date.UTC(2025, 0, 1);
const day = (offset: number) => new Date(start2025 + offset * dayMs);
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * A number as ECUS exports often write it, as text with Vietnamese separators ('1.234,50'): the import reads such a
 * column by the decimal mark its cells show, so the benchmark's path holds that reading.
 */
export const vietnameseNumber = (value: number, digits: number) =>
  value.toFixed(digits).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))(?=[\d]*,)/g, '.');

/**
 * Goods line `i` (0-based) as its 25 cells: declarations of 8 lines, a date anywhere in 2025, a note on every fifth line,
 * the quantity and invoice value as Vietnamese text.
 */
export function ecusLine(i: number): LineCell[] {
  const declaration = Math.floor(i / 8);
  const line = (i % 8) + 1;
  const typeCode = typeCodes[(declaration * 37) % typeCodes.length]!;
  const out = exporting.has(typeCode);
  const itemIndex = (i * 7919) % 2000;
  const [name, hs, unit] = items[itemIndex % items.length]!;
  const registered = (declaration * 7727) % 365;
  const total = round(((i * 37) % 50_000) / 10 + 1, 2);
  const price = round(((itemIndex * 131) % 50_000 + 10) / 10_000, 4);
  const rate = 25_000 + (declaration % 500);
  const ntValue = round(total * price, 2);
  const totalValue = Math.round(ntValue * rate);
  const taxRate = [0, 0, 5, 10, 12][declaration % 5]!;
  return [
    `${out ? '30' : '10'}${String(700_000_000 + declaration).padStart(9, '0')}${declaration % 7 === 0 ? 1 : 0}`,
    line,
    day(registered),
    typeCode,
    out ? `SP-${String(itemIndex % 300).padStart(4, '0')}` : `0NVL-${String(itemIndex).padStart(5, '0')}`,
    hs,
    `${name} - loại ${(itemIndex % 17) + 1}`,
    out ? 'VN' : countries[itemIndex % countries.length]!,
    vietnameseNumber(total, 2),
    unit,
    price,
    Math.round(price * rate),
    'USD',
    rate,
    vietnameseNumber(ntValue, 2),
    totalValue,
    taxRate,
    Math.round((totalValue * taxRate) / 100),
    partners[declaration % partners.length]!,
    `INV-2025-${String(declaration % 100_000).padStart(6, '0')}`,
    day(Math.max(0, registered - 3)),
    `HD-${(declaration % 40) + 1}/2025`,
    day(Math.max(0, registered - 30)),
    day(Math.min(364, registered + 2)),
    i % 5 === 0 ? notes[(i / 5) % notes.length]! : null,
  ];
}

/**
 * Writes the workbook with exceljs's streaming writer, with shared strings and styles as Excel saves
 * them (the sheet before xl/sharedStrings.xml in the archive): the header row, then `rows` goods lines.
 */
export async function writeEcusWorkbook(file: string, rows: number): Promise<void> {
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: true });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = ecusColumns.map((column, index) => ({
    key: letterOf(index), width: column.width ?? 14, ...(column.numFmt ? { style: { numFmt: column.numFmt } } : {}),
  }));
  sheet.addRow(ecusColumns.map((column) => column.header)).commit();
  for (let i = 0; i < rows; i += 1) sheet.addRow(ecusLine(i)).commit();
  sheet.commit();
  await workbook.commit();
}

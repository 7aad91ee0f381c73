import fs from 'node:fs';
import Docxtemplater from 'docxtemplater';
import ExcelJS from 'exceljs';
import PizZip from 'pizzip';
import { agreements } from '../../common/agreements.js';
import { formatCode } from '../../common/hs/code.js';
import type { Locale } from '../../common/i18n/locales.js';
import { criterionFormula, describeCriterion, type Translate, unloadedRuleNote } from '../../common/origin/describe.js';
import { changeLevels, valueKinds } from '../../common/origin/psr.js';
import type { CriterionResult, DossierForm, ScheduleAnswer } from '../../common/origin/schemas.js';
import { AppError } from '../http/errors.js';
import { catalogTexts, formatMessage } from '../i18n.js';
import { currencyScale, decimalFormat, decimalsOf, maxDecimals, roundMoney } from '../resources/number-format.js';
import { formatNumberColumns, sheetName, workbookBytes } from '../spreadsheets/write.js';

/**
 * The documents of a certificate-of-origin dossier: a saved schedule laid out as the bảng kê of Circular
 * 05/2018/TT-BCT for the criterion it meets (domain §7.6). Word from the template `templates/schedule.docx`
 * (made from `schedule.html` by scripts/build-docx-templates.ts) filled by docxtemplater; Excel with exceljs.
 * Several schedules make one document, a page (or a sheet) each. The forms are Vietnamese, as filed; form type 2
 * adds the English caption under each Vietnamese one.
 */

/** Who files and for which shipment: what the saved answer does not hold. */
export interface DossierContext {
  exporter: { name: string; taxCode: string | null; address: string | null };
  declarationDate: string;
  invoiceNo: string | null;
  invoiceDate: string | null;
  currency: string | null;
  /** The domestic purchases the schedule cites, by id: who sold them. */
  suppliers: Map<number, { name: string | null; code: string | null }>;
}

export interface DossierOptions { form?: DossierForm; formType: 1 | 2; title: 1 | 2 }

const annexes: Record<DossierForm, { annex: string; criterion: string }> = {
  RVC: { annex: 'VIII', criterion: 'RVC' },
  MAXNOM: { annex: 'VIII', criterion: 'MaxNOM' },
  CTC: { annex: 'V', criterion: 'CTC' },
  DE_MINIMIS: { annex: 'VI', criterion: 'De Minimis' },
  PE: { annex: 'IX', criterion: 'PE' },
  WO: { annex: 'III', criterion: 'WO' },
  SUPPLIER: { annex: 'X', criterion: '' },
};

const captions = {
  exporter: ['Tên thương nhân', 'Exporter'], taxCode: ['Mã số thuế', 'Tax code'], address: ['Địa chỉ', 'Address'],
  declaration: ['Tờ khai hải quan xuất khẩu số', 'Export declaration No.'], date: ['ngày', 'date'], invoice: ['Hóa đơn thương mại', 'Commercial invoice'],
  product: ['Tên hàng', 'Goods'], hs: ['Mã HS', 'HS code'], quantity: ['Số lượng', 'Quantity'], fob: ['Trị giá FOB', 'FOB value'],
  exw: ['Trị giá EXW', 'EXW value'], agreement: ['Hiệp định', 'Agreement'], criterion: ['Tiêu chí xuất xứ', 'Origin criterion'],
  no: ['STT', 'No.'], material: ['Tên nguyên liệu', 'Material'], code: ['Mã nguyên liệu', 'Material code'], unit: ['Đơn vị tính', 'Unit'],
  norm: ['Định mức / 1 sản phẩm (kể cả hao hụt)', 'Per unit of product, waste included'], used: ['Lượng sử dụng', 'Quantity used'],
  unitPrice: ['Đơn giá (CIF)', 'Unit price (CIF)'], originating: ['Trị giá có xuất xứ', 'Originating value'],
  nonOriginating: ['Trị giá không có xuất xứ', 'Non-originating value'], country: ['Nước xuất xứ', 'Country of origin'],
  evidence: ['Tờ khai / hóa đơn, C/O hoặc bản khai', 'Declaration / invoice, C/O or declaration'], hsChanged: ['Chuyển đổi mã HS', 'Change of HS'],
  total: ['Cộng', 'Total'], vnm: ['Tổng trị giá nguyên liệu không có xuất xứ (VNM)', 'Non-originating materials (VNM)'],
  share: ['Tỷ lệ', 'Share'], threshold: ['Ngưỡng', 'Threshold'], formula: ['Công thức', 'Formula'],
  value: ['Trị giá', 'Value'], vatInvoice: ['Hóa đơn GTGT (số, ngày)', 'VAT invoice (No., date)'], seller: ['Người bán', 'Seller'],
  supplier: ['Tên nhà cung cấp', 'Supplier'], supplierCode: ['Mã nhà cung cấp', 'Supplier code'], buyer: ['Người mua (thương nhân xuất khẩu)', 'Buyer (exporter)'],
  reference: ['Số bản khai', 'Declaration No.'], declaredCriterion: ['Tiêu chí xuất xứ đáp ứng', 'Origin criterion met'],
} as const;

/** The catalogs' wording of rules and formulas in a document's language. */
const wording = (language: Locale): Translate => (key, values = {}) =>
  formatMessage(catalogTexts[language][key]!, language, Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)])));
const vietnamese = wording('vi');
const english = wording('en');

const numberFormat = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 6 });
const amount = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '' : numberFormat.format(Number(value)));
const day = (iso: string | null) => (iso ? iso.slice(0, 10).split('-').reverse().join('/') : '');

/** The form a schedule is filed under: the first criterion met, by the kind of test it is. */
export function dossierFormOf(answer: ScheduleAnswer): DossierForm {
  const met = answer.criteria_results.find((result) => result.pass) ?? answer.criteria_results[0];
  if (!met) return 'RVC';
  if (met.kind === 'MaxNOM') return 'MAXNOM';
  if (met.kind === 'WO') return 'WO';
  if (changeLevels[met.kind]) return met.reason === 'de_minimis' ? 'DE_MINIMIS' : 'CTC';
  return met.kind === 'PE' ? 'PE' : 'RVC';
}

const resultOf = (answer: ScheduleAnswer, form: DossierForm): CriterionResult | undefined => answer.criteria_results.find((result) =>
  form === 'SUPPLIER' ? false : form === 'WO' ? result.kind === 'WO' : form === 'MAXNOM' ? result.kind === 'MaxNOM'
    : form === 'CTC' || form === 'DE_MINIMIS' ? Boolean(changeLevels[result.kind])
      : form === 'PE' ? result.kind === 'PE' : ['RVC', 'LVC', 'QVC', 'VAC'].includes(result.kind));

/** The fields of one schedule's document, every value already written as the form prints it. */
export function dossierData(answer: ScheduleAnswer, context: DossierContext, options: DossierOptions) {
  const form = options.form ?? dossierFormOf(answer);
  const agreement = agreements[answer.agreement];
  const result = resultOf(answer, form);
  const caption = (key: keyof typeof captions) => (options.formType === 2 ? `${captions[key][0]} (${captions[key][1]})` : captions[key][0]);
  const quantity = Number(answer.product.quantity);
  const level = result ? changeLevels[result.kind] : undefined;
  const productHs = answer.product.hs ?? '';
  const currency = context.currency ?? '';
  // A shipment's value is money in the invoice currency: rounded to its scale, not a product of floating-point figures.
  const [fob, exw] = [roundMoney(answer.total * quantity, currency), roundMoney(answer.exw * quantity, currency)];
  // Form type 2 puts the English under the Vietnamese, as it does for the captions.
  const inWords = (say: (t: Translate) => string) => (options.formType === 2 ? `${say(vietnamese)} (${say(english)})` : say(vietnamese));
  const ruleMissing = answer.rule_missing === true;
  const criterion = ruleMissing ? inWords((t) => t('origin.reasons.no_rule'))
    : result ? inWords((t) => describeCriterion({ ...result, threshold: valueKinds.includes(result.kind) ? result.threshold ?? undefined : undefined, exceptFrom: result.except_from }, t))
      : annexes[form].criterion;
  // A conclusion reached without the product's own rule says so: whoever signs the form must know what was not checked.
  const unloadedNote = unloadedRuleNote(answer, vietnamese) === null ? null : inWords((t) => unloadedRuleNote(answer, t)!);
  const unit = answer.product.unit ?? '1';
  // Each figure as the Word form prints it (`value`) and as a number the workbook keeps (`number`, in `unit`).
  // A value per unit may hold more decimals than its currency's (a price per piece), but not floating-point noise.
  const figure = (label: string, exact: number, numberUnit: string): { label: string; value: string; number: number | null; unit: string } => {
    const number = Number(exact.toFixed(maxDecimals));
    return { label, number, unit: numberUnit, value: numberUnit === '%' ? `${amount(number)}%` : `${amount(number)} ${numberUnit}`.trim() };
  };
  const figures = [
    ...(form === 'RVC' ? [figure(`${caption('fob')} / ${unit}`, answer.total, currency), figure(`${caption('vnm')} / ${unit}`, answer.sum_of_no_fta_origin_cost, currency)] : []),
    ...(form === 'MAXNOM' ? [figure(`${caption('exw')} / ${unit}`, answer.exw, currency), figure(`${caption('vnm')} / ${unit}`, answer.sum_of_no_fta_origin_cost, currency)] : []),
    ...(result && result.value !== null ? [figure(`${caption('share')} ${result.kind}`, result.value, '%')] : []),
    ...(result && result.threshold !== null ? [figure(caption('threshold'), result.threshold, '%')] : []),
  ];
  // The formula of the criterion this form proves, and only that one, under its figures.
  if (result && form !== 'WO' && form !== 'SUPPLIER') figures.push({ label: caption('formula'), value: inWords((t) => criterionFormula(result.kind, agreement.origin, t)), number: null, unit: '' });
  // Wholly obtained is a fact of production the user asserts: the schedule shows it holds when every input originates.
  const met = form === 'WO' ? answer.results.every((row) => row.origin_option === 'originated') : result?.pass ?? answer.fulfill_criteria === true;
  const base = `BẢNG KÊ KHAI HÀNG HÓA XUẤT KHẨU ĐẠT TIÊU CHÍ "${annexes[form].criterion.toUpperCase()}"`;
  const annex = `Phụ lục ${annexes[form].annex} (ban hành kèm theo Thông tư số 05/2018/TT-BCT ngày 03 tháng 4 năm 2018 của Bộ Công Thương)`;
  const exporterTaxCode = context.exporter.taxCode ?? answer.tax_code ?? '';
  const used = (row: ScheduleAnswer['results'][number]) => Number(row.bom_value) * quantity;
  const value = (row: ScheduleAnswer['results'][number]) => (row.unit_price === null ? null : roundMoney(used(row) * Number(row.unit_price), currency));
  const purchases = answer.results.filter((row) => row.source === 'purchase' && row.purchase_id !== null);
  if (form === 'SUPPLIER' && purchases.length === 0) {
    throw new AppError('validation_error', `The schedule of declaration ${answer.account_number} cites no domestic purchase: it has no supplier to declare origin.`, { fields: { form: ['This schedule cites no domestic purchase.'] } });
  }
  return {
    isMaterials: form !== 'WO' && form !== 'SUPPLIER', isWo: form === 'WO', isSupplier: form === 'SUPPLIER',
    // Annex X: one declaration a domestic supplier signs for what it sold, prefilled for it to check, complete and sign.
    declarations: form !== 'SUPPLIER' ? [] : purchases.map((row, index) => {
      const supplier = context.suppliers.get(row.purchase_id!);
      return {
        annex, title: 'BẢN KHAI BÁO XUẤT XỨ CỦA NHÀ SẢN XUẤT/NHÀ CUNG CẤP NGUYÊN LIỆU TRONG NƯỚC',
        subtitle: options.formType === 2 ? 'Declaration of origin by the domestic producer or supplier of materials' : '',
        supplierCaption: caption('supplier'), supplier: supplier?.name ?? '', supplierCodeCaption: caption('supplierCode'), supplierCode: supplier?.code ?? '',
        buyerCaption: caption('buyer'), buyer: context.exporter.name, taxCodeCaption: caption('taxCode'), buyerTaxCode: exporterTaxCode,
        invoiceCaption: caption('invoice'), invoice: [row.account_number, day(row.registered_date)].filter(Boolean).join(', '),
        referenceCaption: caption('reference'), reference: row.reference_no ?? '',
        colMaterial: caption('material'), colCode: caption('code'), colHs: caption('hs'), colUnit: caption('unit'), colQuantity: caption('quantity'),
        colValue: caption('value'), colCriterion: caption('declaredCriterion'),
        name: row.material_name ?? '', code: row.material_code, hs: row.hs ? formatCode(row.hs) : '', unit: row.material_unit ?? '',
        quantity: amount(used(row)), value: amount(value(row)), criterionBlank: '', numbers: { quantity: used(row), value: value(row) },
        statement: `Chúng tôi cam kết hàng hóa nêu trên được sản xuất tại Việt Nam và đáp ứng tiêu chí xuất xứ đã khai; chúng tôi chịu trách nhiệm trước pháp luật về tính chính xác của nội dung khai báo và lưu giữ chứng từ chứng minh theo quy định.`,
        placeDate: '……, ngày …… tháng …… năm ……',
        signature: 'Người đại diện theo pháp luật của nhà sản xuất/nhà cung cấp (ký, ghi rõ họ tên, đóng dấu)',
        lastDeclaration: index === purchases.length - 1,
      };
    }),
    colValue: caption('value'), colVatInvoice: caption('vatInvoice'), colSeller: caption('seller'),
    annex,
    title: options.title === 2 ? `${base} THEO HIỆP ĐỊNH ${agreement.name.toUpperCase()} (C/O MẪU ${agreement.coForms[0]})` : base,
    subtitle: options.formType === 2 ? `Declaration of exported goods meeting the criterion "${annexes[form].criterion}"` : '',
    exporterCaption: caption('exporter'), exporter: context.exporter.name,
    taxCodeCaption: caption('taxCode'), taxCode: exporterTaxCode,
    addressCaption: caption('address'), address: context.exporter.address ?? '',
    declarationCaption: caption('declaration'), declaration: answer.account_number, dateCaption: caption('date'), declarationDate: day(context.declarationDate),
    invoiceCaption: caption('invoice'), invoice: [context.invoiceNo, day(context.invoiceDate)].filter(Boolean).join(', '),
    productCaption: caption('product'), productName: answer.product.name ?? '', productCode: answer.product.code,
    hsCaption: caption('hs'), productHs: productHs ? formatCode(productHs) : '',
    quantityCaption: caption('quantity'), quantity: amount(answer.product.quantity), unit: answer.product.unit ?? '',
    fobCaption: caption('fob'), fob: amount(fob), exwCaption: caption('exw'), exw: amount(exw), currency,
    agreementCaption: caption('agreement'), agreement: `${agreement.name} (C/O ${agreement.coForms.join(' / ')})`,
    criterionCaption: caption('criterion'), criterion,
    colNo: caption('no'), colMaterial: caption('material'), colCode: caption('code'), colHs: caption('hs'), colUnit: caption('unit'),
    colNorm: caption('norm'), colUsed: caption('used'), colUnitPrice: caption('unitPrice'), colOriginating: caption('originating'),
    colNonOriginating: caption('nonOriginating'), colCountry: caption('country'), colEvidence: caption('evidence'), colHsChanged: caption('hsChanged'),
    colTotal: caption('total'),
    materials: answer.results.map((row, index) => {
      const originating = row.origin_option === 'originated';
      const evidence = row.source === 'purchase'
        ? [`HĐ ${row.account_number ?? ''} ${day(row.registered_date)}`, row.reference_no ? `bản khai ${row.reference_no}` : ''].filter(Boolean).join('; ')
        : [row.account_number ? `TK ${row.account_number} ${day(row.registered_date)}` : '', row.co_form ? `C/O ${row.co_form} ${row.reference_no ?? ''}`.trim() : ''].filter(Boolean).join('; ');
      const hs = row.hs ?? '';
      return {
        // The workbook keeps numbers as numbers; the Word form prints the texts beside them.
        numbers: {
          no: index + 1, norm: Number(row.bom_value), used: used(row), unitPrice: row.unit_price === null ? null : Number(row.unit_price), value: value(row),
          originating: originating ? Number(row.has_fta_origin_cost) : null, nonOriginating: originating ? null : Number(row.no_fta_origin_cost),
        },
        no: String(index + 1), name: row.material_name ?? '', code: row.material_code, hs: hs ? formatCode(hs) : '', unit: row.material_unit ?? '',
        norm: amount(row.bom_value), used: amount(used(row)), unitPrice: amount(row.unit_price), value: amount(value(row)),
        seller: row.source === 'purchase' && row.purchase_id !== null ? context.suppliers.get(row.purchase_id)?.name ?? '' : '',
        originating: originating ? amount(row.has_fta_origin_cost) : '', nonOriginating: originating ? '' : amount(row.no_fta_origin_cost),
        country: row.from_country ?? '', evidence: evidence || (row.note_price ?? ''),
        hsChanged: level === undefined || originating ? '' : hs.length >= level && hs.slice(0, level) !== productHs.slice(0, level) ? 'Có' : 'Không',
      };
    }),
    totalOriginating: amount(answer.sum_of_has_fta_origin_cost), totalNonOriginating: amount(answer.sum_of_no_fta_origin_cost),
    numbers: { quantity, fob, exw, totalOriginating: answer.sum_of_has_fta_origin_cost, totalNonOriginating: answer.sum_of_no_fta_origin_cost },
    figures,
    conclusion: ruleMissing && form !== 'WO'
      ? `Kết luận: ${inWords((t) => t('origin.verdict.noRule', { product: answer.product.code, agreement: agreement.name }))}`
      : `${met ? `Kết luận: hàng hóa đáp ứng tiêu chí ${criterion}.` : `Kết luận: hàng hóa chưa đáp ứng tiêu chí ${criterion}.`}${unloadedNote ? ` ${unloadedNote}` : ''}`,
    placeDate: '……, ngày …… tháng …… năm ……',
    signature: 'Người đại diện theo pháp luật của thương nhân (ký, ghi rõ họ tên, đóng dấu)',
  };
}
export type DossierData = ReturnType<typeof dossierData>;

const templateFile = new URL('./templates/schedule.docx', import.meta.url);
let template: Buffer | undefined;

/** One Word document holding every schedule, a page each. */
export function dossierDocx(schedules: DossierData[]): Buffer {
  template ??= fs.readFileSync(templateFile);
  const document = new Docxtemplater(new PizZip(template), { paragraphLoop: true, linebreaks: true, nullGetter: () => '' });
  document.render({ schedules: schedules.map((schedule, index) => ({ ...schedule, last: index === schedules.length - 1 })) });
  return document.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const thin: Partial<ExcelJS.Borders> = { top: { style: 'thin' }, left: { style: 'thin' }, bottom: { style: 'thin' }, right: { style: 'thin' } };

type Material = DossierData['materials'][number];
type Cell = string | number | null;

/**
 * The material table of each layout: its columns, a material's cells (numbers as numbers), the totals row, the
 * column widths, which columns hold quantities and which money in the invoice currency.
 */
function materialTable(data: DossierData): { columns: string[]; cells: (m: Material) => Cell[]; total: Cell[] | null; widths: number[]; quantities: number[]; money: number[] } {
  if (data.isWo) {
    return {
      columns: [data.colNo, data.colMaterial, data.colCode, data.colHs, data.colUnit, data.colUsed, data.colValue, data.colCountry, data.colVatInvoice, data.colSeller],
      cells: (m) => [m.numbers.no, m.name, m.code, m.hs, m.unit, m.numbers.used, m.numbers.value, m.country, m.evidence, m.seller],
      total: null,
      widths: [6, 28, 14, 12, 8, 12, 14, 8, 32, 28],
      quantities: [6], money: [7],
    };
  }
  return {
    columns: [data.colNo, data.colMaterial, data.colCode, data.colHs, data.colUnit, data.colNorm, data.colUsed, data.colUnitPrice, data.colOriginating, data.colNonOriginating, data.colCountry, data.colEvidence, data.colHsChanged],
    cells: (m) => [m.numbers.no, m.name, m.code, m.hs, m.unit, m.numbers.norm, m.numbers.used, m.numbers.unitPrice, m.numbers.originating, m.numbers.nonOriginating, m.country, m.evidence, m.hsChanged],
    total: ['', data.colTotal, '', '', '', '', '', '', data.numbers.totalOriginating, data.numbers.totalNonOriginating, '', '', ''],
    widths: [6, 28, 14, 12, 8, 12, 12, 12, 14, 14, 8, 32, 10],
    quantities: [6, 7], money: [8, 9, 10],
  };
}

/** A sheet with a page setup for the forms, and a way to write a line of text across a table's width. */
function formSheet(workbook: ExcelJS.Workbook, name: string, width: number, currency: string) {
  const sheet = workbook.addWorksheet(sheetName(name, workbook.worksheets.map((taken) => taken.name)), { pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
  const line = (text: string, style: Partial<ExcelJS.Font> = {}, align: ExcelJS.Alignment['horizontal'] = 'left') => {
    const row = sheet.addRow([text]);
    sheet.mergeCells(row.number, 1, row.number, width);
    row.getCell(1).font = style;
    row.getCell(1).alignment = { horizontal: align, wrapText: true };
  };
  // Amounts with thousands grouped and one number of decimals a column (money at least its currency's), shown in the
  // reader's own number format by the spreadsheet.
  const table = (rows: ExcelJS.Row[], quantities: number[], money: number[]) => {
    for (const row of rows) row.eachCell({ includeEmpty: true }, (cell) => { cell.border = thin; cell.alignment = { vertical: 'top', wrapText: true }; });
    formatNumberColumns(rows.slice(1), quantities);
    formatNumberColumns(rows.slice(1), money, { minimumDecimals: currencyScale(currency) });
    rows[0]!.font = { bold: true };
  };
  /** A caption with its number in a cell of its own (a percentage as a share of 1, shown with %), the unit after it. */
  const figure = (label: string, number: number, unit: string) => {
    const row = sheet.addRow([label]);
    sheet.mergeCells(row.number, 1, row.number, Math.max(1, width - 2));
    const cell = row.getCell(Math.max(2, width - 1));
    cell.value = unit === '%' ? number / 100 : number;
    cell.numFmt = unit === '%' ? '0.00%' : decimalFormat(Math.max(decimalsOf(number), unit !== '' && unit === currency ? currencyScale(currency) : 0));
    if (unit !== '%') row.getCell(Math.max(3, width)).value = unit;
  };
  return { sheet, line, table, figure };
}

/** One workbook holding every schedule, a sheet each (a supplier declaration each for Annex X), laid out as the Word form. */
export async function dossierXlsx(schedules: DossierData[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Dutybook';
  schedules.forEach((data, index) => {
    if (data.isSupplier) {
      data.declarations.forEach((declaration, number) => {
        const columns = [declaration.colMaterial, declaration.colCode, declaration.colHs, declaration.colUnit, declaration.colQuantity, declaration.colValue, declaration.colCriterion];
        const { sheet, line, table } = formSheet(workbook, `${index + 1}.${number + 1}-${declaration.code}`, columns.length, data.currency);
        line(declaration.annex, { italic: true }, 'right');
        line(declaration.title, { bold: true, size: 13 }, 'center');
        if (declaration.subtitle) line(declaration.subtitle, { italic: true }, 'center');
        line(`${declaration.supplierCaption}: ${declaration.supplier}; ${declaration.supplierCodeCaption}: ${declaration.supplierCode}`);
        line(`${declaration.buyerCaption}: ${declaration.buyer}; ${declaration.taxCodeCaption}: ${declaration.buyerTaxCode}`);
        line(`${declaration.invoiceCaption}: ${declaration.invoice}; ${declaration.referenceCaption}: ${declaration.reference}`);
        table([sheet.addRow(columns), sheet.addRow([declaration.name, declaration.code, declaration.hs, declaration.unit, declaration.numbers.quantity, declaration.numbers.value, declaration.criterionBlank])], [5], [6]);
        line(declaration.statement, { bold: true });
        line(declaration.placeDate, {}, 'right');
        line(declaration.signature, {}, 'right');
        [28, 14, 12, 8, 12, 14, 24].forEach((width, column) => { sheet.getColumn(column + 1).width = width; });
      });
      return;
    }
    const layout = materialTable(data);
    const { sheet, line, table, figure } = formSheet(workbook, `${index + 1}-${data.declaration}`, layout.columns.length, data.currency);
    line(data.annex, { italic: true }, 'right');
    line(data.title, { bold: true, size: 13 }, 'center');
    if (data.subtitle) line(data.subtitle, { italic: true }, 'center');
    for (const text of [
      `${data.exporterCaption}: ${data.exporter}`, `${data.taxCodeCaption}: ${data.taxCode}`, `${data.addressCaption}: ${data.address}`,
      `${data.declarationCaption}: ${data.declaration}, ${data.dateCaption} ${data.declarationDate}`, `${data.invoiceCaption}: ${data.invoice}`,
      `${data.productCaption}: ${data.productName} (${data.productCode}); ${data.hsCaption}: ${data.productHs}`,
    ]) line(text);
    figure(data.quantityCaption, data.numbers.quantity, data.unit);
    figure(data.fobCaption, data.numbers.fob, data.currency);
    figure(data.exwCaption, data.numbers.exw, data.currency);
    line(`${data.agreementCaption}: ${data.agreement}; ${data.criterionCaption}: ${data.criterion}`);
    const rows = [sheet.addRow(layout.columns), ...data.materials.map((m) => sheet.addRow(layout.cells(m)))];
    if (layout.total) rows.push(sheet.addRow(layout.total));
    table(rows, layout.quantities, layout.money);
    if (layout.total) rows.at(-1)!.font = { bold: true };
    if (data.isMaterials) for (const entry of data.figures) if (entry.number === null) line(`${entry.label}: ${entry.value}`); else figure(entry.label, entry.number, entry.unit);
    line(data.conclusion, { bold: true });
    line(data.placeDate, {}, 'right');
    line(data.signature, {}, 'right');
    layout.widths.forEach((width, column) => { sheet.getColumn(column + 1).width = width; });
  });
  return workbookBytes(workbook);
}

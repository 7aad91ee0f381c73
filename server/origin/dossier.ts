import fs from 'node:fs';
import Docxtemplater from 'docxtemplater';
import ExcelJS from 'exceljs';
import PizZip from 'pizzip';
import { agreements } from '../../common/agreements.js';
import { formatCode } from '../../common/hs/code.js';
import { changeLevels } from '../../common/origin/psr.js';
import type { CriterionResult, ScheduleAnswer } from '../../common/origin/schemas.js';
import { neutralised } from '../resources/export-rows.js';

/**
 * The documents of a certificate-of-origin dossier: a saved schedule laid out as the bảng kê of Circular
 * 05/2018/TT-BCT for the criterion it meets (domain §7.6). Word from the template `templates/schedule.docx`
 * (made from `schedule.html` by scripts/build-docx-templates.ts) filled by docxtemplater; Excel with exceljs.
 * Several schedules make one document, a page (or a sheet) each. The forms are Vietnamese, as filed; form type 2
 * adds the English caption under each Vietnamese one.
 */
export const dossierForms = ['RVC', 'MAXNOM', 'CTC', 'DE_MINIMIS', 'PE'] as const;
export type DossierForm = (typeof dossierForms)[number];

/** Who files and for which shipment: what the saved answer does not hold. */
export interface DossierContext {
  exporter: { name: string; taxCode: string | null; address: string | null };
  declarationDate: string;
  invoiceNo: string | null;
  invoiceDate: string | null;
  currency: string | null;
}

export interface DossierOptions { form?: DossierForm; formType: 1 | 2; title: 1 | 2 }

const annexes: Record<DossierForm, { annex: string; criterion: string }> = {
  RVC: { annex: 'VIII', criterion: 'RVC' },
  MAXNOM: { annex: 'VIII', criterion: 'MaxNOM' },
  CTC: { annex: 'V', criterion: 'CTC' },
  DE_MINIMIS: { annex: 'VI', criterion: 'De Minimis' },
  PE: { annex: 'IX', criterion: 'PE' },
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
} as const;

const numberFormat = new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 6 });
const amount = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '' : numberFormat.format(Number(value)));
const day = (iso: string | null) => (iso ? iso.slice(0, 10).split('-').reverse().join('/') : '');

/** The form a schedule is filed under: the first criterion met, by the kind of test it is. */
export function dossierFormOf(answer: ScheduleAnswer): DossierForm {
  const met = answer.criteria_results.find((result) => result.pass) ?? answer.criteria_results[0];
  if (!met) return 'RVC';
  if (met.kind === 'MaxNOM') return 'MAXNOM';
  if (changeLevels[met.kind]) return met.reason === 'de_minimis' ? 'DE_MINIMIS' : 'CTC';
  return met.kind === 'PE' ? 'PE' : 'RVC';
}

const resultOf = (answer: ScheduleAnswer, form: DossierForm): CriterionResult | undefined => answer.criteria_results.find((result) =>
  form === 'MAXNOM' ? result.kind === 'MaxNOM'
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
  const criterion = result?.criterion ?? annexes[form].criterion;
  const figures = [
    ...(form === 'RVC' ? [[`${caption('fob')} / ${answer.product.unit ?? '1'}`, `${amount(answer.total)} ${currency}`], [`${caption('vnm')} / ${answer.product.unit ?? '1'}`, `${amount(answer.sum_of_no_fta_origin_cost)} ${currency}`]] : []),
    ...(form === 'MAXNOM' ? [[`${caption('exw')} / ${answer.product.unit ?? '1'}`, `${amount(answer.exw)} ${currency}`], [`${caption('vnm')} / ${answer.product.unit ?? '1'}`, `${amount(answer.sum_of_no_fta_origin_cost)} ${currency}`]] : []),
    ...(result && result.value !== null ? [[`${caption('share')} ${criterion}`, `${amount(result.value)}%`]] : []),
    ...(result && result.threshold !== null ? [[caption('threshold'), `${amount(result.threshold)}%`]] : []),
    ...(form === 'RVC' || form === 'MAXNOM' ? [[caption('formula'), answer.formula]] : []),
  ].map(([label, value]) => ({ label, value }));
  const met = result?.pass ?? answer.fulfill_criteria;
  const base = `BẢNG KÊ KHAI HÀNG HÓA XUẤT KHẨU ĐẠT TIÊU CHÍ "${annexes[form].criterion.toUpperCase()}"`;
  return {
    annex: `Phụ lục ${annexes[form].annex} (ban hành kèm theo Thông tư số 05/2018/TT-BCT ngày 03 tháng 4 năm 2018 của Bộ Công Thương)`,
    title: options.title === 2 ? `${base} THEO HIỆP ĐỊNH ${agreement.name.toUpperCase()} (C/O MẪU ${agreement.coForms[0]})` : base,
    subtitle: options.formType === 2 ? `Declaration of exported goods meeting the criterion "${annexes[form].criterion}"` : '',
    exporterCaption: caption('exporter'), exporter: context.exporter.name,
    taxCodeCaption: caption('taxCode'), taxCode: context.exporter.taxCode ?? answer.tax_code ?? '',
    addressCaption: caption('address'), address: context.exporter.address ?? '',
    declarationCaption: caption('declaration'), declaration: answer.account_number, dateCaption: caption('date'), declarationDate: day(context.declarationDate),
    invoiceCaption: caption('invoice'), invoice: [context.invoiceNo, day(context.invoiceDate)].filter(Boolean).join(', '),
    productCaption: caption('product'), productName: answer.product.name ?? '', productCode: answer.product.code,
    hsCaption: caption('hs'), productHs: productHs ? formatCode(productHs) : '',
    quantityCaption: caption('quantity'), quantity: amount(answer.product.quantity), unit: answer.product.unit ?? '',
    fobCaption: caption('fob'), fob: amount(answer.total * quantity), exwCaption: caption('exw'), exw: amount(answer.exw * quantity), currency,
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
        no: String(index + 1), name: neutralised(row.material_name ?? ''), code: neutralised(row.material_code), hs: hs ? formatCode(hs) : '', unit: row.material_unit ?? '',
        norm: amount(row.bom_value), used: amount(Number(row.bom_value) * quantity), unitPrice: amount(row.unit_price),
        originating: originating ? amount(row.has_fta_origin_cost) : '', nonOriginating: originating ? '' : amount(row.no_fta_origin_cost),
        country: row.from_country ?? '', evidence: neutralised(evidence || (row.note_price ?? '')),
        hsChanged: level === undefined || originating ? '' : hs.length >= level && hs.slice(0, level) !== productHs.slice(0, level) ? 'Có' : 'Không',
      };
    }),
    totalOriginating: amount(answer.sum_of_has_fta_origin_cost), totalNonOriginating: amount(answer.sum_of_no_fta_origin_cost),
    figures,
    conclusion: met ? `Kết luận: hàng hóa đáp ứng tiêu chí ${criterion}.` : `Kết luận: hàng hóa chưa đáp ứng tiêu chí ${criterion}.`,
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

/** One workbook holding every schedule, a sheet each, laid out as the Word form. */
export async function dossierXlsx(schedules: DossierData[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Dutybook';
  schedules.forEach((data, index) => {
    const sheet = workbook.addWorksheet(`${index + 1}-${data.declaration}`.slice(0, 31), { pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 } });
    const columns = [data.colNo, data.colMaterial, data.colCode, data.colHs, data.colUnit, data.colNorm, data.colUsed, data.colUnitPrice, data.colOriginating, data.colNonOriginating, data.colCountry, data.colEvidence, data.colHsChanged];
    const line = (text: string, style: Partial<ExcelJS.Font> = {}, align: ExcelJS.Alignment['horizontal'] = 'left') => {
      const row = sheet.addRow([text]);
      sheet.mergeCells(row.number, 1, row.number, columns.length);
      row.getCell(1).font = style;
      row.getCell(1).alignment = { horizontal: align, wrapText: true };
    };
    line(data.annex, { italic: true }, 'right');
    line(data.title, { bold: true, size: 13 }, 'center');
    if (data.subtitle) line(data.subtitle, { italic: true }, 'center');
    for (const text of [
      `${data.exporterCaption}: ${data.exporter}`, `${data.taxCodeCaption}: ${data.taxCode}`, `${data.addressCaption}: ${data.address}`,
      `${data.declarationCaption}: ${data.declaration}, ${data.dateCaption} ${data.declarationDate}`, `${data.invoiceCaption}: ${data.invoice}`,
      `${data.productCaption}: ${data.productName} (${data.productCode}); ${data.hsCaption}: ${data.productHs}; ${data.quantityCaption}: ${data.quantity} ${data.unit}`,
      `${data.fobCaption}: ${data.fob} ${data.currency}; ${data.exwCaption}: ${data.exw} ${data.currency}`, `${data.agreementCaption}: ${data.agreement}; ${data.criterionCaption}: ${data.criterion}`,
    ]) line(neutralised(text));
    const header = sheet.addRow(columns);
    const body = data.materials.map((m) => sheet.addRow([m.no, m.name, m.code, m.hs, m.unit, m.norm, m.used, m.unitPrice, m.originating, m.nonOriginating, m.country, m.evidence, m.hsChanged]));
    const total = sheet.addRow(['', data.colTotal, '', '', '', '', '', '', data.totalOriginating, data.totalNonOriginating, '', '', '']);
    for (const row of [header, ...body, total]) row.eachCell({ includeEmpty: true }, (cell) => { cell.border = thin; cell.alignment = { vertical: 'top', wrapText: true }; });
    header.font = { bold: true };
    total.font = { bold: true };
    for (const figure of data.figures) line(`${figure.label}: ${figure.value}`);
    line(data.conclusion, { bold: true });
    line(data.placeDate, {}, 'right');
    line(data.signature, {}, 'right');
    [6, 28, 14, 12, 8, 12, 12, 12, 14, 14, 8, 32, 10].forEach((width, column) => { sheet.getColumn(column + 1).width = width; });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

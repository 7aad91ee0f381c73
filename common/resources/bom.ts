/** A bill-of-materials line: how much of one material one unit of a product consumes (domain §5). */
import { code, date, decimal, defineResource, integer, plainImport, text } from './define.js';
import { itemUnit, note } from './shared-fields.js';

const bomFields = {
  code: code({ required: true, indexed: true, label: 'fields.product_code', aliases: { vi: ['Mã sản phẩm', 'Mã SP', 'Mã thành phẩm', 'Mã TP'], en: ['Product code', 'Product', 'Parent item', 'Finished good code'], ko: ['제품코드', '완제품코드', '모품번'] } }),
  name: text({ maxLength: 1000, label: 'fields.product_name', aliases: { vi: ['Tên sản phẩm', 'Tên SP', 'Tên thành phẩm'], en: ['Product name', 'Product description'], ko: ['제품명', '완제품명'] } }),
  unit: itemUnit({ label: 'fields.product_unit', aliases: { vi: ['ĐVT SP', 'ĐVT sản phẩm', 'Đơn vị tính sản phẩm', 'ĐVT'], en: ['Product unit', 'Unit'], ko: ['제품단위', '단위'] } }),
  material_code: code({ required: true, indexed: true, aliases: { vi: ['Mã nguyên vật liệu', 'Mã NVL', 'Mã NPL', 'Mã nguyên liệu', 'Mã vật tư'], en: ['Material code', 'Material', 'Component', 'Child item'], ko: ['자재코드', '자품번', '원자재코드'] } }),
  material_name: text({ maxLength: 1000, aliases: { vi: ['Tên nguyên vật liệu', 'Tên NVL', 'Tên NPL', 'Tên nguyên liệu', 'Tên vật tư'], en: ['Material name', 'Material description', 'Component name'], ko: ['자재명', '원자재명'] } }),
  material_unit: itemUnit({ aliases: { vi: ['ĐVT NVL', 'ĐVT NPL', 'Đơn vị tính NVL', 'ĐVT nguyên liệu'], en: ['Material unit', 'Component unit'], ko: ['자재단위'] } }),
  // The norm: quantity of material, in material_unit, used per one unit of product (the fixed columns' material quantity).
  bom_value: decimal({ required: true, nonNegative: true, aliases: { vi: ['Định mức', 'Định mức sử dụng', 'Lượng NVL', 'Số lượng NVL', 'Định mức kể cả hao hụt'], en: ['Material quantity', 'Quantity', 'Norm', 'Usage', 'Consumption norm'], ko: ['소요량', '원단위', '자재수량'] } }),
  // The loss rate in percent added on top of the norm; 0 when the norm is an actual norm that includes loss.
  loss_rate: decimal({ visible: false, nonNegative: true, aliases: { vi: ['Tỷ lệ hao hụt', 'TLHH', 'Hao hụt'], en: ['Loss rate', 'Loss', 'Waste rate', 'Scrap rate'], ko: ['손실률', '로스율'] } }),
  // The processing contract or production lot the norm applies to (the fixed columns' lot).
  contract: code({ visible: false, aliases: { vi: ['Số hợp đồng', 'Hợp đồng', 'Lô', 'Số lô', 'Mã lô'], en: ['Contract', 'Contract no', 'Lot', 'Lot no', 'Material lot'], ko: ['계약번호', '로트', '로트번호'] } }),
  // Form 16 source mark or a remark: 'X' bought domestically, blank imported, 'KXDĐM' norm not established.
  note: note({ visible: false }),
  // The company's own grouping of products (finished, semi-finished, model family ...).
  product_type: text({ selectable: true, visible: false, maxLength: 100, aliases: { vi: ['Loại sản phẩm', 'Loại SP', 'Nhóm sản phẩm'], en: ['Product type', 'Product group'], ko: ['제품유형', '제품군'] } }),
  // The days the norm holds between (either may be empty, open-ended): a norm changed mid-year is two lines.
  valid_from: date({ visible: false, aliases: { vi: ['Hiệu lực từ', 'Áp dụng từ ngày', 'Từ ngày'], en: ['Valid from', 'Effective from'], ko: ['적용시작일', '유효시작일'] } }),
  valid_to: date({ visible: false, aliases: { vi: ['Hiệu lực đến', 'Áp dụng đến ngày', 'Đến ngày'], en: ['Valid to', 'Effective to'], ko: ['적용종료일', '유효종료일'] } }),
  // The year the norm version was built for.
  year: integer({ selectable: true, visible: false, aliases: { vi: ['Năm'], en: ['Year'], ko: ['연도', '년도'] } }),
};

/** The ex-works BOM (bom-exw.ts) is this table under another name. */
export const bom = defineResource({
  name: 'bom',
  family: 'balance',
  table: 'bom_lines',
  tableKind: 'BOM',
  folderKey: 'bom',
  operations: ['create', 'update', 'delete', 'import'],
  // The spec names BOM's import calls after its norm calculator; the plain names answer too.
  imports: [{ ...plainImport, setup: 'calculator_import_setup', run: 'calculator_import' }, plainImport],
  fields: bomFields,
  search: ['code', 'name', 'material_code', 'material_name'],
  ordering: 'code',
  autofill: [{ code: 'code', name: 'name', unit: 'unit' }, { code: 'material_code', name: 'material_name', unit: 'material_unit' }],
  indexes: [['code', 'material_code']],
});

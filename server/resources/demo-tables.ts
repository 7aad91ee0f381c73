/**
 * The sample books of the demo company: a garment maker under the SXXK regime that imports fabrics and
 * trims (E31), sews jackets, shirts and trousers, exports them (E62) and sells a few at home (A42), from
 * January to October of the folder set's year. Every table tells the same story, so the totals reconcile:
 * warehouse receipts are the declared imports and the month's output, issues are the production orders'
 * consumption (product quantity × norm × 1.02), and the in-out balances and counts follow from those
 * movements. Statements 15 and 15A are not generated: the reports compute them from these books, as
 * they do a user's.
 *
 * Pure and deterministic: a seeded generator, no clock. Quantities are kept as whole numbers of
 * ten-thousandths and money as whole VND (or ten-thousandths of a dollar), so every sum is exact.
 */

export type DemoValue = string | number | null;
export type DemoRow = Record<string, DemoValue>;
/** Rows by resource name (`ecus`, `wh-iob` …), with the values as the field kinds want them. */
export type DemoTables = Record<string, DemoRow[]>;

/** The company the demo account seeder creates; its books are filled here. */
export const demoCompanyName = 'Dutybook Demo Manufacturing';

/** Ten-thousandths: the finest quantity and dollar amount the data uses. */
const Q = 10_000;
const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const lossRatePercent = 2;
const countMonth = 10;

/** A small seeded generator (mulberry32): the same year always gives the same books. */
function seededRandom(seed: number): (min: number, max: number) => number {
  let state = seed >>> 0;
  return (min, max) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    return min + Math.floor(unit * (max - min + 1));
  };
}

/** 125000 with 4 places → '12.5': a whole number of units as a decimal string. */
export function decimalText(units: number, places: number): string {
  if (!Number.isSafeInteger(units)) throw new Error(`not a whole number of units: ${units}`);
  const scale = 10 ** places;
  const abs = Math.abs(units);
  const fraction = places === 0 ? '' : String(abs % scale).padStart(places, '0').replace(/0+$/, '');
  return `${units < 0 ? '-' : ''}${Math.floor(abs / scale)}${fraction ? `.${fraction}` : ''}`;
}

const quantityText = (scaled: number) => decimalText(scaled, 4);
const vnd = (amount: number) => decimalText(amount, 0);
const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const isoDay = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
function addDays(date: string, days: number): string {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}
const ceilTo = (value: number, step: number) => Math.ceil(value / step) * step;
const floorTo = (value: number, step: number) => Math.floor(value / step) * step;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

interface Partner {
  name: string;
  country: string;
  /** The supplier code in the books, or the buyer's short code in contract numbers. */
  code: string;
  invoicePrefix: string;
  /** Where the goods are unloaded (imports) or bound for (exports). */
  port: string;
  /** The C/O form an export to this buyer's country is covered by. */
  coForm?: string;
}

const suppliers = {
  cn: { name: 'Shaoxing Huamei Textile Co., Ltd.', country: 'CN', code: 'NCC-CN01', invoicePrefix: 'HM', port: 'Cảng Cát Lái (TP. Hồ Chí Minh)' },
  kr: { name: 'Daegu Fabric & Trims Co., Ltd.', country: 'KR', code: 'NCC-KR01', invoicePrefix: 'DFT', port: 'Cảng Cát Lái (TP. Hồ Chí Minh)' },
  jp: { name: 'Nishida Fastener Co., Ltd.', country: 'JP', code: 'NCC-JP01', invoicePrefix: 'NSF', port: 'Sân bay quốc tế Tân Sơn Nhất' },
} satisfies Record<string, Partner>;

const buyers = {
  se: { name: 'Nordic Apparel AB', country: 'SE', code: 'NA', invoicePrefix: 'DBM', port: 'Gothenburg, Thụy Điển', coForm: 'EUR.1' },
  jp: { name: 'Osaka Fashion Co., Ltd.', country: 'JP', code: 'OF', invoicePrefix: 'DBM', port: 'Osaka, Nhật Bản', coForm: 'VJ' },
  kr: { name: 'Hanbit Fashion Co., Ltd.', country: 'KR', code: 'HB', invoicePrefix: 'DBM', port: 'Busan, Hàn Quốc', coForm: 'AK' },
} satisfies Record<string, Partner>;

interface Material {
  code: string;
  name: string;
  unit: string;
  hs: string;
  supplier: Partner;
  /** The invoice price in ten-thousandths of a dollar per unit. */
  priceUsd: number;
  /** Orders are rounded up to this many units. */
  step: number;
  /** Zippers come by air every other month, two months' worth at a time. */
  bimonthly?: boolean;
  opening: number;
  erp: { code: string; name: string; unit: string; factor: string };
}

const materials: Material[] = [
  {
    code: 'NPL-VC01', name: 'Vải cotton 100% khổ 1,5m', unit: 'MTR', hs: '52085900', supplier: suppliers.cn, priceUsd: 28_500, step: 50, opening: 1_200,
    erp: { code: 'VT-VAI-COT150', name: 'Vải cotton trắng khổ 150', unit: 'MTR', factor: '1' },
  },
  {
    code: 'NPL-VP02', name: 'Vải lót polyester dệt thoi khổ 1,5m', unit: 'MTR', hs: '54075200', supplier: suppliers.kr, priceUsd: 19_500, step: 50, opening: 800,
    erp: { code: 'VT-VAI-POL150', name: 'Vải lót polyester khổ 150', unit: 'MTR', factor: '1' },
  },
  {
    code: 'NPL-CN03', name: 'Cúc nhựa 4 lỗ đường kính 15mm', unit: 'PCE', hs: '96062100', supplier: suppliers.kr, priceUsd: 120, step: 500, opening: 20_000,
    erp: { code: 'VT-CUC-15', name: 'Cúc nhựa 15 ly', unit: 'PCE', factor: '1' },
  },
  {
    code: 'NPL-KK04', name: 'Khóa kéo kim loại dài 18cm', unit: 'PCE', hs: '96071900', supplier: suppliers.jp, priceUsd: 3_500, step: 100, opening: 1_500, bimonthly: true,
    erp: { code: 'VT-KHOA-18', name: 'Khóa kéo kim loại 18 cm', unit: 'PCE', factor: '1' },
  },
  {
    // Declared by the cone; the ERP keeps thread in metres (5,000 m a cone).
    code: 'NPL-CM05', name: 'Chỉ may polyester 40/2, cuộn 5.000m', unit: 'CONE', hs: '54011090', supplier: suppliers.cn, priceUsd: 16_000, step: 5, opening: 60,
    erp: { code: 'VT-CHI-4002', name: 'Chỉ may polyester 40/2', unit: 'MTR', factor: '0.0002' },
  },
  {
    code: 'NPL-NH06', name: 'Nhãn dệt logo thương hiệu', unit: 'PCE', hs: '58071000', supplier: suppliers.cn, priceUsd: 250, step: 500, opening: 8_000,
    erp: { code: 'VT-NHAN-DET', name: 'Nhãn dệt logo', unit: 'PCE', factor: '1' },
  },
];

interface Product {
  code: string;
  name: string;
  hs: string;
  /** Typical monthly output in pieces. */
  base: number;
  opening: number;
  /** FOB price in ten-thousandths of a dollar a piece. */
  priceUsd: number;
  /** The standard cost in VND a piece the books value finished goods at. */
  standardCost: number;
  /** Material per piece, in hundredths of the material's unit, before the loss rate. */
  norms: Record<string, number>;
  erpCode: string;
}

const products: Product[] = [
  {
    code: 'SP-AK01', name: 'Áo khoác nam vải cotton', hs: '62013090', base: 600, opening: 150, priceUsd: 185_000, standardCost: 285_000, erpCode: 'TP-AK01',
    norms: { 'NPL-VC01': 180, 'NPL-VP02': 120, 'NPL-CN03': 600, 'NPL-KK04': 100, 'NPL-CM05': 4, 'NPL-NH06': 200 },
  },
  {
    code: 'SP-SM02', name: 'Áo sơ mi nữ vải cotton', hs: '62063090', base: 900, opening: 200, priceUsd: 92_000, standardCost: 142_000, erpCode: 'TP-SM02',
    norms: { 'NPL-VC01': 130, 'NPL-CN03': 800, 'NPL-CM05': 2, 'NPL-NH06': 100 },
  },
  {
    code: 'SP-QA03', name: 'Quần âu nam vải cotton', hs: '62034290', base: 700, opening: 120, priceUsd: 124_000, standardCost: 188_000, erpCode: 'TP-QA03',
    norms: { 'NPL-VC01': 140, 'NPL-VP02': 30, 'NPL-CN03': 200, 'NPL-KK04': 100, 'NPL-CM05': 3, 'NPL-NH06': 100 },
  },
];

/** Domestic purchases outside the norms (packing), each bought from one supplier. */
const packing = [
  { code: 'VT-CT01', name: 'Thùng carton 5 lớp 60x40x40cm', unit: 'PCE', hs: '48191000', price: 18_500, quantity: 1_200, months: [1, 3, 5, 7, 9], supplier: { code: 'NCC-VN01', name: 'Công ty TNHH Bao bì Tân Phú' } },
  { code: 'VT-PE02', name: 'Túi PE đóng gói 30x40cm', unit: 'PCE', hs: '39232199', price: 650, quantity: 5_000, months: [2, 4, 6, 8, 10], supplier: { code: 'NCC-VN02', name: 'Công ty TNHH Nhựa Bình An' } },
  { code: 'VT-TB03', name: 'Thẻ bài giấy in logo', unit: 'PCE', hs: '48211090', price: 450, quantity: 10_000, months: [2, 7], supplier: { code: 'NCC-VN03', name: 'Công ty Cổ phần In Sài Gòn' } },
];

/** Domestic sales of finished goods (change of purpose, Form 15a column 7). */
const domesticSales = [
  { month: 4, product: 'SP-SM02', quantity: 40, buyer: 'Công ty TNHH Thời trang Phương Nam' },
  { month: 7, product: 'SP-QA03', quantity: 30, buyer: 'Công ty TNHH Thời trang Phương Nam' },
  { month: 9, product: 'SP-AK01', quantity: 25, buyer: 'Cửa hàng thời trang An Khang' },
  { month: 10, product: 'SP-SM02', quantity: 35, buyer: 'Cửa hàng thời trang An Khang' },
];

/** Scrap from fabric cutting: the loss share of the norm, weighed. */
const scrapCodes = [
  { code: 'PL-VC01', name: 'Vải vụn cotton', material: 'NPL-VC01', gramsPerMetre: 140, opening: 3_550 },
  { code: 'PL-VP02', name: 'Vải vụn polyester', material: 'NPL-VP02', gramsPerMetre: 110, opening: 1_200 },
];
const scrapPriceVnd = 4_000;

/** Two small shortages found at the October count (ten-thousandths): 12.5 m of cotton and 150 buttons. */
const countShortages: Record<string, number> = { 'NPL-VC01': 125_000, 'NPL-CN03': 1_500_000 };

interface DeclarationLine {
  code: string;
  name: string;
  hs: string;
  unit: string;
  country: string;
  /** Whole units. */
  quantity: number;
  priceUsd: number;
}

interface Declaration {
  number: string;
  typeCode: 'E31' | 'E62';
  date: string;
  month: number;
  partner: Partner;
  invoiceNo: string;
  invoiceDate: string;
  contract: string;
  rate: number;
  lines: DeclarationLine[];
  /** Imports: the day the goods reach the warehouse. */
  receivedOn?: string;
}

const materialNamed = (code: string) => materials.find((material) => material.code === code)!;
const productNamed = (code: string) => products.find((product) => product.code === code)!;

/** Every business table of the demo company for the given year. */
export function demoTables(year: number): DemoTables {
  const random = seededRandom(year * 7_919 + 17);
  const yy = pad(year % 100);
  const firstDay = isoDay(year, 1, 1);
  const countDay = isoDay(year, countMonth, 31);

  // The customs exchange rate of each month, around 25,000 VND a dollar.
  const rates = Object.fromEntries(months.map((month) => [month, 25_150 + random(-120, 260)])) as Record<number, number>;

  // Production: pieces per product per month, and each material's use (ten-thousandths) = pieces × norm × 1.02.
  const made: Record<number, Record<string, number>> = {};
  const used: Record<number, Record<string, Record<string, number>>> = {};
  for (const month of months) {
    made[month] = {};
    used[month] = {};
    for (const product of products) {
      const pieces = floorTo(product.base * random(85, 115) / 100, 10);
      made[month]![product.code] = pieces;
      used[month]![product.code] = Object.fromEntries(Object.entries(product.norms).map(([code, norm]) => [code, pieces * norm * (100 + lossRatePercent)]));
    }
  }
  const needOf = (month: number, code: string) => sum(products.map((product) => used[month]?.[product.code]?.[code] ?? 0));

  // Imports: each supplier ships early in the month what the month needs plus a margin, rounded up to its pack size.
  let importSerial = 10_700_000_000 + random(0, 99_999) * 10;
  let exportSerial = 30_600_000_000 + random(0, 99_999) * 10;
  const declarations: Declaration[] = [];
  for (const month of months) {
    const shipments: Array<{ partner: Partner; day: number; items: Material[]; cover: number[] }> = [
      { partner: suppliers.cn, day: random(3, 8), items: materials.filter((m) => m.supplier === suppliers.cn), cover: [month] },
      { partner: suppliers.kr, day: random(9, 14), items: materials.filter((m) => m.supplier === suppliers.kr), cover: [month] },
    ];
    if (month % 2 === 1) shipments.push({ partner: suppliers.jp, day: random(5, 12), items: materials.filter((m) => m.bimonthly), cover: [month, month + 1] });
    shipments.sort((a, b) => a.day - b.day);
    for (const [index, shipment] of shipments.entries()) {
      importSerial += random(12_000, 60_000);
      const date = isoDay(year, month, shipment.day);
      const invoiceDate = addDays(date, -random(2, Math.min(10, shipment.day - 1)));
      declarations.push({
        number: `${importSerial}0`, typeCode: 'E31', date, month, partner: shipment.partner,
        invoiceNo: `${shipment.partner.invoicePrefix}${yy}${pad(month)}-${pad(index + 1)}`, invoiceDate,
        contract: `${shipment.partner.invoicePrefix}/DBM-${year}`, rate: rates[month]!, receivedOn: addDays(date, random(2, 5)),
        lines: shipment.items.map((material) => ({
          code: material.code, name: material.name, hs: material.hs, unit: material.unit, country: material.supplier.country, priceUsd: material.priceUsd,
          quantity: ceilTo(sum(shipment.cover.map((m) => needOf(m, material.code))) * random(102, 108) / 100 / Q, material.step),
        })),
      });
    }
  }

  // Exports: late in the month, most of the month's output; jackets and trousers to Europe or Japan, shirts to Korea.
  const exported: Record<number, Record<string, number>> = {};
  for (const month of months) {
    exported[month] = {};
    const groups = [
      { partner: month % 2 === 1 ? buyers.se : buyers.jp, codes: ['SP-AK01', 'SP-QA03'], day: random(25, 28) },
      { partner: buyers.kr, codes: ['SP-SM02'], day: random(25, 28) },
    ].sort((a, b) => a.day - b.day);
    for (const [index, group] of groups.entries()) {
      exportSerial += random(20_000, 90_000);
      const date = isoDay(year, month, group.day);
      declarations.push({
        number: `${exportSerial}0`, typeCode: 'E62', date, month, partner: group.partner,
        invoiceNo: `DBM-${yy}${pad(month)}-${pad(index + 1)}`, invoiceDate: date,
        contract: `DBM-${group.partner.code}/${year}`, rate: rates[month]!,
        lines: group.codes.map((code) => {
          const product = productNamed(code);
          const quantity = floorTo(made[month]![code]! * random(88, 97) / 100, 10);
          exported[month]![code] = quantity;
          return { code, name: product.name, hs: product.hs, unit: 'PCE', country: 'VN', quantity, priceUsd: product.priceUsd };
        }),
      });
    }
  }
  const imports = declarations.filter((declaration) => declaration.typeCode === 'E31');
  const exports = declarations.filter((declaration) => declaration.typeCode === 'E62');
  const lineValue = (declaration: Declaration, line: DeclarationLine) => Math.round(line.quantity * line.priceUsd * declaration.rate / Q);

  // Material flows (ten-thousandths) and their cost: a weighted average over the period, as the books use.
  const openingCost = (material: Material) => Math.round(material.priceUsd * 25_000 / Q);
  const materialFlows = Object.fromEntries(materials.map((material) => {
    const receipts = imports.flatMap((declaration) => declaration.lines.filter((line) => line.code === material.code).map((line) => ({ declaration, line })));
    const begin = material.opening * Q;
    const beginValue = material.opening * openingCost(material);
    const taken = sum(receipts.map(({ line }) => line.quantity * Q));
    const takenValue = sum(receipts.map(({ declaration, line }) => lineValue(declaration, line)));
    // Average cost in hundredths of a dong a unit.
    const cost = Math.round((beginValue + takenValue) * 100 * Q / (begin + taken));
    const valueOf = (scaled: number) => Math.round(scaled * cost / (100 * Q));
    const issues = months.map((month) => ({ month, quantity: needOf(month, material.code) }));
    const issued = sum(issues.map((issue) => issue.quantity));
    const issuedValue = sum(issues.map((issue) => valueOf(issue.quantity)));
    const end = begin + taken - issued;
    if (end < 0) throw new Error(`${material.code} would end below zero`);
    return [material.code, { material, receipts, begin, beginValue, taken, takenValue, cost, valueOf, issues, issued, issuedValue, end, endValue: beginValue + takenValue - issuedValue }];
  }));

  // Finished goods: made, exported and sold at home, valued at standard cost.
  const sold: Record<string, number> = {};
  const productFlows = Object.fromEntries(products.map((product) => {
    let stock = product.opening;
    let soldTotal = 0;
    for (const month of months) {
      stock += made[month]![product.code]! - (exported[month]![product.code] ?? 0);
      for (const sale of domesticSales.filter((s) => s.month === month && s.product === product.code)) {
        const quantity = Math.min(sale.quantity, stock);
        stock -= quantity;
        soldTotal += quantity;
        sold[`${sale.month}:${sale.product}`] = quantity;
      }
    }
    const taken = sum(months.map((month) => made[month]![product.code]!));
    const shipped = sum(months.map((month) => exported[month]![product.code] ?? 0));
    return [product.code, { product, begin: product.opening, taken, shipped, sold: soldTotal, end: stock }];
  }));

  const tables: DemoTables = {};
  const warehouseOf = (itemType: 'material' | 'product') => (itemType === 'material' ? 'Kho nguyên phụ liệu' : 'Kho thành phẩm');

  tables.ecus = declarations.flatMap((declaration) => declaration.lines.map((line, index) => {
    const importing = declaration.typeCode === 'E31';
    const shipped = importing ? declaration.invoiceDate : addDays(declaration.date, 2);
    return {
      account_number: declaration.number, row_number: index + 1, registered_date: declaration.date, type_code: declaration.typeCode,
      code: line.code, hs: line.hs, item_name: line.name, from_country: line.country,
      total: quantityText(line.quantity * Q), unit: line.unit, unit_price: decimalText(line.priceUsd, 4), currency: 'USD',
      exchange_rate: vnd(declaration.rate), nt_value: decimalText(line.quantity * line.priceUsd, 4), total_value: vnd(lineValue(declaration, line)),
      // SXXK materials are exempt from import duty; exports of garments carry none.
      tax_rate: '0', tax_cost: '0',
      partner: declaration.partner.name, invoice_no: declaration.invoiceNo, bill_date: declaration.invoiceDate,
      contract: declaration.contract, contract_date: isoDay(year - 1, 12, 15),
      unloading_location: declaration.partner.port, shipping_date: shipped,
    };
  }));

  // Each domestic sale changes the goods' purpose and is declared on an A42 declaration (Form 15a column 7).
  tables.ecus.push(...domesticSales.map((sale, index) => {
    const product = productNamed(sale.product);
    const quantity = sold[`${sale.month}:${sale.product}`]!;
    const date = isoDay(year, sale.month, 18);
    return {
      account_number: `${10_800_000_000 + (index + 1) * 37_000}0`, row_number: 1, registered_date: date, type_code: 'A42',
      code: product.code, hs: product.hs, item_name: product.name, from_country: 'VN',
      total: quantityText(quantity * Q), unit: 'PCE', unit_price: vnd(product.standardCost), currency: 'VND',
      exchange_rate: '1', nt_value: vnd(quantity * product.standardCost), total_value: vnd(quantity * product.standardCost),
      tax_rate: '0', tax_cost: '0', partner: sale.buyer, invoice_no: `DBM-ND-${yy}${pad(sale.month)}`, bill_date: date,
    };
  }));

  tables.begin = [
    ...materials.map((material) => ({ item_type: 'material', code: material.code, name: material.name, unit: material.unit, begin_value: quantityText(material.opening * Q), from_date: firstDay })),
    ...products.map((product) => ({ item_type: 'product', code: product.code, name: product.name, unit: 'PCE', begin_value: quantityText(product.opening * Q), from_date: firstDay })),
  ];

  tables.bom = products.flatMap((product) => Object.entries(product.norms).map(([code, norm]) => {
    const material = materialNamed(code);
    return {
      code: product.code, name: product.name, unit: 'PCE', material_code: code, material_name: material.name, material_unit: material.unit,
      bom_value: decimalText(norm, 2), loss_rate: String(lossRatePercent), product_type: 'Thành phẩm', year,
    };
  }));

  tables.production = months.flatMap((month) => products.flatMap((product, index) => Object.keys(product.norms).map((code) => {
    const material = materialNamed(code);
    const quantity = used[month]![product.code]![code]!;
    const amount = vnd(materialFlows[code]!.valueOf(quantity));
    return {
      code: product.code, manufacturing_order_no: `LSX-${yy}${pad(month)}-${pad(index + 1)}`, product_quantity: String(made[month]![product.code]),
      child_item: code, use_quantity: quantityText(quantity), plant: 'BD01',
      parent_item_acct: '155', parent_item_acct_desc: 'Thành phẩm', parent_item_desc: product.name, order_sequence: '1', operation_no: '0010',
      cost_center: 'CC-SX01', cost_center_description: 'Xưởng may số 1', work_center: `CHUYEN-${pad(index + 1)}`, work_center_description: `Chuyền may số ${index + 1}`,
      child_item_account: '152', child_item_account_desc: 'Nguyên liệu, vật liệu', child_item_desc: material.name,
      movement_type: '261', movement_type_desc: 'Xuất nguyên liệu cho lệnh sản xuất',
      issue_quantity: quantityText(quantity), issue_amount: amount, use_amount: amount,
    };
  })));

  // Receipts: one warehouse and one accounting line per declared import line.
  const receipts = imports.flatMap((declaration) => declaration.lines.map((line) => ({ declaration, line })));
  tables['wh-take-in'] = receipts.map(({ declaration, line }, index) => {
    const value = lineValue(declaration, line);
    return {
      stt: index + 1, bill_date: declaration.receivedOn!, bill_no: `PNK-${yy}${pad(declaration.month)}-${pad(index + 1, 3)}`,
      code: line.code, name: line.name, unit: line.unit, quantity: quantityText(line.quantity * Q),
      don_gia_mua: decimalText(Math.round(value * 100 / line.quantity), 2), tien_hang: vnd(value), tien_cp: '0', gia_von: vnd(value),
      total_quantity: quantityText(line.quantity * Q), ma_ncc: declaration.partner.code, ten_ncc: declaration.partner.name, ma_nx: 'NK', ma_kho: 'KHO-NPL',
      item_type: 'material', purpose: 'purchase_import',
    };
  });
  // Finished goods enter their warehouse from production at the end of each month (Form 15a column 6).
  tables['wh-take-in'].push(...months.flatMap((month) => products.map((product, index) => ({
    bill_date: isoDay(year, month, 24), bill_no: `PNTP-${yy}${pad(month)}-${pad(index + 1, 3)}`, code: product.code, name: product.name, unit: 'PCE',
    quantity: quantityText(made[month]![product.code]! * Q), ma_nx: 'SX', ma_kho: 'KHO-TP', item_type: 'product', purpose: 'production',
  }))));
  tables['acc-take-in'] = receipts.map(({ declaration, line }, index) => {
    const value = lineValue(declaration, line);
    return {
      code: line.code, name: line.name, unit: line.unit, warehouse_name: warehouseOf('material'), output_date: declaration.receivedOn!,
      doc_number: `PN-${yy}${pad(declaration.month)}-${pad(index + 1, 3)}`, bill_no: declaration.invoiceNo, bill_date: declaration.invoiceDate,
      explain: `Nhập khẩu theo tờ khai ${declaration.number}`, unit_price: decimalText(Math.round(value * 100 / line.quantity), 2),
      import_quantity: quantityText(line.quantity * Q), import_value: vnd(value),
    };
  });

  // Issues: one line per material and month, late in the month after the receipts, for that month's orders.
  const issues = months.flatMap((month) => {
    const day = random(20, 24);
    return materials.map((material) => ({ month, material, date: isoDay(year, month, day), quantity: needOf(month, material.code) }));
  });
  tables['wh-take-out'] = issues.map((issue, index) => ({
    item_type: 'material', code: issue.material.code, name: issue.material.name, unit: issue.material.unit,
    bill_no: `PXK-${yy}${pad(issue.month)}-${pad(index + 1, 3)}`, takeout_date: issue.date, quantity: quantityText(issue.quantity), purpose: 'production',
  }));
  tables['acc-take-out'] = issues.map((issue, index) => {
    const flow = materialFlows[issue.material.code]!;
    return {
      code: issue.material.code, name: issue.material.name, unit: issue.material.unit, warehouse_name: warehouseOf('material'), output_date: issue.date,
      doc_number: `PX-${yy}${pad(issue.month)}-${pad(index + 1, 3)}`, explain: `Xuất cho sản xuất tháng ${issue.month}/${year}`,
      unit_price: decimalText(flow.cost, 2), export_quantity: quantityText(issue.quantity), export_value: vnd(flow.valueOf(issue.quantity)),
    };
  });

  // In-out balances: the same figures in the warehouse and in the books.
  const balances = [
    ...materials.map((material) => {
      const flow = materialFlows[material.code]!;
      return {
        item_type: 'material', code: material.code, name: material.name, unit: material.unit,
        begin: flow.begin, beginValue: flow.beginValue, in: flow.taken, inValue: flow.takenValue, out: flow.issued, outValue: flow.issuedValue, end: flow.end, endValue: flow.endValue,
      };
    }),
    ...products.map((product) => {
      const flow = productFlows[product.code]!;
      const cost = product.standardCost;
      return {
        item_type: 'product', code: product.code, name: product.name, unit: 'PCE',
        begin: flow.begin * Q, beginValue: flow.begin * cost, in: flow.taken * Q, inValue: flow.taken * cost,
        out: (flow.shipped + flow.sold) * Q, outValue: (flow.shipped + flow.sold) * cost, end: flow.end * Q, endValue: flow.end * cost,
      };
    }),
  ];
  const balanceHead = (balance: (typeof balances)[number]) => ({
    item_type: balance.item_type, code: balance.code, name: balance.name, unit: balance.unit, warehouse_name: warehouseOf(balance.item_type as 'material' | 'product'),
    begin_quantity: quantityText(balance.begin), begin_value: vnd(balance.beginValue),
  });
  tables['wh-iob'] = balances.map((balance) => ({
    ...balanceHead(balance),
    take_in_quantity: quantityText(balance.in), take_in_value: vnd(balance.inValue), take_out_quantity: quantityText(balance.out), take_out_value: vnd(balance.outValue),
    end_quantity: quantityText(balance.end), end_value: vnd(balance.endValue),
  }));
  tables['acc-iob'] = balances.map((balance) => ({
    ...balanceHead(balance),
    import_quantity: quantityText(balance.in), import_value: vnd(balance.inValue), export_quantity: quantityText(balance.out), export_value: vnd(balance.outValue),
    end_quantity: quantityText(balance.end), end_value: vnd(balance.endValue),
  }));

  // The count at the end of October: the book closing, except two small shortages.
  const counted = balances.map((balance) => ({ ...balance, counted: balance.end - (countShortages[balance.code] ?? 0) }));
  const countRows = counted.map((balance) => ({
    code: balance.code, name: balance.name, unit: balance.unit, warehouse_name: warehouseOf(balance.item_type as 'material' | 'product'),
    inventory_date: countDay, inventory_quantity: quantityText(balance.counted),
  }));
  tables['wh-counting'] = countRows;
  tables['acc-counting'] = countRows.map((row) => ({ ...row }));

  const closing = (quantity: 'end' | 'counted', note: string) => counted.map((balance) => ({
    code: balance.code, material_type: balance.item_type, name: balance.name, unit: balance.unit, quantity: quantityText(balance[quantity]), note,
  }));
  const cutOff = `31/${pad(countMonth)}/${year}`;
  tables['wh-ending-inventory'] = closing('end', `Tồn theo thẻ kho ngày ${cutOff}`);
  tables['acc-ending-inventory'] = closing('end', `Tồn theo sổ kế toán ngày ${cutOff}`);
  tables['ending-inventory'] = closing('counted', `Theo biên bản kiểm kê ngày ${cutOff}`);

  tables['map-code'] = [
    ...materials.map((material) => ({
      code: material.code, name: material.name, unit: material.unit, internal_code: material.erp.code, internal_name: material.erp.name, internal_unit: material.erp.unit,
      factor: material.erp.factor, valid_from: firstDay,
    })),
    ...products.map((product) => ({
      code: product.code, name: product.name, unit: 'PCE', internal_code: product.erpCode, internal_name: product.name, internal_unit: 'PCE', factor: '1', valid_from: firstDay,
    })),
  ];

  tables.sell = domesticSales.map((sale, index) => ({
    code: sale.product, bill_no: pad(412 + index * 37, 7), name: productNamed(sale.product).name, quantity: quantityText(sold[`${sale.month}:${sale.product}`]! * Q),
  }));

  // Cutting scrap: the 2% loss of each fabric, weighed (hundredths of a kilogram); most of it sold to a recycler.
  tables.scrap = scrapCodes.map((scrap) => {
    const lossMetres = sum(months.map((month) => sum(products.map((product) => made[month]![product.code]! * (product.norms[scrap.material] ?? 0) * lossRatePercent))));
    const taken = Math.round(lossMetres * scrap.gramsPerMetre / 100_000);
    const out = floorTo(taken * 9 / 10, 100);
    const end = scrap.opening + taken - out;
    const value = (kg100: number) => Math.round(kg100 * scrapPriceVnd / 100);
    return {
      code: scrap.code, name: scrap.name, unit: 'KGM',
      begin_value: vnd(value(scrap.opening)), begin_value_num: decimalText(scrap.opening, 2),
      take_in: vnd(value(taken)), take_in_num: decimalText(taken, 2),
      take_out: vnd(value(out)), take_out_num: decimalText(out, 2),
      end_value: vnd(value(scrap.opening) + value(taken) - value(out)), end_value_num: decimalText(end, 2),
    };
  });

  const purchases = packing.flatMap((item) => item.months.map((month) => ({ item, month, day: random(5, 20) })))
    .sort((a, b) => a.month - b.month || a.day - b.day);
  tables.purchase = purchases.map(({ item, month, day }, index) => {
    const amount = item.quantity * item.price;
    const vat = amount / 10;
    return {
      stt: index + 1, bill_date: isoDay(year, month, day), bill_no: pad(1_021 + index * 53, 7), code: item.code, name: item.name, unit: item.unit,
      quantity: quantityText(item.quantity * Q), don_gia_mua: vnd(item.price), tien_hang: vnd(amount), tien_cp: '0', gia_von: vnd(amount), sub_total: vnd(amount),
      vat_num: '10', vat: vnd(vat), total: vnd(amount + vat), total_quantity: quantityText(item.quantity * Q),
      ma_ncc: item.supplier.code, ten_ncc: item.supplier.name, ma_nx: 'MH', ma_kho: 'KHO-VT', hs: item.hs,
    };
  });
  // Origin evidence for the packing: the supplier's declaration of Vietnamese origin with the first delivery.
  tables['purchase-stock'] = packing.map((item, index) => {
    const first = tables.purchase!.find((row) => row.code === item.code)!;
    return {
      code: item.code, name: item.name, unit: item.unit, hs: item.hs, bill_no: first.bill_no!, bill_date: first.bill_date!,
      quantity: first.quantity!, unit_price: vnd(item.price), total: first.tien_hang!, from_country: 'VN',
      reference_no: `BKNCC-${pad(index + 1, 3)}/${year}`, issued_date: first.bill_date!, ten_ncc: item.supplier.name,
    };
  });

  // Certificates of origin for the first two months' exports, and the annex of the imports behind the first ones.
  const certified = exports.filter((declaration) => declaration.month <= 2);
  let coSerial = random(100, 900);
  tables.co = certified.flatMap((declaration) => declaration.lines.map((line) => {
    coSerial += random(3, 40);
    return {
      export_declaration_number: declaration.number, reference_no: `VN-${declaration.partner.country} ${yy}/02/${pad(coSerial, 5)}`,
      issued_date: addDays(declaration.date, 1), part_number: line.code, form_type: declaration.partner.coForm ?? null, importing_country: declaration.partner.country,
    };
  }));
  tables.annex = exports.filter((declaration) => declaration.month === 1).flatMap((declaration) => declaration.lines.flatMap((line) => {
    const product = productNamed(line.code);
    return Object.entries(product.norms).map(([code, norm]) => {
      const source = imports.filter((i) => i.date <= declaration.date && i.lines.some((l) => l.code === code)).at(-1)!;
      const material = materialNamed(code);
      return {
        exporter: source.partner.name, import_declaration_number: source.number, part_number: code, name: material.name, hs: material.hs,
        quantity: quantityText(line.quantity * norm * (100 + lossRatePercent)), unit: material.unit, invoice_no: source.invoiceNo, bill_date: source.invoiceDate,
      };
    });
  }));

  return tables;
}

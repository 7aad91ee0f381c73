import { coFormKey } from '../../common/agreement-partners.js';
import { agreements, type AgreementCode } from '../../common/agreements.js';
import { changeLevels, type Criterion, criterionLabel, parseRule, valueKinds } from '../../common/origin/psr.js';
import type { CriterionResult, ManualRow, ScheduleAnswer, ScheduleRequest, ScheduleRow } from '../../common/origin/schemas.js';
import type { Run } from '../db/run.js';
import { formatCode } from '../../common/hs/code.js';
import type { Locale } from '../../common/i18n/locales.js';
import { AppError } from '../http/errors.js';
import { catalogTexts, formatMessage, localeOf } from '../i18n.js';
import { exportLineQuery, productRuleQuery, scheduleMaterialsQuery } from './schedule-sql.js';

interface ExportLine {
  id: number; account_number: string; code: string; item_name: string | null; hs: string | null; unit: string | null; total: string; day: string;
  unit_price: number | null; nt_value: number | null; exchange_rate: number | null; price_condition: string; currency: string | null; tax_code: string | null;
}

interface MaterialRow {
  material_code: string; material_name: string | null; material_unit: string | null; bom_value: string; hs: string | null; from_country: string | null;
  reference_no: string | null; co_form: string | null; account_number: string | null; registered_date: string | null;
  source: 'ecus' | 'purchase' | null; source_id: number | null; proves_origin: boolean; unit_value: number | null; norm: number; claim_quantity: string;
}

const digits = (hs: string | null) => (hs ? hs.replace(/\D/g, '') : '');
const round = (value: number, places = 4) => Math.round(value * 10 ** places) / 10 ** places;

/** The rule of a product: the most specific product-specific rule of the agreement, else its general rule. */
export async function productRule(run: Run, agreement: AgreementCode, hs: string, year: number): Promise<{ text: string; hs: string | null; general: boolean }> {
  const code = digits(hs);
  const prefixes = [2, 4, 6, 8, 10].filter((length) => length <= code.length).map((length) => code.slice(0, length));
  const [row] = prefixes.length === 0 ? [] : await run<{ hs: string; rule: string }>(productRuleQuery, [agreement, prefixes, year]);
  if (row && row.rule.trim() !== '') return { text: row.rule, hs: row.hs, general: false };
  return { text: agreements[agreement].origin.generalRule, hs: null, general: true };
}

/**
 * FOB per unit from the invoice's price condition (domain §7.3): an EXW price gains the domestic expenses, a
 * CFR/CPT price loses the freight, CIF/CIP also the insurance, DAP/DPU also the overseas expenses, DDP also the
 * import expenses in the buyer's country. `price_input` above 0 replaces the invoice price.
 */
export function fobPerUnit(invoicePrice: number, condition: string, costs: ScheduleRequest): number {
  const less = {
    EXW: -costs.domestic_expenses, FCA: 0, FOB: 0, FAS: 0, CFR: costs.freight, CPT: costs.freight, CIF: costs.freight + costs.insurance,
    CIP: costs.freight + costs.insurance, DAP: costs.freight + costs.insurance + costs.oversea_expenses, DPU: costs.freight + costs.insurance + costs.oversea_expenses,
    DAT: costs.freight + costs.insurance + costs.oversea_expenses, DDP: costs.freight + costs.insurance + costs.oversea_expenses + costs.imported_expenses,
  }[condition] ?? 0;
  return (costs.price_input > 0 ? costs.price_input : invoicePrice) - (costs.price_input > 0 ? 0 : less);
}

/** Judges one criterion on the schedule's figures. */
function judge(criterion: Criterion, figures: {
  fob: number; exw: number; nonOriginating: number; originating: number; userInput: number; productHs: string; base: 'FOB' | 'EXW';
  deMinimisPercent: number | null; rows: Array<{ code: string; hs: string; value: number; originating: boolean }>;
}): Omit<CriterionResult, 'alternative'> {
  const label = criterionLabel(criterion);
  if (valueKinds.includes(criterion.kind)) {
    const threshold = criterion.threshold ?? 0;
    if (criterion.kind === 'MaxNOM') {
      const base = criterion.base === 'FOB' ? figures.fob : figures.exw;
      const value = base > 0 ? round((figures.nonOriginating / base) * 100, 2) : null;
      const pass = value !== null && value <= threshold;
      return { criterion: label, kind: criterion.kind, value, threshold, pass, reason: pass ? 'met' : 'not_met' };
    }
    const value = figures.fob > 0 ? round(((figures.fob - figures.nonOriginating) / figures.fob) * 100, 2) : null;
    const pass = value !== null && value >= threshold;
    return { criterion: label, kind: criterion.kind, value, threshold, pass, reason: pass ? 'met' : 'not_met' };
  }
  const level = changeLevels[criterion.kind];
  if (level) {
    const product = figures.productHs.slice(0, level);
    const excepted = criterion.exceptFrom ?? [];
    // A non-originating material fails when it keeps the product's classification at the level (an unknown HS
    // cannot show the change), or comes from an excepted heading.
    const failing = figures.rows.filter((row) => !row.originating
      && (row.hs.length < level || row.hs.slice(0, level) === product || excepted.some((code) => row.hs.startsWith(code))));
    if (failing.length === 0) return { criterion: label, kind: criterion.kind, value: 0, threshold: null, pass: true, reason: 'met' };
    const base = figures.base === 'EXW' ? figures.exw : figures.fob;
    const share = base > 0 ? round((failing.reduce((sum, row) => sum + row.value, 0) / base) * 100, 2) : null;
    const tolerated = figures.deMinimisPercent !== null && share !== null && share <= figures.deMinimisPercent;
    return {
      criterion: label, kind: criterion.kind, value: share, threshold: figures.deMinimisPercent, pass: tolerated,
      reason: tolerated ? 'de_minimis' : 'not_met', failing_materials: failing.map((row) => row.code),
    };
  }
  if (criterion.kind === 'PE') {
    const failing = figures.rows.filter((row) => !row.originating).map((row) => row.code);
    return { criterion: label, kind: 'PE', value: null, threshold: null, pass: failing.length === 0, reason: failing.length === 0 ? 'met' : 'not_met', failing_materials: failing };
  }
  // Wholly obtained goods and specific processes are facts of production no table holds: a person decides.
  return { criterion: label, kind: criterion.kind, value: null, threshold: null, pass: false, reason: 'manual' };
}

/**
 * The user's rows must name materials of the schedule, and the evidence they pick must be able to back the material:
 * an import line or purchase of that material, on or before the export day, not cancelled, with enough quantity left
 * unclaimed. Anything else is refused rather than silently replaced by another line.
 */
function checkManualRows(manual: Map<string, ManualRow>, pins: Array<{ code: string; source: string; id: number }>, materials: MaterialRow[]): void {
  const byCode = new Map(materials.map((material) => [material.material_code, material]));
  const unknown = [...manual.keys()].filter((code) => !byCode.has(code));
  if (unknown.length > 0) {
    throw new AppError('validation_error', `Not a material of this product: ${unknown.join(', ')}.`, { fields: { rows: [`Not a material of this product: ${unknown.join(', ')}.`] } });
  }
  const refused = pins.filter((pin) => {
    const material = byCode.get(pin.code)!;
    return material.source !== pin.source || material.source_id !== pin.id;
  });
  if (refused.length > 0) {
    const detail = refused.map((pin) => `${pin.source === 'ecus' ? 'import line' : 'purchase'} ${pin.id} cannot back ${pin.code}`).join('; ');
    throw new AppError('validation_error', `${detail}: it must be of that material, dated on or before the export, not cancelled, with enough quantity left unclaimed.`, { fields: { rows: [detail] } });
  }
}

/**
 * The origin schedule (bảng kê) of one export line under one agreement (domain §7): each BOM material per unit of
 * product with its evidence, price and origin, the sums, and the verdict of every criterion of the rule.
 */
export async function computeSchedule(run: Run, scope: { companyId: string; folderSetId: string }, request: ScheduleRequest): Promise<ScheduleAnswer> {
  const [line] = await run<ExportLine>(exportLineQuery, [scope.companyId, scope.folderSetId, request.id]);
  if (!line) throw new AppError('not_found', 'No export declaration line with this id in the folder set.');
  const agreement = agreements[request.option];
  const manual = new Map((request.rows ?? []).map((row) => [row.material_code, row]));
  const pins = [...manual.values()].flatMap((row) => row.ecus_stock_id !== undefined ? [{ code: row.material_code, source: 'ecus', id: row.ecus_stock_id }]
    : row.purchase_stock_id !== undefined ? [{ code: row.material_code, source: 'purchase', id: row.purchase_stock_id }] : []);
  const materials = await run<MaterialRow>(scheduleMaterialsQuery, [scope.companyId, scope.folderSetId, request.id, request.price_option, agreement.coForms.map(coFormKey),
    pins.map((pin) => pin.code), pins.map((pin) => pin.source), pins.map((pin) => pin.id)]);
  if (materials.length === 0) throw new AppError('validation_error', `Product ${line.code} has no BOM valid on ${line.day}.`, { fields: { id: ['The exported product has no bill of materials valid on the export date.'] } });
  checkManualRows(manual, pins, materials);

  const overrides = new Map((request.overrides ?? []).map((entry) => [entry.material_code, entry.origin_option]));
  const rows: ScheduleRow[] = materials.map((material) => {
    const set = manual.get(material.material_code);
    const decided = set?.origin_option ?? overrides.get(material.material_code);
    const originating = decided === undefined ? material.proves_origin : decided === 'originated';
    const unitValue = set?.unit_price ?? material.unit_value;
    const norm = set?.bom_value ?? material.norm;
    const value = unitValue === null ? 0 : round(norm * unitValue, 6);
    return {
      material_code: material.material_code, material_name: material.material_name, material_unit: material.material_unit,
      bom_value: set?.bom_value === undefined ? material.bom_value : String(set.bom_value),
      hs: material.hs === null ? null : digits(material.hs), from_country: material.from_country, reference_no: material.reference_no, co_form: material.co_form,
      unit_price: unitValue === null ? null : String(round(unitValue, 6)), account_number: material.account_number, registered_date: material.registered_date,
      source: material.source, ecus_id: material.source === 'ecus' ? material.source_id : null, purchase_id: material.source === 'purchase' ? material.source_id : null,
      has_fta_origin_cost: originating ? String(value) : '0', no_fta_origin_cost: originating ? '0' : String(value),
      origin_option: originating ? 'originated' : 'non_originated', price_option: request.price_option,
      note_price: unitValue === null ? 'No import or purchase of this material before the export date with enough quantity left unclaimed.' : null,
      // A quantity per unit the user set changes what the shipment uses, and so what saving it claims.
      claim_quantity: set?.bom_value === undefined ? material.claim_quantity : String(round(set.bom_value * Number(line.total), 6)),
      ...(set ? { manual: true } : {}),
    };
  });

  const invoicePrice = line.unit_price ?? (line.nt_value !== null && Number(line.total) > 0 ? line.nt_value / Number(line.total) : 0);
  const fob = round(fobPerUnit(invoicePrice, line.price_condition, request), 6);
  const exw = round(fob - request.domestic_expenses, 6);
  const nonOriginating = round(rows.reduce((sum, row) => sum + Number(row.no_fta_origin_cost), 0), 6);
  const originating = round(rows.reduce((sum, row) => sum + Number(row.has_fta_origin_cost), 0), 6);

  const rule = await productRule(run, request.option, line.hs ?? '', Number(line.day.slice(0, 4)));
  const parsed = parseRule(request.criteria ?? rule.text);
  const figures = {
    fob, exw, nonOriginating, originating, userInput: request.user_input, productHs: digits(line.hs), base: agreement.origin.base,
    deMinimisPercent: agreement.origin.deMinimisPercent,
    rows: rows.map((row) => ({ code: row.material_code, hs: digits(row.hs), value: Number(row.no_fta_origin_cost), originating: row.origin_option === 'originated' })),
  };
  const criteriaResults = parsed.alternatives.flatMap((alternative, index) => alternative.map((criterion) => ({
    ...judge(criterion, figures), alternative: index,
    // What a reader needs to word the criterion in its own language.
    ...(criterion.base ? { base: criterion.base } : {}), ...(criterion.exceptFrom ? { except_from: criterion.exceptFrom } : {}),
  })));
  // No rule to judge by (EVFTA, UKVFTA and CPTPP have no general rule) is no verdict, not a failure of the goods.
  const ruleMissing = parsed.text.trim() === '';
  const fulfilled = ruleMissing ? null : parsed.alternatives.some((_alternative, index) => criteriaResults.filter((result) => result.alternative === index).every((result) => result.pass));
  const rvc = fob > 0 ? round(((fob - nonOriginating) / fob) * 100, 2) : null;

  return {
    fulfill_criteria: fulfilled, rule_missing: ruleMissing, tax_code: line.tax_code, account_number: line.account_number,
    product: { code: line.code, name: line.item_name, hs: line.hs === null ? null : digits(line.hs), quantity: line.total, unit: line.unit },
    agreement: request.option,
    rule: { text: request.criteria ?? rule.text, hs: rule.hs, manual: parsed.manual, general: rule.general },
    price: { type: request.price_option, value: fob, percent: rvc },
    sum_of_no_fta_origin_cost: nonOriginating, sum_of_has_fta_origin_cost: originating, total: fob, exw,
    criteria_results: criteriaResults,
    currency: line.currency,
    results: rows,
  };
}

/**
 * A schedule as answered to a reader: without a rule to judge by, it says so and how to load one, in the reader's
 * language (`message`); with one, no message.
 */
export function toldTo<T extends ScheduleAnswer>(answer: T, locale: string): T {
  if (!answer.rule_missing) return { ...answer, message: null };
  const language: Locale = localeOf(locale);
  const hs = answer.product.hs ? formatCode(answer.product.hs) : '—';
  return { ...answer, message: formatMessage(catalogTexts[language]['origin.ruleMissing']!, language, { hs, agreement: agreements[answer.agreement].name }) };
}

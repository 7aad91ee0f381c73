import { type AgreementCode, agreements } from '../agreements.js';
import { formatCode } from '../hs/code.js';
import { changeLevels, type Criterion, type CriterionKind, parseRule, valueKinds } from './psr.js';

/**
 * Rules of origin and their formulas in a reader's language, from the catalogs' `ruleWords.*` (a section of its own,
 * in the part of the catalog visitors load: the public code pages show rules too) and `origin.formulas.*` (schedules
 * only): the screen passes react-intl's formatter, the dossier documents the server's.
 */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The figures a criterion's formula names: the agreement's value base and de minimis share. */
export interface FormulaBase { base: 'FOB' | 'EXW'; deMinimisPercent: number | null }

const exceptCode = (digits: string) => (digits.length >= 4 ? formatCode(digits) : digits);

/** `RVC 40%` → "Regional value content (RVC) ≥ 40%"; `CTH except 1511` → "Change of heading (CTH), except from 15.11". */
export function describeCriterion(criterion: Pick<Criterion, 'kind' | 'threshold' | 'base' | 'exceptFrom'>, t: Translate): string {
  const text = t(`ruleWords.${criterion.kind}`, { threshold: criterion.threshold ?? '', base: criterion.base ?? 'EXW' });
  return criterion.exceptFrom?.length ? t('ruleWords.except', { criterion: text, codes: criterion.exceptFrom.map(exceptCode).join(', ') }) : text;
}

/** A rule text in words: its alternatives joined by "or", criteria by "and"; a rule the reader could not read whole stays as published. */
export function describeRule(text: string, t: Translate): string {
  const parsed = parseRule(text);
  if (parsed.manual || parsed.alternatives.length === 0) return text;
  return parsed.alternatives.map((alternative) => alternative.map((criterion) => describeCriterion(criterion, t)).join(` ${t('ruleWords.and')} `))
    .join(`; ${t('ruleWords.or')} `);
}

/** How a criterion of this kind is computed, as the schedule of that criterion prints it under the criterion. */
export function criterionFormula(kind: CriterionKind, agreement: FormulaBase, t: Translate): string {
  if (kind === 'MaxNOM') return t('origin.formulas.MaxNOM');
  if (valueKinds.includes(kind)) return t('origin.formulas.value', { kind });
  const level = changeLevels[kind];
  if (level) {
    return agreement.deMinimisPercent === null
      ? t('origin.formulas.changeStrict', { level: String(level) })
      : t('origin.formulas.change', { level: String(level), deMinimis: agreement.deMinimisPercent, base: agreement.base });
  }
  return t(kind === 'PE' ? 'origin.formulas.PE' : 'origin.formulas.manual');
}

/** What a schedule's verdict rests on, as far as the rule goes: its agreement, the product's code and the rule it was judged by. */
export interface JudgedRule {
  agreement: AgreementCode;
  product: { hs: string | null };
  rule: { text: string; general: boolean };
  rule_missing?: boolean;
}

/**
 * A verdict reached without the product-specific rule (none is loaded for the code) must say so wherever it is
 * shown: the agreement's general rule, or the criterion the user entered, may be laxer or stricter than the rule
 * for the product. Null when the product's own rule was applied, or when there was no rule and so no verdict.
 */
export function unloadedRuleNote(answer: JudgedRule, t: Translate): string | null {
  if (!answer.rule.general || answer.rule_missing === true) return null;
  const agreement = agreements[answer.agreement];
  const values = { agreement: agreement.name, hs: answer.product.hs ? formatCode(answer.product.hs) : '—' };
  return answer.rule.text === agreement.origin.generalRule
    ? t('origin.generalRuleNote', { ...values, rule: describeRule(answer.rule.text, t) })
    : t('origin.criterionRuleNote', values);
}

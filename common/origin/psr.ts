/**
 * Product-specific rules of origin (domain §7.1, §7.5) read from their published text into alternatives of
 * criteria: `RVC40 or CTH` is two alternatives of one criterion each, `RVC35 and CTSH` one alternative of two.
 * Text the reader does not understand is kept and the rule marked for a person to decide.
 */

export const criterionKinds = ['WO', 'PE', 'CC', 'CTH', 'CTSH', 'RVC', 'LVC', 'QVC', 'VAC', 'MaxNOM', 'SP'] as const;
export type CriterionKind = (typeof criterionKinds)[number];

/** Value tests compare a share with a threshold; change tests compare HS codes at a level. */
export const valueKinds: readonly CriterionKind[] = ['RVC', 'LVC', 'QVC', 'VAC', 'MaxNOM'];
export const changeLevels: Partial<Record<CriterionKind, 2 | 4 | 6>> = { CC: 2, CTH: 4, CTSH: 6 };

export interface Criterion {
  kind: CriterionKind;
  /** Percent, for value tests. */
  threshold?: number;
  /** MaxNOM's base (EXW in the EU and UK agreements). */
  base?: 'EXW' | 'FOB';
  /** HS codes (digits) whose materials may not be used for a change test: `CTH except from 15.11`. */
  exceptFrom?: string[];
}

export interface ParsedRule {
  text: string;
  /** Any one alternative qualifies the product; within one, every criterion must hold. */
  alternatives: Criterion[][];
  /** Part of the text could not be read: a person decides. */
  manual: boolean;
}

/** A criterion's short name as schedules print it: `RVC 40%`, `MaxNOM 50% (EXW)`, `CTH except 1511`. */
export function criterionLabel(criterion: Criterion): string {
  const value = criterion.threshold === undefined ? '' : ` ${criterion.threshold}%`;
  const base = criterion.base ? ` (${criterion.base})` : '';
  const except = criterion.exceptFrom?.length ? ` except ${criterion.exceptFrom.join(', ')}` : '';
  return `${criterion.kind}${value}${base}${except}`;
}

const kindPattern = /^(WO|PE|CC|CTH|CTSH|RVC|LVC|QVC|VAC|MAXNOM|SP)(?![A-Za-z])/i;

const startsCriterion = (text: string) => kindPattern.test(text.trim()) || /^(wholly|change|specific|manufacture)/i.test(text.trim());

/** One criterion from text such as `RVC(40)`, `RVC 40%`, `MaxNOM 50% (EXW)`, `CTH except from 15.11`. */
function readCriterion(text: string): Criterion | null {
  const trimmed = text.trim().replace(/[.;]+$/, '').trim();
  const words: Record<string, CriterionKind> = {
    'wholly obtained': 'WO', 'change of chapter': 'CC', 'change in chapter': 'CC', 'change of heading': 'CTH', 'change in tariff heading': 'CTH',
    'change of subheading': 'CTSH', 'change in tariff subheading': 'CTSH', 'specific process': 'SP',
  };
  const spelled = Object.entries(words).find(([phrase]) => trimmed.toLowerCase() === phrase);
  if (spelled) return { kind: spelled[1] };
  const match = kindPattern.exec(trimmed);
  if (!match) return null;
  const kind = criterionKinds.find((known) => known.toUpperCase() === match[1]!.toUpperCase())!;
  const rest = trimmed.slice(match[0].length).trim();
  const criterion: Criterion = { kind };
  if (valueKinds.includes(kind)) {
    const number = /^\(?\s*(\d+(?:[.,]\d+)?)\s*%?\s*\)?/.exec(rest);
    if (!number) return null;
    criterion.threshold = Number(number[1]!.replace(',', '.'));
    const after = rest.slice(number[0].length).trim();
    const base = /^\(?\s*(EXW|FOB)\s*\)?$/i.exec(after);
    if (base) criterion.base = base[1]!.toUpperCase() as 'EXW' | 'FOB';
    else if (after !== '') return null;
    if (kind === 'MaxNOM') criterion.base ??= 'EXW';
    return criterion;
  }
  if (rest === '') return criterion;
  const except = /^,?\s*except\s+(?:from\s+)?(?:(?:heading|headings|subheading|subheadings|chapter|chapters)\s+)?(.+)$/i.exec(rest);
  if (!except || !changeLevels[kind]) return null;
  const codes = except[1]!.split(/\s*(?:,|and|or)\s*/i).map((code) => code.replace(/\D/g, '')).filter(Boolean);
  if (codes.length === 0) return null;
  criterion.exceptFrom = codes;
  return criterion;
}

/**
 * Splits at a connective word outside parentheses, where a criterion follows it (`… 1701.13 and 1701.14` is
 * one exception list, not two criteria).
 */
function splitAt(text: string, word: 'or' | 'and'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  const lower = text.toLowerCase();
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (i === 0 || /[\s;,]/.test(text[i - 1]!)) && lower.startsWith(word, i) && /[\s(]/.test(text[i + word.length] ?? '')
      && startsCriterion(text.slice(i + word.length))) {
      parts.push(text.slice(start, i));
      start = i + word.length;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim().replace(/^[;,]\s*|[;,]\s*$/g, '').trim()).filter(Boolean);
}

/**
 * Reads a rule text. `or` (and `;` between criteria) separates alternatives, `and` joins criteria of one
 * alternative; parentheses around a threshold are allowed. Empty text is no rule.
 */
export function parseRule(text: string): ParsedRule {
  const normalised = text.replace(/\s+/g, ' ').trim();
  if (normalised === '') return { text, alternatives: [], manual: false };
  const alternatives: Criterion[][] = [];
  let manual = false;
  for (const option of splitAt(normalised.replace(/;\s*(?:or\s+)?(?=[A-Za-z])/gi, ' or '), 'or')) {
    const criteria = splitAt(option, 'and').map(readCriterion);
    if (criteria.some((criterion) => criterion === null)) {
      manual = true;
      continue;
    }
    alternatives.push(criteria as Criterion[]);
  }
  return { text, alternatives, manual };
}

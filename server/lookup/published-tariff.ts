import { agreements } from '../../common/agreements.js';
import { normaliseCode } from '../../common/hs/code.js';
import { parseDutyRate, type DutyRate } from '../../common/lookup/duty-rate.js';
import { hsChapters, hsSections, sectionOfChapter } from './hs-chapters.js';
import type { TariffLineInput, TariffRateInput } from './replace-lookup-data.js';

/**
 * The tariff as Vietnam publishes it (`Level, HSCode, Description_VN, Description_EN`, the ordinary and MFN
 * rates, one column per agreement schedule). Headers arrive lower-cased and trimmed from readTable.
 */
export const isPublishedTariff = (header: Record<string, string>): boolean => 'hscode' in header && 'description_vn' in header;

/** One rate column of the published tariff: which schedule it holds, keyed by the shared agreement codes. */
export interface RateColumn { header: string; schedule: string }

const rcepGroup = /rcept\s+([a-f])$/;

/**
 * The rate columns of a published header, in workbook order: `ordinary` and `MFN`, then each agreement's
 * code from common/agreements.ts (RCEP's partner groups as `RCEP A`…`RCEP F`). A preferential column the
 * shared list does not name yet keeps its own upper-cased name so no published rate is dropped.
 */
export function rateColumnsOf(header: Record<string, string>): RateColumn[] {
  const byHeader = new Map(Object.values(agreements).flatMap((agreement) => agreement.tariffColumns.map((column) => [column.toLowerCase(), agreement.code])));
  return Object.keys(header).flatMap((name): RateColumn[] => {
    if (name === 'standard import duty rate') return [{ header: name, schedule: 'ordinary' }];
    if (name === 'mfn rate') return [{ header: name, schedule: 'MFN' }];
    if (!name.startsWith('import duty rate per ')) return [];
    const code = byHeader.get(name);
    const group = rcepGroup.exec(name);
    if (code === 'RCEP' && group) return [{ header: name, schedule: `RCEP ${group[1]!.toUpperCase()}` }];
    return [{ header: name, schedule: code ?? name.slice('import duty rate per '.length).toUpperCase() }];
  });
}

export interface PublishedLine {
  /** The code in digits, or for an untitled group row its parent's id, `~` and its ordinal under that parent. */
  id: string;
  parentId: string | null;
  /** Depth as published: 0 heading, one more per leading dash. */
  level: number;
  /** True for the untitled group rows (`- Ngựa:`), which carry no code of their own. */
  group: boolean;
  description: string;
  enDescription: string;
  /** Korean, where the workbook has a `Description_KO` column (the published one has none). */
  koDescription: string;
  /** Licences, inspections and quarantine, as the specialised-procedures workbook lists them (empty when not given). */
  procedures: string;
  rates: Array<{ schedule: string; rate: DutyRate }>;
}

/**
 * Reads the published rows into a tree: a row hangs under the nearest row above it at a shallower level, so the
 * untitled group rows become nodes between a heading or subheading and the lines they gather.
 */
export function readPublishedTariff(records: Array<Record<string, string>>, file: string): { lines: PublishedLine[]; repeatedRows: number } {
  const columns = records[0] ? rateColumnsOf(records[0]) : [];
  const openAtLevel: string[] = [];
  const groupCount = new Map<string, number>();
  const parsed = records.map((record, index) => {
    const level = Number(record.level);
    if (!Number.isInteger(level) || level < 0) throw new Error(`${file}, row ${index + 2}: level "${record.level ?? ''}" is not a depth.`);
    // A few published rows skip a level (chapter 98's 981824 → 98182410); they hang under the nearest row above.
    const depth = Math.min(level, openAtLevel.length);
    const parentId = depth === 0 ? null : openAtLevel[depth - 1]!;
    const digits = record.hscode ? normaliseCode(record.hscode) : undefined;
    if (record.hscode && !digits) throw new Error(`${file}, row ${index + 2}: "${record.hscode}" is not a 4–8 digit code.`);
    let id = digits;
    if (!id) {
      if (parentId === null) throw new Error(`${file}, row ${index + 2}: a heading row needs its code.`);
      const ordinal = (groupCount.get(parentId) ?? 0) + 1;
      groupCount.set(parentId, ordinal);
      id = `${parentId}~${ordinal}`;
    }
    openAtLevel.length = depth;
    openAtLevel.push(id);
    return {
      id, parentId, level, group: !digits,
      description: record.description_vn ?? '', enDescription: record.description_en ?? '', koDescription: record.description_ko ?? '', procedures: record['specialised procedures'] ?? '',
      rates: columns.map((column) => ({ schedule: column.schedule, rate: parseDutyRate(record[column.header] ?? '') })).filter(({ rate }) => rate.kind !== 'empty'),
    };
  });
  // Chapter 98 repeats a code once per original heading it draws from; a code is one node, so its first row stands
  // and the repeats (children included, since they hang under the same id) add no node of their own.
  const seen = new Set<string>();
  const lines = parsed.filter((line) => !seen.has(line.id) && seen.add(line.id));
  return { lines, repeatedRows: parsed.length - lines.length };
}

/**
 * The published lines as stored: each heading under its chapter and each chapter under its section, the sections
 * and chapters the workbook leaves out put in before the first heading they hold, every line carrying its section.
 */
export function publishedTariffInput(lines: PublishedLine[]): { lines: TariffLineInput[]; rates: TariffRateInput[] } {
  const stored: TariffLineInput[] = [];
  const placed = new Set<string>();
  let section = '';
  for (const line of lines) {
    const chapter = line.id.slice(0, 2);
    if (!placed.has(chapter)) {
      placed.add(chapter);
      section = sectionOfChapter(chapter) ?? '';
      if (section && !placed.has(section)) {
        placed.add(section);
        const [description, enDescription] = hsSections[section]!.title;
        stored.push({ id: section, parentId: null, section, description, enDescription });
      }
      const [description, enDescription] = hsChapters[chapter] ?? ['', ''];
      stored.push({ id: chapter, parentId: section || null, section, description, enDescription });
    }
    stored.push({
      id: line.id, parentId: line.parentId ?? chapter, section, group: line.group,
      description: line.description, enDescription: line.enDescription, koDescription: line.koDescription, procedures: line.procedures,
    });
  }
  return { lines: stored, rates: lines.flatMap((line) => line.rates.map(({ schedule, rate }) => ({ lineId: line.id, schedule, rate }))) };
}

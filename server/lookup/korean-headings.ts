import { readFileSync } from 'node:fs';

let names: Map<string, string> | undefined;

/**
 * Dutybook's Korean names of the HS headings (data/lookup/ko-headings.tsv, see its README): heading → name. Read once;
 * a Korean visitor's words reach a heading and the lines under it through them while a tariff has no Korean text.
 */
export function koreanHeadingNames(): Map<string, string> {
  names ??= new Map(readFileSync(new URL('../../data/lookup/ko-headings.tsv', import.meta.url), 'utf8').split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [heading = '', name = ''] = line.split('\t');
      return [heading.trim(), name.trim().normalize('NFC')] as const;
    }));
  return names;
}

/**
 * A year's lines with the Korean heading names where the tariff gives a heading no Korean text: on the heading's row,
 * or, for a heading the tariff does not divide (one line, 0409.00.00), on that line. Korean a file gives is kept.
 */
export function withKoreanHeadingNames<L extends { id: string; koDescription?: string | undefined }>(lines: L[]): L[] {
  const headings = koreanHeadingNames();
  const ids = new Set(lines.map((line) => line.id));
  return lines.map((line) => {
    if (line.koDescription) return line;
    const heading = line.id.length === 4 ? line.id : /^\d{4}0000$/.test(line.id) && !ids.has(line.id.slice(0, 4)) ? line.id.slice(0, 4) : undefined;
    const name = heading === undefined ? undefined : headings.get(heading);
    return name ? { ...line, koDescription: name } : line;
  });
}

import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/**
 * Builds data/lookup/heading-notes.tsv.gz, the Explanatory Notes to the Harmonized System per heading (Vietnamese, as
 * the Ministry of Finance translated them, with the English original), from the transcription in the public repository
 * quyphong91/tariffvn (src/data/chapterNotesData.ts): `heading <tab> Vietnamese <tab> English`, one heading a line, its
 * title and what the notes say it covers. The search indexes them as context of the heading's lines.
 *
 *   npx tsx scripts/build-heading-notes.ts path/to/chapterNotesData.ts
 */
const source = process.argv[2];
if (!source) throw new Error('Name the chapterNotesData.ts file of quyphong91/tariffvn.');
const text = readFileSync(source, 'utf8');
const string = '"((?:[^"\\\\]|\\\\.)*)"';
const entry = new RegExp(`code:\\s*${string},\\s*titleVi:\\s*${string},\\s*titleEn:\\s*${string},\\s*contentVi:\\s*${string},\\s*contentEn:\\s*${string}`, 'g');
const clean = (value: string) => (JSON.parse(`"${value}"`) as string).normalize('NFC').replace(/[\t\r\n]+/g, ' ').replace(/\s+/g, ' ').trim();
const rows = new Map<string, string>();
for (const match of text.matchAll(entry)) {
  const heading = match[1]!.replace('.', '');
  if (!/^\d{4}$/.test(heading)) continue;
  const [titleVi, titleEn, vi, en] = match.slice(2, 6).map(clean);
  rows.set(heading, `${heading}\t${titleVi}. ${vi}\t${titleEn}. ${en}`);
}
const lines = [...rows.keys()].sort().map((heading) => rows.get(heading)!);
writeFileSync(new URL('../data/lookup/heading-notes.tsv.gz', import.meta.url), gzipSync(`${lines.join('\n')}\n`, { level: 9 }));
console.log(`${lines.length} headings`);

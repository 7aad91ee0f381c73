import type { AutofillSource, ResourceDefinition } from '../../common/resources/define.js';

/**
 * The spec's connection states of a table: `none` before there is anything to ask for (no company
 * or folder set), `waiting` for the first answer, `hasData` once rows (or none) arrived, `hasError`
 * when the last request failed.
 */
export type ConnectionState = 'none' | 'waiting' | 'hasData' | 'hasError';

export function connectionState(query: { enabled: boolean; isError: boolean; hasData: boolean }): ConnectionState {
  if (!query.enabled) return 'none';
  if (query.isError) return 'hasError';
  return query.hasData ? 'hasData' : 'waiting';
}

/** `attachment; filename*=UTF-8''T%E1%BB%9D%20khai.xlsx` or `filename="ecus.xlsx"` → the file name. */
export function fileNameOfDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim();
  return name !== '' ? name : fallback;
}

/** One answer of `POST autofill/`: a known code with the names and units recorded for it. */
export interface AutofillMatch {
  code: string;
  item_name: string[];
  name: string[];
  unit: string[];
}

/** The form values a picked match fills in: the code, the source's name field and its unit field. */
export function autofillValues(source: AutofillSource, match: AutofillMatch): Record<string, string> {
  const values: Record<string, string> = { [source.code]: match.code };
  // The answer names the code's description `item_name` (declaration lines) or `name` (stock tables).
  const name = source.name === 'item_name' ? match.item_name[0] ?? match.name[0] : match.name[0] ?? match.item_name[0];
  if (name !== undefined) values[source.name] = name;
  const unit = match.unit[0];
  if (source.unit && unit !== undefined) values[source.unit] = unit;
  return values;
}

/** Which autofill source, if any, a field is the code of. */
export const autofillSourceOf = (resource: ResourceDefinition, field: string): AutofillSource | undefined =>
  resource.autofill?.find((source) => source.code === field);

/** The spec's message of a partly failed bulk update, one failed id per line. */
export const failedIdsOfDetail = (detail: string): string[] =>
  detail.split('\n').slice(1).map((line) => line.trim()).filter((line) => line !== '');

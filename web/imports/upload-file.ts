/** The spreadsheet formats the server reads (docs/imports.md). */
export const acceptedExtensions = ['.xlsx', '.xlsm', '.xls', '.ods', '.csv'] as const;

export const isAcceptedFile = (name: string) => acceptedExtensions.some((extension) => name.toLowerCase().endsWith(extension));

export type SizeUnit = 'byte' | 'kilobyte' | 'megabyte' | 'gigabyte';

/** A file size in the largest unit that keeps it at 1 or more (1 KB = 1024 bytes), for `Intl` unit formatting. */
export function fileSize(bytes: number): { value: number; unit: SizeUnit } {
  const units: SizeUnit[] = ['byte', 'kilobyte', 'megabyte', 'gigabyte'];
  let value = Math.max(0, bytes);
  let index = 0;
  while (value >= 1024 && index < units.length - 1) {
    value /= 1024;
    index += 1;
  }
  return { value: index === 0 ? value : Math.round(value * 10) / 10, unit: units[index] ?? 'byte' };
}

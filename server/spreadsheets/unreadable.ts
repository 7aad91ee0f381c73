/**
 * Why a file cannot be read; the web shows `imports.errors.reasons.<reason>`. `interrupted`: the reader
 * process was killed from outside (not by a limit), so reading the same file again can succeed.
 * `too_large`: the text a reader would have to hold at once passes IMPORT_MAX_TEXT_MB.
 */
export type UnreadableReason = 'too_many_rows' | 'too_many_columns' | 'too_large' | 'zip_bomb' | 'encrypted' | 'corrupt' | 'not_a_spreadsheet' | 'timeout' | 'interrupted';

export class UnreadableFile extends Error {
  /** `limit`: the row or column limit a sheet went past, or the text limit in megabytes. */
  constructor(readonly reason: UnreadableReason, message: string, readonly limit?: number) {
    super(message);
  }
}

export const tooManyColumns = (limit: number) => new UnreadableFile('too_many_columns', `A row has more than ${limit} columns.`, limit);
export const tooManyRows = (limit: number) => new UnreadableFile('too_many_rows', `The sheet has more than ${limit.toLocaleString('en')} rows.`, limit);
export const tooLarge = (limitBytes: number) => {
  const megabytes = Math.round(limitBytes / (1024 * 1024));
  return new UnreadableFile('too_large', `The workbook holds more than ${megabytes.toLocaleString('en')} MB of text to read at once (IMPORT_MAX_TEXT_MB).`, megabytes);
};

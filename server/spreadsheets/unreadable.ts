/** A file the readers refuse, with the reason the user is told. */
/**
 * Why a file cannot be read; the web shows `imports.errors.reasons.<reason>`. `interrupted`: the reader
 * process was killed from outside (not by a limit), so reading the same file again can succeed.
 */
export type UnreadableReason = 'too_many_rows' | 'too_many_columns' | 'zip_bomb' | 'encrypted' | 'corrupt' | 'not_a_spreadsheet' | 'timeout' | 'interrupted';

export class UnreadableFile extends Error {
  /** `limit`: the row or column limit a sheet went past. */
  constructor(readonly reason: UnreadableReason, message: string, readonly limit?: number) {
    super(message);
  }
}

export const tooManyColumns = (limit: number) => new UnreadableFile('too_many_columns', `A row has more than ${limit} columns.`, limit);
export const tooManyRows = (limit: number) => new UnreadableFile('too_many_rows', `The sheet has more than ${limit.toLocaleString('en')} rows.`, limit);

import type { SheetRow } from '../../common/imports/coerce.js';
import { type RefusedRow, rowConverter } from './convert-rows.js';
import { outlineWorkbook, type ReadMeter, readSheetRows } from '../spreadsheets/read-sheet.js';
import type { LoadBatch, ReaderCommand, ReaderMessage } from './reader.js';
import { UnreadableFile } from '../spreadsheets/unreadable.js';

/**
 * The child process that reads a spreadsheet, so a huge or hostile file costs its own memory and time,
 * never the server's. Rows go to the parent in batches, as they are or converted for loading; the
 * batch after next is read only when the parent asks.
 */
const send = (message: ReaderMessage) => new Promise<void>((resolve, reject) => process.send!(message, (error: Error | null) => (error ? reject(error) : resolve())));

let more: (() => void) | undefined;
const nextRequest = () => new Promise<void>((resolve) => { more = resolve; });

/** Sends a batch and waits until the parent has taken the one before it. */
async function hand(message: ReaderMessage): Promise<void> {
  const requested = nextRequest();
  await send(message);
  await requested;
}

async function run(command: ReaderCommand): Promise<void> {
  if (command.type === 'outline') {
    await send({ type: 'outline', outline: await outlineWorkbook(command.file, command.format, command.previewRows, command.limits) });
    return;
  }
  const meter: ReadMeter = { declaredRows: null, fraction: 0 };
  const rows = readSheetRows(command.file, command.format, command.sheet, command.fromRow, command.limits, meter);
  if (command.type === 'rows') {
    let batch: SheetRow[] = [];
    for await (const row of rows) {
      batch.push(row);
      if (batch.length >= command.batchSize) { await hand({ type: 'rows', rows: batch }); batch = []; }
    }
    await send({ type: 'rows', rows: batch });
  } else {
    const convert = rowConverter(command.plan);
    // An all-or-nothing import loads nothing after its first refused row; the rest is only checked.
    let loading = true;
    let lines: string[] = [];
    let refused: RefusedRow[] = [];
    let seen = 0;
    const batch = (): LoadBatch => {
      const message: LoadBatch = { type: 'batch', text: Buffer.from(lines.length > 0 ? `${lines.join('\n')}\n` : ''), lines: lines.length, seen, refused, fraction: meter.fraction, declaredRows: meter.declaredRows };
      lines = [];
      refused = [];
      seen = 0;
      return message;
    };
    for await (const row of rows) {
      const converted = convert(row);
      if (!converted) continue;
      seen += 1;
      if ('refused' in converted) {
        refused.push(converted.refused);
        if (!command.keepPosting) { loading = false; lines = []; }
      } else if (loading) lines.push(converted.line);
      if (seen >= command.batchSize) await hand(batch());
    }
    meter.fraction = 1;
    await send(batch());
  }
  await send({ type: 'end' });
}

// A spare reader whose server has gone has nothing left to do.
process.on('disconnect', () => process.exit(0));

process.on('message', (message: ReaderCommand | { type: 'more' }) => {
  if (message.type === 'more') { more?.(); return; }
  run(message)
    .catch(async (error: unknown) => {
      const reason = error instanceof UnreadableFile ? error.reason : 'corrupt';
      const text = error instanceof UnreadableFile ? error.message : 'The file could not be read: it is damaged or not a spreadsheet.';
      await send({ type: 'error', reason, message: text, limit: error instanceof UnreadableFile ? error.limit : undefined }).catch(() => undefined);
    })
    .finally(() => process.disconnect());
});

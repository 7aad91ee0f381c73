import { UnreadableFile } from './sniff.js';
import { countSheetRows, outlineWorkbook, readSheetRows, type SheetRow } from './read-sheet.js';
import type { ReaderCommand, ReaderMessage } from './reader.js';

/**
 * The child process that reads a spreadsheet, so a huge or hostile file costs its own memory and time,
 * never the server's. Rows go to the parent in batches; the next batch is read when the parent asks.
 */
const send = (message: ReaderMessage) => new Promise<void>((resolve, reject) => process.send!(message, (error: Error | null) => (error ? reject(error) : resolve())));

let more: (() => void) | undefined;
const nextRequest = () => new Promise<void>((resolve) => { more = resolve; });

async function run(command: ReaderCommand): Promise<void> {
  if (command.type === 'outline') {
    await send({ type: 'outline', outline: await outlineWorkbook(command.file, command.format, command.previewRows, command.limits) });
    return;
  }
  const total = await countSheetRows(command.file, command.format, command.sheet);
  if (total !== null) await send({ type: 'total', rows: Math.max(0, total - (command.fromRow - 1)) });
  let batch: SheetRow[] = [];
  for await (const row of readSheetRows(command.file, command.format, command.sheet, command.fromRow, command.limits)) {
    batch.push(row);
    if (batch.length >= command.batchSize) {
      const requested = nextRequest();
      await send({ type: 'rows', rows: batch });
      batch = [];
      await requested;
    }
  }
  await send({ type: 'rows', rows: batch });
  await send({ type: 'end' });
}

process.on('message', (message: ReaderCommand | { type: 'more' }) => {
  if (message.type === 'more') { more?.(); return; }
  run(message)
    .catch(async (error: unknown) => {
      const reason = error instanceof UnreadableFile ? error.reason : 'corrupt';
      const text = error instanceof UnreadableFile ? error.message : 'The file could not be read: it is damaged or not a spreadsheet.';
      await send({ type: 'error', reason, message: text }).catch(() => undefined);
    })
    .finally(() => process.disconnect());
});

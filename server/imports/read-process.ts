import type { SheetRow } from '../../common/imports/coerce.js';
import type { SkippedRow } from '../../common/imports/row-kinds.js';
import { type RefusedRow, rowConverter } from './convert-rows.js';
import { outlineWorkbook, type ReadMeter, readSheetRows } from '../spreadsheets/read-sheet.js';
import type { LoadBatch, ReaderCommand, ReaderMessage } from './reader.js';
import { UnreadableFile } from '../spreadsheets/unreadable.js';
import { AppError } from '../http/errors.js';

/**
 * The child process that reads a spreadsheet, so a huge or hostile file costs its own memory and time,
 * never the server's. Rows go to the parent in batches, as they are or converted for loading, a few
 * ahead of the one the parent works on.
 */
const send = (message: ReaderMessage) => new Promise<void>((resolve, reject) => process.send!(message, (error: Error | null) => (error ? reject(error) : resolve())));

/**
 * How many batches may wait for the parent to take them. Reading a batch and loading one take about as long, and
 * each varies with what else the machine runs: with one waiting, PostgreSQL's import waited 1.3–1.8 s for the
 * reader in all; with four, 0.8–1.1 s, and finished a sixth sooner on average. A batch of COPY text is a few
 * hundred kilobytes.
 */
const batchesAhead = 4;
let untaken = 0;
let taken: (() => void) | undefined;

/** Sends a batch, then waits while the parent has as many as it may hold untaken. */
async function hand(message: ReaderMessage): Promise<void> {
  untaken += 1;
  await send(message);
  while (untaken >= batchesAhead) await new Promise<void>((resolve) => { taken = resolve; });
}

async function run(command: ReaderCommand): Promise<void> {
  if (command.type === 'template') {
    const { runTemplateTask } = await import('../reports/template-workbook.js');
    await send({ type: 'template', answer: await runTemplateTask(command.task) });
    return;
  }
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
    let skipped: SkippedRow[] = [];
    let seen = 0;
    const batch = (): LoadBatch => {
      const message: LoadBatch = { type: 'batch', text: Buffer.from(lines.length > 0 ? `${lines.join('\n')}\n` : ''), lines: lines.length, seen, refused, skipped, fraction: meter.fraction, declaredRows: meter.declaredRows };
      lines = [];
      refused = [];
      skipped = [];
      seen = 0;
      return message;
    };
    for await (const row of rows) {
      const converted = convert(row);
      if (!converted) continue;
      if ('skipped' in converted) { skipped.push(converted.skipped); continue; }
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
  if (message.type === 'more') { untaken -= 1; taken?.(); return; }
  run(message)
    .catch(async (error: unknown) => {
      if (error instanceof AppError) {
        await send({ type: 'refused', code: error.code, detail: error.message, fields: error.fields, extra: error.extra }).catch(() => undefined);
        return;
      }
      const reason = error instanceof UnreadableFile ? error.reason : 'corrupt';
      const text = error instanceof UnreadableFile ? error.message : 'The file could not be read: it is damaged or not a spreadsheet.';
      await send({ type: 'error', reason, message: text, limit: error instanceof UnreadableFile ? error.limit : undefined }).catch(() => undefined);
    })
    .finally(() => process.disconnect());
});

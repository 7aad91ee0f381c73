import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SheetRow, WorkbookOutline } from './read-sheet.js';
import { readerLimits, type SheetFormat, type SheetLimits, UnreadableFile, type UnreadableReason } from './sniff.js';

export type ReaderCommand =
  | { type: 'outline'; file: string; format: SheetFormat; previewRows: number; limits: SheetLimits }
  | { type: 'rows'; file: string; format: SheetFormat; sheet: string; fromRow: number; batchSize: number; limits: SheetLimits };

export type ReaderMessage =
  | { type: 'outline'; outline: WorkbookOutline }
  | { type: 'rows'; rows: SheetRow[] }
  | { type: 'total'; rows: number }
  | { type: 'end' }
  | { type: 'error'; reason: UnreadableReason; message: string };

const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(here, '../..');

/**
 * Starts the reader child with its own temporary directory (the streaming reader spools sheets there)
 * and a memory ceiling; it is killed when it runs past the time limit.
 */
async function startReader(): Promise<{ child: ChildProcess; done: () => Promise<void> }> {
  const tempDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dutybook-reader-'));
  const child = fork(path.join(here, 'read-process.ts'), [], {
    cwd: projectRoot,
    execArgv: ['--import', 'tsx', '--max-old-space-size=768'],
    env: { ...process.env, TMPDIR: tempDir, TMP: tempDir, TEMP: tempDir },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  child.on('error', () => undefined);
  return {
    child,
    done: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await fs.rm(tempDir, { recursive: true, force: true });
    },
  };
}

/** Messages of one child as an async queue, ending with its exit; a timeout kills it. */
async function* messagesOf(child: ChildProcess, timeoutMs: number): AsyncGenerator<ReaderMessage> {
  const queue: ReaderMessage[] = [];
  let wake: (() => void) | undefined;
  let finished = false;
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, timeoutMs);
  child.on('message', (message: ReaderMessage) => { queue.push(message); wake?.(); });
  child.on('exit', () => { finished = true; wake?.(); });
  try {
    for (;;) {
      const message = queue.shift();
      if (message) { yield message; continue; }
      if (finished) break;
      await new Promise<void>((resolve) => { wake = resolve; });
    }
    if (timedOut) throw new UnreadableFile('timeout', 'Reading the file took too long.');
  } finally {
    clearTimeout(timer);
  }
}

const failure = (message: Extract<ReaderMessage, { type: 'error' }>) => new UnreadableFile(message.reason, message.message);
const vanished = () => new UnreadableFile('corrupt', 'The file could not be read: the reader stopped (the file may be too large or damaged).');

/** The sheets and their first rows. */
export async function outlineInChild(file: string, format: SheetFormat, previewRows: number, limits: SheetLimits = readerLimits, timeoutMs = readerLimits.timeMs): Promise<WorkbookOutline> {
  const reader = await startReader();
  try {
    reader.child.send({ type: 'outline', file, format, previewRows, limits: { rows: limits.rows, columns: limits.columns } } satisfies ReaderCommand);
    for await (const message of messagesOf(reader.child, timeoutMs)) {
      if (message.type === 'outline') return message.outline;
      if (message.type === 'error') throw failure(message);
    }
    throw vanished();
  } finally {
    await reader.done();
  }
}

/** The rows of one sheet in batches; the child reads the next batch only when this one is taken. */
export async function* rowsInChild(options: {
  file: string; format: SheetFormat; sheet: string; fromRow: number; batchSize?: number; timeoutMs?: number; limits?: SheetLimits;
  /** Told the sheet's row count (below the header) before the rows come, when the reader can count them cheaply. */
  onTotal?: (rows: number) => void;
}): AsyncGenerator<SheetRow[]> {
  const reader = await startReader();
  try {
    reader.child.send({ type: 'rows', file: options.file, format: options.format, sheet: options.sheet, fromRow: options.fromRow, batchSize: options.batchSize ?? 2000, limits: { rows: options.limits?.rows ?? readerLimits.rows, columns: options.limits?.columns ?? readerLimits.columns } } satisfies ReaderCommand);
    for await (const message of messagesOf(reader.child, options.timeoutMs ?? readerLimits.timeMs)) {
      if (message.type === 'error') throw failure(message);
      if (message.type === 'end') return;
      if (message.type === 'total') options.onTotal?.(message.rows);
      if (message.type === 'rows') {
        // The child reads the next batch while this one is used: reading overlaps the rest on another core,
        // and at most two batches are in memory. It may have finished and gone; a lost request changes nothing.
        if (reader.child.connected) reader.child.send({ type: 'more' }, () => undefined);
        yield message.rows;
      }
    }
    throw vanished();
  } finally {
    await reader.done();
  }
}

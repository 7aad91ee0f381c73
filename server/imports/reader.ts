import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SheetRow } from '../../common/imports/coerce.js';
import type { SkippedRow } from '../../common/imports/row-kinds.js';
import type { RefusedRow, RowPlan } from './convert-rows.js';
import { AppError } from '../http/errors.js';
import type { TemplateAnswer, TemplateTask } from '../reports/template-task.js';
import type { WorkbookOutline } from '../spreadsheets/read-sheet.js';
import { readerLimits, type SheetFormat, type SheetLimits } from '../spreadsheets/sniff.js';
import { UnreadableFile, type UnreadableReason } from '../spreadsheets/unreadable.js';

interface SheetCommand { file: string; format: SheetFormat; sheet: string; fromRow: number; batchSize: number; limits: SheetLimits }

export type ReaderCommand =
  | { type: 'outline'; file: string; format: SheetFormat; previewRows: number; limits: SheetLimits }
  | ({ type: 'rows' } & SheetCommand)
  | ({ type: 'load'; plan: RowPlan; keepPosting: boolean } & SheetCommand)
  | { type: 'template'; task: TemplateTask };

/** A batch of converted rows: the good ones as COPY text, the refused ones with their problems, and how far the sheet is read. */
export interface LoadBatch {
  type: 'batch';
  /**
   * Lines of COPY text, as UTF-8 bytes: they reach the server outside its JS heap, where a megabyte string
   * per batch would pile up until a full collection, and go into COPY without being encoded again. Empty
   * once an all-or-nothing import has refused a row (the rest is only checked).
   */
  text: Uint8Array<ArrayBuffer>;
  lines: number;
  /** Non-empty rows read in this batch. */
  seen: number;
  refused: RefusedRow[];
  /** Rows that are no rows of the table (totals, signatures, repeated headers), passed over. */
  skipped: SkippedRow[];
  fraction: number;
  declaredRows: number | null;
}

export type ReaderMessage =
  | { type: 'outline'; outline: WorkbookOutline }
  | { type: 'rows'; rows: SheetRow[] }
  | LoadBatch
  | { type: 'end' }
  | { type: 'template'; answer: TemplateAnswer }
  /** An error meant for the client, as the child's code threw it. */
  | { type: 'refused'; code: string; detail: string; fields?: Record<string, string[]> | undefined; extra?: Record<string, unknown> | undefined }
  | { type: 'error'; reason: UnreadableReason; message: string; limit?: number | undefined };

const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(here, '../..');

/** A reader child with a memory ceiling, not holding the server open while it waits for work. */
function forkReader(): ChildProcess {
  const child = fork(path.join(here, 'read-process.ts'), [], {
    cwd: projectRoot,
    // A larger young generation: a batch's thousands of short-lived strings are collected there, not promoted.
    execArgv: ['--import', 'tsx', '--max-old-space-size=768', '--max-semi-space-size=32'],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  child.on('error', () => undefined);
  child.unref();
  child.channel?.unref();
  return child;
}

/**
 * One reader waits ready: starting one (Node, tsx and the readers' modules) takes about a second, which
 * an upload's outline or an import would otherwise spend first. Each reader serves one file and is
 * killed after it, or when it runs past the time limit; the next spare is started then.
 */
let spare: ChildProcess | undefined;

function startReader(): { child: ChildProcess; done: () => void } {
  const child = spare?.connected ? spare : forkReader();
  spare = undefined;
  child.channel?.ref();
  return {
    child,
    done: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (!spare?.connected) spare = forkReader();
    },
  };
}

/** Stops the waiting reader (the server is closing). */
export function stopSpareReader(): void {
  spare?.kill('SIGKILL');
  spare = undefined;
}

/**
 * How many readers read at once: in all (READERS_MAX) and for one user (READERS_PER_USER). Each may
 * hold up to the text limit and the memory ceiling, so three hostile uploads at once would otherwise
 * cost three times that; the rest wait in line, in the order they came, and their time limit starts
 * when their turn does.
 */
const pool = { total: 4, perUser: 2, active: 0, byOwner: new Map<string, number>() };
const line: Array<{ owner: string; start: () => void }> = [];

function take(owner: string): void {
  pool.active += 1;
  pool.byOwner.set(owner, (pool.byOwner.get(owner) ?? 0) + 1);
}

export function configureReaders(options: { total: number; perUser: number }): void {
  pool.total = Math.max(1, options.total);
  pool.perUser = Math.max(1, options.perUser);
  admitWaiting();
}

/** Readers reading now in all and for the busiest user, and files waiting for their turn. */
export function readerTurns(): { active: number; mostForOneUser: number; waiting: number } {
  return { active: pool.active, mostForOneUser: Math.max(0, ...pool.byOwner.values()), waiting: line.length };
}

const mayStart = (owner: string) => pool.active < pool.total && (pool.byOwner.get(owner) ?? 0) < pool.perUser;

function admitWaiting(): void {
  for (let index = 0; index < line.length && pool.active < pool.total;) {
    const waiting = line[index]!;
    if (mayStart(waiting.owner)) { line.splice(index, 1); take(waiting.owner); waiting.start(); } else index += 1;
  }
}

/** Waits for a turn to read (or for the signal); the answer gives the turn back. */
async function turn(owner: string, signal?: AbortSignal): Promise<() => void> {
  signal?.throwIfAborted();
  if (mayStart(owner)) take(owner);
  else {
    await new Promise<void>((resolve, reject) => {
      const waiting = { owner, start: () => { signal?.removeEventListener('abort', leave); resolve(); } };
      const leave = () => { line.splice(line.indexOf(waiting), 1); reject(signal!.reason as Error); };
      signal?.addEventListener('abort', leave, { once: true });
      line.push(waiting);
    });
  }
  let given = false;
  return () => {
    if (given) return;
    given = true;
    pool.active -= 1;
    const left = (pool.byOwner.get(owner) ?? 1) - 1;
    if (left > 0) pool.byOwner.set(owner, left); else pool.byOwner.delete(owner);
    admitWaiting();
  };
}

/** A reader for one file once it is the owner's turn; `done` kills it and gives the turn back. */
async function readerFor(owner: string, signal?: AbortSignal): Promise<{ child: ChildProcess; done: () => void }> {
  const release = await turn(owner, signal);
  const reader = startReader();
  return { child: reader.child, done: () => { reader.done(); release(); } };
}

/**
 * Messages of one child as an async queue, ending when the child has exited and its channel is read to
 * the end ('close': 'exit' may come before the last messages, and a reply would then be lost); a timeout
 * kills it, and so does the caller's signal (its reason is thrown). A child killed from outside is an
 * interruption, not a bad file.
 */
export async function* messagesOf(child: ChildProcess, timeoutMs: number, signal?: AbortSignal): AsyncGenerator<ReaderMessage> {
  const queue: ReaderMessage[] = [];
  let wake: (() => void) | undefined;
  let finished = false;
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; child.kill('SIGKILL'); }, timeoutMs);
  const abort = () => { child.kill('SIGKILL'); wake?.(); };
  signal?.addEventListener('abort', abort);
  child.on('message', (message: ReaderMessage) => { queue.push(message); wake?.(); });
  child.on('close', () => { finished = true; wake?.(); });
  try {
    for (;;) {
      signal?.throwIfAborted();
      const message = queue.shift();
      if (message) { yield message; continue; }
      if (finished) break;
      await new Promise<void>((resolve) => { wake = resolve; });
    }
    signal?.throwIfAborted();
    if (timedOut) throw new UnreadableFile('timeout', 'Reading the file took too long.');
    if (child.signalCode === 'SIGKILL' || child.signalCode === 'SIGTERM') throw new UnreadableFile('interrupted', 'The reader was stopped before it finished; start again.');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

const limitsOf = (limits?: SheetLimits): Required<SheetLimits> => ({
  rows: limits?.rows ?? readerLimits.rows, columns: limits?.columns ?? readerLimits.columns, text: limits?.text ?? readerLimits.text,
});

const failure = (message: Extract<ReaderMessage, { type: 'error' }>) => new UnreadableFile(message.reason, message.message, message.limit);
const vanished = () => new UnreadableFile('corrupt', 'The file could not be read: the reader stopped (the file may be too large or damaged).');

/** Files of no one user (a job reading an upload without one) share a turn among themselves. */
const anyone = '';

/** The sheets and their first rows. */
export async function outlineInChild(file: string, format: SheetFormat, previewRows: number, options: { limits?: SheetLimits; owner?: string; timeoutMs?: number } = {}): Promise<WorkbookOutline> {
  const reader = await readerFor(options.owner ?? anyone);
  try {
    reader.child.send({ type: 'outline', file, format, previewRows, limits: limitsOf(options.limits) } satisfies ReaderCommand);
    for await (const message of messagesOf(reader.child, options.timeoutMs ?? readerLimits.timeMs)) {
      if (message.type === 'outline') return message.outline;
      if (message.type === 'error') throw failure(message);
    }
    throw vanished();
  } finally {
    reader.done();
  }
}

/**
 * The messages of one sheet command, batch by batch. The child reads on while this one is used, up to a
 * few batches ahead (`batchesAhead` in read-process.ts): reading overlaps the rest on another core.
 */
async function* batchesInChild<T extends ReaderMessage>(command: ReaderCommand, kind: T['type'], owner: string, timeoutMs = readerLimits.timeMs, signal?: AbortSignal): AsyncGenerator<T> {
  const reader = await readerFor(owner, signal);
  try {
    reader.child.send(command);
    for await (const message of messagesOf(reader.child, timeoutMs, signal)) {
      if (message.type === 'error') throw failure(message);
      if (message.type === 'end') return;
      if (message.type === kind) {
        // It may have finished and gone; a lost request changes nothing.
        if (reader.child.connected) reader.child.send({ type: 'more' }, () => undefined);
        yield message as T;
      }
    }
    throw vanished();
  } finally {
    reader.done();
  }
}

/** The rows of one sheet in batches, as they are; `owner` is the user whose turn it takes. */
export async function* rowsInChild(options: { file: string; format: SheetFormat; sheet: string; fromRow: number; owner?: string; batchSize?: number; timeoutMs?: number; limits?: SheetLimits }): AsyncGenerator<SheetRow[]> {
  const command: ReaderCommand = { type: 'rows', file: options.file, format: options.format, sheet: options.sheet, fromRow: options.fromRow, batchSize: options.batchSize ?? 2000, limits: limitsOf(options.limits) };
  for await (const batch of batchesInChild<Extract<ReaderMessage, { type: 'rows' }>>(command, 'rows', options.owner ?? anyone, options.timeoutMs)) yield batch.rows;
}

/** The rows of one sheet converted by the plan, in batches of COPY text and refused rows. */
export function loadInChild(options: { file: string; format: SheetFormat; sheet: string; fromRow: number; plan: RowPlan; keepPosting: boolean; owner?: string; batchSize?: number; timeoutMs?: number; limits?: SheetLimits; signal?: AbortSignal }): AsyncGenerator<LoadBatch> {
  const command: ReaderCommand = {
    type: 'load', file: options.file, format: options.format, sheet: options.sheet, fromRow: options.fromRow, batchSize: options.batchSize ?? 2000,
    limits: limitsOf(options.limits), plan: options.plan, keepPosting: options.keepPosting,
  };
  return batchesInChild<LoadBatch>(command, 'batch', options.owner ?? anyone, options.timeoutMs, options.signal);
}

/**
 * A layout template's task (its preview, header rows or filling) in a reader child: exceljs builds an object per cell
 * of what it reads, so untrusted workbooks are parsed where memory and time are bounded and the server's thread is
 * never held. `owner` is whose turn it takes.
 */
export async function templateInChild(task: TemplateTask, owner: string, timeoutMs: number): Promise<TemplateAnswer> {
  const reader = await readerFor(owner);
  try {
    reader.child.send({ type: 'template', task } satisfies ReaderCommand);
    for await (const message of messagesOf(reader.child, timeoutMs)) {
      if (message.type === 'template') return message.answer;
      if (message.type === 'refused') throw new AppError(message.code, message.detail, { ...(message.fields ? { fields: message.fields } : {}), ...(message.extra ? { extra: message.extra } : {}) });
      if (message.type === 'error') throw failure(message);
    }
    throw vanished();
  } catch (error) {
    if (error instanceof UnreadableFile) {
      throw new AppError('unprocessable_file', error.message, { extra: { reason: error.reason, ...(error.limit !== undefined ? { limit: error.limit } : {}) } });
    }
    throw error;
  } finally {
    reader.done();
  }
}

import type { z } from 'zod';
import type { Question, QuestionPage, questionQuerySchema } from '../../common/admin/schemas.js';
import { contactFileExtensions } from '../../common/lookup/schemas.js';
import type { Database } from '../db/client.js';
import { runner } from '../db/run.js';
import { docxType, xlsxType } from '../http/downloads.js';
import { AppError } from '../http/errors.js';
import { recordAuditEvent } from '../db/audit-log.js';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const commonColumns = `m.id, m.name, m.email, ${iso('m.created_at')} AS created_at, ${iso('m.mailed_at')} AS mailed_at,
  ${iso('m.answered_at')} AS answered_at, a.email AS answered_by, m.file_name, octet_length(m.file) AS file_size`;
const questionFrom = 'lookup_contact_message m LEFT JOIN users a ON a.id = m.answered_by';
const statusCondition = `($1 = 'all' OR ($1 = 'open') = (m.answered_at IS NULL))`;

/** Visitors' questions newest first: the open ones, the answered ones, or all. */
export async function listQuestions(database: Database, query: z.infer<typeof questionQuerySchema>): Promise<QuestionPage> {
  const run = runner(database);
  const [results, [counted]] = await Promise.all([
    run<QuestionPage['results'][number]>(
      `SELECT ${commonColumns}, left(m.question, 200) AS excerpt FROM ${questionFrom}
        WHERE ${statusCondition} ORDER BY m.created_at DESC, m.id DESC LIMIT $2 OFFSET $3`,
      [query.status, query.page_size, (query.page - 1) * query.page_size]),
    run<{ count: number }>(`SELECT count(*)::int AS count FROM lookup_contact_message m WHERE ${statusCondition}`, [query.status]),
  ]);
  return { count: counted?.count ?? 0, results };
}

export async function getQuestion(database: Database, id: number): Promise<Question> {
  const [question] = await runner(database)<Question>(`SELECT ${commonColumns}, m.question FROM ${questionFrom} WHERE m.id = $1`, [id]);
  if (!question) throw new AppError('not_found', 'No such question.');
  return question;
}

/** Marks a question answered by this administrator, or open again. */
export async function setQuestionAnswered(database: Database, options: { actorId: string; id: number; answered: boolean }): Promise<Question> {
  const { actorId, id, answered } = options;
  const [changed] = await runner(database)<{ email: string }>(
    `UPDATE lookup_contact_message SET answered_at = CASE WHEN $2 THEN now() END, answered_by = CASE WHEN $2 THEN $3::uuid END
      WHERE id = $1 RETURNING email`, [id, answered, actorId]);
  if (!changed) throw new AppError('not_found', 'No such question.');
  await recordAuditEvent(database.db, { action: answered ? 'question_answered' : 'question_reopened', actorId, subject: changed.email, details: { question: id } });
  return getQuestion(database, id);
}

/**
 * The content type an attachment is served with, by its checked extension: the type the visitor's browser claimed is
 * not trusted, so a file named .txt cannot be served as HTML.
 */
const contentTypes: Record<(typeof contactFileExtensions)[number], string> = {
  '.pdf': 'application/pdf',
  '.doc': 'application/msword',
  '.docx': docxType,
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': xlsxType,
  '.ppt': 'application/vnd.ms-powerpoint',
  '.txt': 'text/plain; charset=utf-8',
  // A photo's content was checked against its extension when the question was sent.
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/** A question's attachment with the headers it is sent with. */
export async function questionAttachment(database: Database, id: number): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  const [row] = await runner(database)<{ file_name: string | null; file: Uint8Array | null }>('SELECT file_name, file FROM lookup_contact_message WHERE id = $1', [id]);
  if (!row?.file || !row.file_name) throw new AppError('not_found', 'This question has no attachment.');
  const extension = contactFileExtensions.find((candidate) => row.file_name!.toLowerCase().endsWith(candidate));
  return {
    bytes: Buffer.from(row.file),
    contentType: extension ? contentTypes[extension] : 'application/octet-stream',
    fileName: row.file_name,
  };
}

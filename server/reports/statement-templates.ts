import {
  formColumns, requiredColumns, type StatementTemplate, templateHeaderColumns, templateLayout, type TemplateForm, type TemplateFormAnswer,
  type TemplatePreview, type TemplateSettings,
} from '../../common/statements/templates.js';
import type { Run } from '../db/run.js';
import { AppError } from '../http/errors.js';
import { previewUploadedTemplate, templateHeaderRows } from './template-workbook.js';

/**
 * Statement layout templates (docs/statements.md, "Exports and drill-down"): a company's own, managed by its admins
 * and owners, and the platform's (no company), managed by the platform administrators and offered to every company.
 * `owner` is the company id, or null for the platform's.
 */
export type TemplateOwner = { companyId: string | null };

/** An uploaded workbook: its bytes and the name it came with. */
export interface TemplateFile { content: Buffer; fileName: string }

const at = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const formColumnsSql = `json_build_object('form', f.form, 'file_name', f.file_name, 'size', f.size, 'sheet_name', f.sheet_name,
  'header_from', f.header_from, 'header_to', f.header_to, 'footer_row', f.footer_row, 'mapping', f.mapping, 'columns', f.columns,
  'uploaded_at', ${at('f.uploaded_at')})`;

/**
 * Templates with their forms (never their bytes) and how many folder sets export in each: for a company its own and
 * the platform's, counting its own folder sets; for the platform its own, counting every company's.
 */
export async function listTemplates(run: Run, owner: TemplateOwner): Promise<StatementTemplate[]> {
  const rows = await run<{ id: number; name: string; company_id: string | null; forms: TemplateFormAnswer[]; used_by: number; updated_at: string }>(
    `SELECT t.id, t.name, t.company_id, ${at('t.updated_at')} AS updated_at,
            coalesce((SELECT json_agg(${formColumnsSql} ORDER BY array_position(ARRAY['15', '15a', '16'], f.form))
                        FROM statement_template_forms f WHERE f.template_id = t.id), '[]'::json) AS forms,
            (SELECT count(*)::int FROM folder_sets s
              WHERE s.statement_layout = 'template:' || t.id AND ($1::uuid IS NULL OR s.company_id = $1)) AS used_by
       FROM statement_templates t
      WHERE t.company_id IS NULL OR t.company_id = $1
      ORDER BY t.company_id IS NULL, lower(t.name), t.id`,
    [owner.companyId]);
  return rows.map((row) => ({
    id: row.id, name: row.name, layout: templateLayout(row.id), scope: row.company_id === null ? 'platform' : 'company', forms: row.forms, used_by: row.used_by, updated_at: row.updated_at,
  }));
}

/** One template of this owner; another owner's is "not found" (a company cannot change the platform's). */
async function ownedTemplate(run: Run, owner: TemplateOwner, id: number): Promise<void> {
  const [row] = await run('SELECT id FROM statement_templates WHERE id = $1 AND company_id IS NOT DISTINCT FROM $2', [id, owner.companyId]);
  if (!row) throw new AppError('not_found', 'Template not found.');
}

export async function createTemplate(run: Run, owner: TemplateOwner, input: { name: string; userId: string }): Promise<StatementTemplate> {
  const [row] = await run<{ id: number }>('INSERT INTO statement_templates (company_id, name, created_by) VALUES ($1, $2, $3) RETURNING id', [owner.companyId, input.name, input.userId]);
  return (await listTemplates(run, owner)).find((template) => template.id === row!.id)!;
}

export async function renameTemplate(run: Run, owner: TemplateOwner, id: number, name: string): Promise<StatementTemplate> {
  await ownedTemplate(run, owner, id);
  await run('UPDATE statement_templates SET name = $2, updated_at = now() WHERE id = $1', [id, name]);
  return (await listTemplates(run, owner)).find((template) => template.id === id)!;
}

/** A template some folder set exports in cannot lose it, nor one of its forms: that export would have nothing to fill. */
async function refuseInUse(run: Run, id: number, what: string): Promise<void> {
  const [used] = await run<{ count: number }>('SELECT count(*)::int AS count FROM folder_sets WHERE statement_layout = $1', [templateLayout(id)]);
  if (used && used.count > 0) {
    throw new AppError('template_in_use', `${what} while ${used.count} folder set(s) export in this layout; choose another layout for them first.`, { extra: { folder_sets: used.count } });
  }
}

/**
 * A company cannot lose a template its own folder sets export in. The platform retires its templates whatever the
 * companies chose: no company may keep a platform administrator from it, and their exports fall back to the official
 * layout, saying so (`templateForExport`).
 */
export async function deleteTemplate(run: Run, owner: TemplateOwner, id: number): Promise<void> {
  await ownedTemplate(run, owner, id);
  if (owner.companyId !== null) await refuseInUse(run, id, 'The template cannot be deleted');
  await run('DELETE FROM statement_templates WHERE id = $1', [id]);
}

export async function deleteTemplateForm(run: Run, owner: TemplateOwner, id: number, form: TemplateForm): Promise<void> {
  await ownedTemplate(run, owner, id);
  if (owner.companyId !== null) await refuseInUse(run, id, 'The form cannot be removed');
  const removed = await run('DELETE FROM statement_template_forms WHERE template_id = $1 AND form = $2 RETURNING form', [id, form]);
  if (removed.length === 0) throw new AppError('not_found', 'This template has no workbook for this form.');
  await run('UPDATE statement_templates SET updated_at = now() WHERE id = $1', [id]);
}

/** An upload's sheets, for choosing the header and the columns before anything is kept; read in the turn of `userId`. */
export async function previewTemplate(file: TemplateFile, userId: string): Promise<TemplatePreview> {
  return { file_name: file.fileName, sheets: await previewUploadedTemplate(file.content, file.fileName, userId) };
}

const invalid = (fields: Record<string, string[]>) => new AppError('validation_error', 'Data has invalid format.', { fields });

/**
 * The settings checked against the workbook: its sheet, header rows that hold text, and a mapping that sends each
 * computed column of the form to a workbook column with a header, each column once, the code columns included.
 * Answers the header's names by column.
 */
async function checkedColumns(file: TemplateFile, form: TemplateForm, settings: TemplateSettings, userId: string): Promise<Record<string, string>> {
  const header = await templateHeaderRows(file.content, file.fileName, settings.sheet_name, settings.header_from, settings.header_to, userId);
  if (!header) throw invalid({ sheet_name: [`The workbook has no sheet named ${settings.sheet_name}.`] });
  const columns = templateHeaderColumns(header, settings.header_from, settings.header_to);
  if (Object.keys(columns).length === 0) throw invalid({ header_from: ['The chosen rows hold no header text.'] });
  const keys = new Set<string>(formColumns[form].map((column) => column.key));
  const fields: Record<string, string[]> = {};
  const taken = new Map<string, string>();
  for (const [key, letter] of Object.entries(settings.mapping)) {
    if (!keys.has(key)) fields[`mapping.${key}`] = [`Form ${form} computes no column ${key}.`];
    else if (!(letter in columns)) fields[`mapping.${key}`] = [`Column ${letter} has no header text in rows ${settings.header_from}–${settings.header_to}.`];
    else if (taken.has(letter)) fields[`mapping.${key}`] = [`Column ${letter} already takes ${taken.get(letter)}.`];
    else taken.set(letter, key);
  }
  for (const key of requiredColumns[form]) if (!(key in settings.mapping)) fields[`mapping.${key}`] = ['Map this column: the rows are told apart by it.'];
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return columns;
}

/**
 * Keeps a form's workbook and its mapping: a new upload replaces the form's workbook, or without one the stored
 * workbook is mapped again.
 */
export async function saveTemplateForm(run: Run, owner: TemplateOwner, input: { id: number; form: TemplateForm; file?: TemplateFile | undefined; settings: TemplateSettings; userId: string }): Promise<TemplateFormAnswer> {
  await ownedTemplate(run, owner, input.id);
  const file = input.file ?? await storedFile(run, input.id, input.form);
  const columns = await checkedColumns(file, input.form, input.settings, input.userId);
  const { settings } = input;
  const mapping = Object.fromEntries(Object.entries(settings.mapping).map(([key, letter]) => [key, letter.toUpperCase()]));
  await run(
    `INSERT INTO statement_template_forms (template_id, form, file_name, size, content, sheet_name, header_from, header_to, footer_row, mapping, columns, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (template_id, form) DO UPDATE SET file_name = excluded.file_name, size = excluded.size, content = excluded.content,
       sheet_name = excluded.sheet_name, header_from = excluded.header_from, header_to = excluded.header_to, footer_row = excluded.footer_row,
       mapping = excluded.mapping, columns = excluded.columns, uploaded_by = excluded.uploaded_by,
       uploaded_at = CASE WHEN $13 THEN now() ELSE statement_template_forms.uploaded_at END`,
    [input.id, input.form, file.fileName, file.content.length, file.content, settings.sheet_name, settings.header_from, settings.header_to, settings.footer_row,
      JSON.stringify(mapping), JSON.stringify(columns), input.userId, input.file !== undefined]);
  await run('UPDATE statement_templates SET updated_at = now() WHERE id = $1', [input.id]);
  const [saved] = await run<{ form: TemplateFormAnswer }>(`SELECT ${formColumnsSql} AS form FROM statement_template_forms f WHERE f.template_id = $1 AND f.form = $2`, [input.id, input.form]);
  return saved!.form;
}

async function storedFile(run: Run, id: number, form: TemplateForm): Promise<TemplateFile> {
  const [row] = await run<{ content: Uint8Array; file_name: string }>('SELECT content, file_name FROM statement_template_forms WHERE template_id = $1 AND form = $2', [id, form]);
  if (!row) throw invalid({ excel_file: ['Choose the form\'s workbook.'] });
  return { content: Buffer.from(row.content), fileName: row.file_name };
}

/**
 * A form's workbook as uploaded, for a reader: a company's members read their own templates and the platform's,
 * the platform administrators the platform's.
 */
export async function readTemplateFile(run: Run, reader: TemplateOwner, id: number, form: TemplateForm): Promise<TemplateFile> {
  const [row] = await run<{ content: Uint8Array; file_name: string }>(
    `SELECT f.content, f.file_name FROM statement_template_forms f JOIN statement_templates t ON t.id = f.template_id
      WHERE f.template_id = $1 AND f.form = $2 AND (t.company_id IS NULL OR t.company_id = $3)`, [id, form, reader.companyId]);
  if (!row) throw new AppError('not_found', 'This template has no workbook for this form.');
  return { content: Buffer.from(row.content), fileName: row.file_name };
}

/** A stored form's sheets again, to change its header or mapping. */
export async function previewTemplateForm(run: Run, reader: TemplateOwner, id: number, form: TemplateForm, userId: string): Promise<TemplatePreview> {
  return previewTemplate(await readTemplateFile(run, reader, id, form), userId);
}

/** What an export in a template needs: the workbook and where the form sits in it. */
export interface TemplateForExport {
  content: Buffer;
  settings: Pick<TemplateSettings, 'sheet_name' | 'header_from' | 'header_to' | 'footer_row' | 'mapping'>;
}

/**
 * The workbook of one form of the template a folder set exports in; a company's template without it cannot export
 * that form. Null when the platform retired the template or its form: the export falls back to the official layout.
 */
export async function templateForExport(run: Run, companyId: string, templateId: number, form: TemplateForm): Promise<TemplateForExport | null> {
  const [row] = await run<{ content: Uint8Array; sheet_name: string; header_from: number; header_to: number; footer_row: number | null; mapping: Record<string, string>; name: string; company_id: string | null }>(
    `SELECT f.content, f.sheet_name, f.header_from, f.header_to, f.footer_row, f.mapping, t.name, t.company_id
       FROM statement_templates t LEFT JOIN statement_template_forms f ON f.template_id = t.id AND f.form = $3
      WHERE t.id = $1 AND (t.company_id IS NULL OR t.company_id = $2)`, [templateId, companyId, form]);
  // A company's own template cannot go while in use; one that is gone, or a platform form removed, was retired.
  if (!row || (row.company_id === null && !row.content)) return null;
  if (!row.content) {
    const which = row ? `The layout ${row.name} has no workbook for Form ${form}` : 'The layout of this folder set no longer exists';
    throw new AppError('template_incomplete', `${which}: upload it under Layout templates, or choose another layout for the folder set.`, { extra: { form } });
  }
  return {
    content: Buffer.from(row.content),
    settings: { sheet_name: row.sheet_name, header_from: row.header_from, header_to: row.header_to, footer_row: row.footer_row, mapping: row.mapping },
  };
}

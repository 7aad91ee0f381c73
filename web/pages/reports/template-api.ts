import type {
  StatementTemplate, TemplateForm, TemplateFormAnswer, TemplatePreview, TemplateSettings,
} from '../../../common/statements/templates.js';
import { apiFetch, apiRequest } from '../../app/api.js';
import { saveDownload } from '../../resources/resource-api.js';

/** Whose templates a screen manages: a company's (its admins and owners) or the platform's (platform administrators). */
export type TemplateOwner = { kind: 'company'; companySlug: string } | { kind: 'platform' };

const base = (owner: TemplateOwner) => (owner.kind === 'company' ? '/new-balance/statement-templates/' : '/admin/statement-templates/');
const query = (owner: TemplateOwner) => (owner.kind === 'company' ? { company_slug: owner.companySlug } : undefined);
const formPath = (owner: TemplateOwner, id: number, form: TemplateForm) => `${base(owner)}${id}/forms/${form}/`;

export const templatesQueryKey = (owner: TemplateOwner) => ['statement-templates', owner.kind === 'company' ? owner.companySlug : 'platform'] as const;

export const listTemplates = (owner: TemplateOwner) => apiRequest<{ results: StatementTemplate[] }>(base(owner), { query: query(owner) });
export const createTemplate = (owner: TemplateOwner, name: string) => apiRequest<StatementTemplate>(base(owner), { method: 'POST', query: query(owner), body: { name } });
export const renameTemplate = (owner: TemplateOwner, id: number, name: string) =>
  apiRequest<StatementTemplate>(`${base(owner)}${id}/`, { method: 'PATCH', query: query(owner), body: { name } });
export const deleteTemplate = (owner: TemplateOwner, id: number) => apiRequest<void>(`${base(owner)}${id}/`, { method: 'DELETE', query: query(owner) });

const withFile = (file: File, fields: Record<string, string> = {}) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('excel_file', file);
  return body;
};

/** The sheets of a workbook not yet kept, to choose its header and columns. */
export const previewUpload = (owner: TemplateOwner, file: File) =>
  apiRequest<TemplatePreview>(`${base(owner)}preview/`, { method: 'POST', query: query(owner), body: withFile(file) });
/** The sheets of a form's stored workbook, to map it again. */
export const previewStoredForm = (owner: TemplateOwner, id: number, form: TemplateForm) => apiRequest<TemplatePreview>(formPath(owner, id, form), { query: query(owner) });

/** Keeps a form's settings: with a new workbook when one was chosen, else against the stored one. */
export const saveTemplateForm = (owner: TemplateOwner, id: number, form: TemplateForm, settings: TemplateSettings, file: File | null) =>
  apiRequest<TemplateFormAnswer>(formPath(owner, id, form), {
    method: 'PUT', query: query(owner), body: file ? withFile(file, { settings: JSON.stringify(settings) }) : settings,
  });
export const deleteTemplateForm = (owner: TemplateOwner, id: number, form: TemplateForm) => apiRequest<void>(formPath(owner, id, form), { method: 'DELETE', query: query(owner) });
export const downloadTemplateForm = async (owner: TemplateOwner, id: number, form: TemplateFormAnswer) =>
  saveDownload(await apiFetch(`${formPath(owner, id, form.form)}file/`, { query: query(owner) }), form.file_name);

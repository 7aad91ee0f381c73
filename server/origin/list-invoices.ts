import type { Invoice, InvoiceProduct } from '../../common/origin/schemas.js';
import type { Run } from '../db/run.js';
import { visible } from './schedule-sql.js';

type Scope = { companyId: string; folderSetId: string };
type ListOptions = { search?: string | undefined; page: number; pageSize: number };
export type ListAnswer<T> = { count: number; results: T[]; hasNext: boolean };

/**
 * The export declaration lines a schedule can be made for: export declarations (first digit 3) of the folder set,
 * not cancelled, outside imports still loading. $1 company, $2 folder set, $3 a LIKE pattern or null.
 */
const exportLines = `
  loading AS (SELECT id FROM import_records WHERE company_id = $1 AND status IN ('queued', 'running')),
  lines AS (
    SELECT e.* FROM ecus_lines e
     WHERE ${visible('e')} AND e.account_number LIKE '3%'
       AND NOT EXISTS (SELECT 1 FROM ecus_cancel_records c WHERE c.company_id = $1 AND c.folder_set_id = $2 AND c.ecus_id = e.id))`;

const matches = (alias: string, columns: string[]) => `($3::text IS NULL OR ${columns.map((column) => `${alias}.${column} ILIKE $3`).join(' OR ')})`;

/** The total and one page in one statement: the page joins the count, so an empty page still answers it. */
const paged = (source: string, order: string) => `
  SELECT total.count, page.* FROM (SELECT count(*)::int AS count FROM ${source}) total
    LEFT JOIN LATERAL (SELECT * FROM ${source} ORDER BY ${order} LIMIT $4 OFFSET $5) page ON true`;

const invoicesQuery = `WITH ${exportLines},
  invoices AS (
    SELECT min(l.id) AS id, l.invoice_no, max(l.bill_date)::text AS bill_date, max(l.contract) AS contract_number,
           array_agg(DISTINCT l.account_number ORDER BY l.account_number) AS account_numbers, count(*)::int AS line_count
      FROM lines l WHERE coalesce(l.invoice_no, '') <> '' AND ${matches('l', ['invoice_no', 'contract', 'account_number', 'code', 'item_name'])}
     GROUP BY l.invoice_no)
  ${paged('invoices', 'bill_date DESC NULLS LAST, invoice_no')}`;

const productsQuery = `WITH ${exportLines},
  products AS (
    SELECT l.id, l.hs, l.code, l.item_name, trim_scale(l.total)::text AS total, l.unit, trim_scale(l.unit_price)::text AS unit_price,
           trim_scale(l.nt_value)::text AS nt_value, l.account_number, l.row_number, l.registered_date::text AS registered_date,
           l.price_condition AS invoice_price_condition, trim_scale(l.exchange_rate)::text AS exchange_rate, l.invoice_no, l.bill_date::text AS bill_date,
           l.unloading_location, l.shipping_date::text AS shipping_date, l.type_code, l.from_country, l.partner, trim_scale(l.total_value)::text AS total_value,
           nullif(trim(l.currency), '') AS currency
      FROM lines l
     WHERE ($6::text IS NULL OR l.invoice_no = $6) AND ${matches('l', ['code', 'item_name', 'account_number', 'invoice_no', 'hs'])})
  ${paged('products', 'registered_date DESC, account_number, row_number, id')}`;

/** A search as a case-insensitive LIKE pattern, its wildcards taken literally. */
const pattern = (search: string | undefined) => (search?.trim() ? `%${search.trim().replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null);

async function page<T extends { id: number | null }>(run: Run, query: string, params: unknown[], pageSize: number): Promise<ListAnswer<T>> {
  const rows = await run<T & { count: number }>(query, params);
  const results = rows.filter((row) => row.id !== null).map(({ count: _count, ...row }) => row as unknown as T);
  const count = rows[0]?.count ?? 0;
  return { count, results: results.slice(0, pageSize), hasNext: results.length > pageSize };
}

/** The export invoices of a folder set: one row per invoice number with its date, contract and declarations. */
export function listInvoices(run: Run, scope: Scope, options: ListOptions): Promise<ListAnswer<Invoice>> {
  // One row more than the page tells whether a next page exists.
  return page<Invoice>(run, invoicesQuery, [scope.companyId, scope.folderSetId, pattern(options.search), options.pageSize + 1, (options.page - 1) * options.pageSize], options.pageSize);
}

/** The export declaration lines of a folder set (of one invoice with `invoiceNo`), newest first. */
export async function listProducts(run: Run, scope: Scope, options: ListOptions & { invoiceNo?: string | undefined }): Promise<ListAnswer<InvoiceProduct>> {
  const answer = await page<InvoiceProduct & { row_number?: number | null }>(run, productsQuery,
    [scope.companyId, scope.folderSetId, pattern(options.search), options.pageSize + 1, (options.page - 1) * options.pageSize, options.invoiceNo ?? null], options.pageSize);
  return { ...answer, results: answer.results.map(({ row_number: _row, ...row }) => row) };
}

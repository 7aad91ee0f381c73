/**
 * The taxable (customs) value in VND of a declaration line `line`, as every report reads it. A sheet often leaves the
 * taxable value column (`Trị giá tính thuế`) empty while it gives the invoice: the value is then derived from the
 * invoice value (`nt_value`, else unit price × quantity) × the exchange rate, rounded to the dong; an invoice in VND is
 * its own value, whatever rate the line repeats from the declaration. Reports derive it rather than the imports
 * writing it, so the table keeps what was imported.
 *
 * A line with neither has no value: null, never 0. Each report counts such lines and says its figures leave them out.
 */
const invoiceValue = (line: string) => `coalesce(${line}.nt_value, ${line}.unit_price * ${line}.total)`;

/** The value the invoice gives, or null: the line's currency is VND, or it names an exchange rate. */
const derivedValue = (line: string) => `round(CASE WHEN upper(trim(${line}.currency)) = 'VND' THEN ${invoiceValue(line)}
  WHEN ${line}.exchange_rate > 0 THEN ${invoiceValue(line)} * ${line}.exchange_rate END, 0)`;

/** The line's taxable value: as declared, else derived from its invoice; null when neither is known. */
export const customsValue = (line: string) => `coalesce(${line}.total_value, ${derivedValue(line)})`;

/** Where the value came from: `declared`, `derived` (invoice value × exchange rate) or `missing`. */
export const valueSource = (line: string) =>
  `CASE WHEN ${line}.total_value IS NOT NULL THEN 'declared' WHEN ${derivedValue(line)} IS NOT NULL THEN 'derived' ELSE 'missing' END`;

/** The columns every report reads the value of a line `line` of `ecus_lines` through: `total_value` and `value_source`. */
export const valueColumns = (line: string) => `${customsValue(line)} AS total_value, ${valueSource(line)} AS value_source`;

/** A C/O form (or a tariff schedule) as declared, in the spelling the forms' schedules are keyed by (upper case, no spaces), or null. */
export const declaredForm = (form: string) => `upper(replace(nullif(trim(${form}), ''), ' ', ''))`;

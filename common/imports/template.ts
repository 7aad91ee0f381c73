/**
 * What a table's import template says of each column: its header and what it takes. The server writes the
 * template workbook from it and the wizard's first step lists the same columns, so both read alike.
 */
import type { FieldDefinition } from '../resources/define.js';

/**
 * A required column's header carries a trailing star. Headers are compared without punctuation
 * (`headerKey`), so a filled-in template's marked names still propose their fields.
 */
export const templateHeader = (label: string, required: boolean) => (required ? `${label} *` : label);

/** What a column takes, as a catalog key (`imports.template.formats.<kind>`) and its values, for any language. */
export function columnFormat(
  name: string,
  definition: Pick<FieldDefinition, 'kind' | 'hsCode' | 'choices'>,
  choiceLabel: (field: string, value: string) => string,
): { key: string; values: Record<string, string> } {
  const kind = definition.hsCode ? 'hs' : definition.kind;
  const choices = (definition.choices ?? []).map((value) => choiceLabel(name, value)).join(', ');
  return { key: `imports.template.formats.${kind}`, values: kind === 'choice' ? { choices } : {} };
}

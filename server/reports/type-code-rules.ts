import { ruleColumns, type TypeCodeRule } from '../../common/statements/schemas.js';
import type { Run } from '../db/run.js';
import { AppError } from '../http/errors.js';

/** The rules a company's statements follow for a regime: its own where it set one, the preset elsewhere. */
export async function listTypeCodeRules(run: Run, companyId: string, regime: string): Promise<TypeCodeRule[]> {
  return run<TypeCodeRule>(
    `SELECT DISTINCT ON (type_code, form) regime, type_code, form, column_name AS column,
            CASE WHEN company_id IS NULL THEN 'preset' ELSE 'company' END AS source
       FROM type_code_rules WHERE regime = $2 AND (company_id = $1 OR company_id IS NULL)
      ORDER BY type_code, form, company_id NULLS LAST`,
    [companyId, regime]);
}

export async function setTypeCodeRule(run: Run, companyId: string, rule: Omit<TypeCodeRule, 'source'>): Promise<void> {
  if (!(ruleColumns[rule.form] as readonly string[]).includes(rule.column)) {
    const message = `Form ${rule.form} has no column ${rule.column}: use one of ${ruleColumns[rule.form].join(', ')}.`;
    throw new AppError('validation_error', message, { fields: { column: [message] } });
  }
  await run(
    `INSERT INTO type_code_rules (company_id, regime, type_code, form, column_name) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (company_id, regime, type_code, form) DO UPDATE SET column_name = EXCLUDED.column_name, updated_at = now()`,
    [companyId, rule.regime, rule.type_code, rule.form, rule.column]);
}

/** Removes the company's own rule, so the preset (if any) applies again. */
export async function revertTypeCodeRule(run: Run, companyId: string, rule: Pick<TypeCodeRule, 'regime' | 'type_code' | 'form'>): Promise<void> {
  const removed = await run(`DELETE FROM type_code_rules WHERE company_id = $1 AND regime = $2 AND type_code = $3 AND form = $4 RETURNING id`,
    [companyId, rule.regime, rule.type_code, rule.form]);
  if (removed.length === 0) throw new AppError('not_found', 'The company has no rule of its own for this type code.');
}

import type { Database } from '../db/client.js';
import type { DecisionDoc, DecisionPage, TariffDoc } from '../../common/lookup/schemas.js';
import { notFound } from '../http/errors.js';
import { decisionColumns, runner, tariffColumns } from './sql.js';

/** A classification decision with the tariff line of the code it resulted in. */
export async function getDecision(options: { database: Database; id: number }): Promise<DecisionPage> {
  const run = runner(options.database);
  const [decision] = await run<DecisionDoc>(`SELECT ${decisionColumns} FROM lookup_decision d WHERE d.id = $1`, [options.id]);
  if (!decision) throw notFound('No such classification decision.');
  const [line] = await run<TariffDoc>(`SELECT ${tariffColumns} FROM lookup_tariff_line l WHERE l.id = $1
    ORDER BY (l.year = $2) DESC, l.year DESC LIMIT 1`, [decision.hs, decision.year]);
  return { decision, line: line ?? null };
}

import type { Database } from '../db/client.js';
import type { Regulation, RegulationPage, TariffDoc } from '../../common/lookup/schemas.js';
import { notFound } from '../http/errors.js';
import { runner, tariffColumns } from './sql.js';

/** A regulation with the tariff lines of the codes it is linked to, in the chosen year. */
export async function getRegulation(options: { database: Database; id: number; year: number }): Promise<RegulationPage> {
  const run = runner(options.database);
  const [regulation] = await run<Regulation>(`SELECT r.id, r.doc_no, r.doc_date::text AS doc_date, r.issuer, r.title, r.en_title, r.ko_title,
      r.summary, r.en_summary, r.ko_summary, ARRAY(SELECT hs FROM lookup_regulation_code x WHERE x.regulation_id = r.id ORDER BY hs) AS codes
    FROM lookup_regulation r WHERE r.id = $1`, [options.id]);
  if (!regulation) throw notFound('No such regulation.');
  const lines = await run<TariffDoc>(`SELECT ${tariffColumns} FROM lookup_tariff_line l WHERE l.year = $1 AND l.id = ANY($2::text[]) ORDER BY l.position`,
    [options.year, regulation.codes]);
  return { regulation, lines };
}

import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { ReportRuns } from './reports/report-runs.js';
import type { Mailer } from './mail/mailer.js';

/** What every route module may use. Tests build the app with their own. */
export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  /** Reports computed as jobs and kept until their data changes. */
  reports: ReportRuns;
}

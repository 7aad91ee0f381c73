import { dashboardComputations } from './companies/dashboard.js';
import type { ReportComputations } from './jobs/report-runs.js';
import { statementComputations } from './statements/compute-statements.js';

/** Every report a server or `npm run worker` computes as a job, by name. */
export const reportComputations: ReportComputations = { ...statementComputations, ...dashboardComputations };

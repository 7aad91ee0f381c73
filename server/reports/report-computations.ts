import { dashboardComputations } from './dashboard.js';
import type { ReportComputations } from './report-runs.js';
import { statementComputations } from './compute-statements.js';

/** Every report a server or `npm run worker` computes as a job, by name. */
export const reportComputations: ReportComputations = { ...statementComputations, ...dashboardComputations };

import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../app/lazy-screen.js';

/** The finalization reports, signed-in users only, in a chunk of their own. */
export const reportRoutes: RouteObject[] = [
  { path: 'reports/:tab?', element: lazyScreen(() => import('./ReportsPage.js').then((m) => m.ReportsPage), 'in') },
];

import type { RouteObject } from 'react-router';
import { SignedInOnly } from '../../app/session/guards.js';
import { ScreenError } from '../data/ScreenError.js';

/** The finalization reports, signed-in users only, in a chunk of their own. */
export const reportRoutes: RouteObject[] = [{
  path: 'reports/:tab?',
  errorElement: <ScreenError />,
  lazy: async () => {
    const { ReportsPage } = await import('./ReportsPage.js');
    return { element: <SignedInOnly><ReportsPage /></SignedInOnly> };
  },
}];

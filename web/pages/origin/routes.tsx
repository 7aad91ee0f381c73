import type { RouteObject } from 'react-router';
import { SignedInOnly } from '../../app/session/guards.js';
import { ScreenError } from '../data/ScreenError.js';

/** The origin schedule screen, signed-in users only, in a chunk of its own. */
export const originRoutes: RouteObject[] = [{
  path: 'fta/bangke',
  errorElement: <ScreenError />,
  lazy: async () => {
    const { SchedulePage } = await import('./SchedulePage.js');
    return { element: <SignedInOnly><SchedulePage /></SignedInOnly> };
  },
}];

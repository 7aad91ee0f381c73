import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../app/lazy-screen.js';

/** The origin schedule screen, signed-in users only, in a chunk of its own. */
export const originRoutes: RouteObject[] = [
  { path: 'fta/bangke', element: lazyScreen(() => import('./SchedulePage.js').then((m) => m.SchedulePage), 'in') },
];

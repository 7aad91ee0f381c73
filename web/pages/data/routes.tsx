import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../app/lazy-screen.js';
import { dataPages, ftaPages } from './data-pages.js';

/** The data screens, signed-in users only; the table screen (and its grid) is its own chunk. */
export const dataRoutes: RouteObject[] = [
  ...dataPages.map((page): RouteObject => ({
    path: `${page.path.slice(1)}/:tab?`,
    element: lazyScreen(() => import('./DataPage.js').then((m) => () => <m.DataTabsPage page={page} />), 'in'),
  })),
  ...ftaPages.map((page): RouteObject => ({
    path: page.path.slice(1),
    element: lazyScreen(() => import('./DataPage.js').then((m) => () => <m.SingleTablePage name={page.resource} titleId={`data.menu.${page.id}`} />), 'in'),
  })),
];

import type { RouteObject } from 'react-router';
import { SignedInOnly } from '../../app/session/guards.js';
import { dataPages, ftaPages } from './data-pages.js';

/** The data screens, signed-in users only; the table screen (and its grid) is its own chunk. */
export const dataRoutes: RouteObject[] = [
  ...dataPages.map((page): RouteObject => ({
    path: `${page.path.slice(1)}/:tab?`,
    lazy: async () => {
      const { DataTabsPage } = await import('./DataPage.js');
      return { element: <SignedInOnly><DataTabsPage page={page} /></SignedInOnly> };
    },
  })),
  ...ftaPages.map((page): RouteObject => ({
    path: page.path.slice(1),
    lazy: async () => {
      const { SingleTablePage } = await import('./DataPage.js');
      return { element: <SignedInOnly><SingleTablePage name={page.resource} titleId={`data.menu.${page.id}`} /></SignedInOnly> };
    },
  })),
];

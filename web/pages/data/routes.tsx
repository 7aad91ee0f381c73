import type { RouteObject } from 'react-router';
import { SignedInOnly } from '../../app/session/guards.js';
import { dataPages, ftaPages } from './data-pages.js';
import { ScreenError } from './ScreenError.js';

/** The data screens, signed-in users only; the table screen (and its grid) is its own chunk. */
export const dataRoutes: RouteObject[] = [
  ...dataPages.map((page): RouteObject => ({
    path: `${page.path.slice(1)}/:tab?`,
    errorElement: <ScreenError />,
    lazy: async () => {
      const { DataTabsPage } = await import('./DataPage.js');
      return { element: <SignedInOnly><DataTabsPage page={page} /></SignedInOnly> };
    },
  })),
  ...ftaPages.map((page): RouteObject => ({
    path: page.path.slice(1),
    errorElement: <ScreenError />,
    lazy: async () => {
      const { SingleTablePage } = await import('./DataPage.js');
      return { element: <SignedInOnly><SingleTablePage name={page.resource} titleId={`data.menu.${page.id}`} /></SignedInOnly> };
    },
  })),
];

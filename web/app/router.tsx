import { createBrowserRouter, Outlet } from 'react-router';
import { LookupHomePage } from '../pages/lookup/LookupHomePage.js';
import { lookupRoutes } from '../pages/lookup/routes.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { publicMenu } from './layout/menu-items.js';
import { Shell } from './layout/Shell.js';
import { usePathChangeEffects } from './page-effects.js';
import { runtimeConfig } from './runtime-config.js';

function RootLayout() {
  usePathChangeEffects();
  return (
    <Shell menu={publicMenu}>
      <Outlet />
    </Shell>
  );
}

export const router = createBrowserRouter(
  [
    {
      element: <RootLayout />,
      children: [
        { index: true, element: <LookupHomePage /> },
        ...lookupRoutes,
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
  { basename: runtimeConfig.basePath || '/' },
);

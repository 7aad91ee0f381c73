import { createBrowserRouter, Outlet } from 'react-router';
import { HomePage } from '../pages/HomePage.js';
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
        { index: true, element: <HomePage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
  { basename: runtimeConfig.basePath || '/' },
);

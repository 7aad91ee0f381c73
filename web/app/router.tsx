import { BrowserRouter, Outlet, type RouteObject, useRoutes } from 'react-router';
import { adminRoutes } from '../pages/admin/routes.js';
import { ContactWidget } from '../pages/contact/ContactWidget.js';
import { dataRoutes } from '../pages/data/routes.js';
import { reportRoutes } from '../pages/reports/routes.js';
import { originRoutes } from '../pages/origin/routes.js';
import { HomeRoute } from '../pages/overview/HomeRoute.js';
import { lookupRoutes } from '../pages/lookup/routes.js';
import { NotFoundPage } from '../pages/NotFoundPage.js';
import { useMenuWithReports } from '../pages/uni/report-menu.js';
import { HeaderAccount } from './layout/AccountMenu.js';
import { lazyScreen } from './lazy-screen.js';
import { CompanySwitcher } from './layout/CompanySwitcher.js';
import { publicMenu, signedInMenu } from './layout/menu-items.js';
import { Shell } from './layout/Shell.js';
import { PageMessages } from './i18n/SignedInMessages.js';
import { usePathChangeEffects } from './page-effects.js';
import { runtimeConfig } from './runtime-config.js';
import { accountRoutes } from './session/routes.js';
import { useSession } from './session/SessionProvider.js';

function RootLayout() {
  usePathChangeEffects();
  const signedIn = useSession().status === 'authenticated';
  const reportsMenu = useMenuWithReports(signedInMenu);
  return (
    <Shell
      menu={signedIn ? reportsMenu : publicMenu}
      headerActions={<>{!signedIn && <ContactWidget />}<HeaderAccount /></>}
      drawerHeader={signedIn ? (placement) => <CompanySwitcher placement={placement} /> : undefined}
    >
      <PageMessages><Outlet /></PageMessages>
    </Shell>
  );
}

/**
 * The routes, each screen's chunk loaded on its first visit (`lazyScreen`). Declared as components (`BrowserRouter`), not
 * as a data router: the app loads its data with React Query, and the data router's code was 53 kB of the first page's.
 */
const routes: RouteObject[] = [
    {
      element: <RootLayout />,
      children: [
        { index: true, element: <HomeRoute /> },
        ...accountRoutes,
        ...dataRoutes,
        ...reportRoutes,
        ...originRoutes,
        // Guarded inside the page: only holders of an XNK-UTM-CO report and administrators see it.
        { path: 'uni/xnk-co-utm', element: lazyScreen(() => import('../pages/uni/CoUtilisationPage.js').then((m) => m.CoUtilisationPage)) },
        // BCQT and Tax reports, guarded the same way.
        { path: 'uni/reports/:type', element: lazyScreen(() => import('../pages/uni/ReportTypePage.js').then((m) => m.ReportTypePage)) },
        ...adminRoutes,
        ...lookupRoutes,
        { path: '*', element: <NotFoundPage /> },
      ],
    },
];

function Routed() {
  return useRoutes(routes);
}

export function AppRouter() {
  return <BrowserRouter basename={runtimeConfig.basePath || '/'}><Routed /></BrowserRouter>;
}

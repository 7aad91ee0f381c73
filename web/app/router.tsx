import { createBrowserRouter, Outlet } from 'react-router';
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

export const router = createBrowserRouter(
  [
    {
      element: <RootLayout />,
      children: [
        { index: true, element: <HomeRoute /> },
        ...accountRoutes,
        ...dataRoutes,
        ...reportRoutes,
        ...originRoutes,
        // Guarded inside the page: only holders of an XNK-UTM-CO report and administrators see it.
        { path: 'uni/xnk-co-utm', lazy: async () => ({ Component: (await import('../pages/uni/CoUtilisationPage.js')).CoUtilisationPage }) },
        // BCQT and Tax reports, guarded the same way.
        { path: 'uni/reports/:type', lazy: async () => ({ Component: (await import('../pages/uni/ReportTypePage.js')).ReportTypePage }) },
        ...adminRoutes,
        ...lookupRoutes,
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
  { basename: runtimeConfig.basePath || '/' },
);

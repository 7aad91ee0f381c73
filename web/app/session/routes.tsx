import type { RouteObject } from 'react-router';
import { lazyScreen } from '../lazy-screen.js';

/** The sign-in screens (visitors only) and the account and company pages (signed-in users only), each its own chunk. */
export const accountRoutes: RouteObject[] = [
  { path: 'login', element: lazyScreen(() => import('../../pages/auth/LoginPage.js').then((m) => m.LoginPage), 'out') },
  { path: 'register', element: lazyScreen(() => import('../../pages/auth/RegisterPage.js').then((m) => m.RegisterPage), 'out') },
  { path: 'forgot', element: lazyScreen(() => import('../../pages/auth/ForgotPage.js').then((m) => m.ForgotPage), 'out') },
  { path: 'verify', element: lazyScreen(() => import('../../pages/auth/VerifyPage.js').then((m) => () => <m.VerifyPage purpose="register" />), 'out') },
  { path: 'check-mail', element: lazyScreen(() => import('../../pages/auth/CheckMailPage.js').then((m) => m.CheckMailPage), 'out') },
  { path: 'forgot/verify', element: lazyScreen(() => import('../../pages/auth/VerifyPage.js').then((m) => () => <m.VerifyPage purpose="reset" />), 'out') },
  { path: 'reset-password', element: lazyScreen(() => import('../../pages/auth/ResetPasswordPage.js').then((m) => m.ResetPasswordPage), 'out') },
  { path: 'user', element: lazyScreen(() => import('../../pages/account/AccountPage.js').then((m) => m.AccountPage), 'in') },
  { path: 'company', element: lazyScreen(() => import('../../pages/company/CompanyPage.js').then((m) => m.CompanyPage), 'in') },
];

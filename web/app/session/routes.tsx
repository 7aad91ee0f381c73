import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { SignedInOnly, SignedOutOnly } from './guards.js';

/** Each screen is its own chunk: visitors of the public lookup never download the account screens. */
const screen = (path: string, guard: 'in' | 'out', load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => {
    const Page = await load();
    const Guard = guard === 'in' ? SignedInOnly : SignedOutOnly;
    return { element: <Guard><Page /></Guard> };
  },
});

/** The sign-in screens (visitors only) and the account and company pages (signed-in users only). */
export const accountRoutes: RouteObject[] = [
  screen('login', 'out', () => import('../../pages/auth/LoginPage.js').then((m) => m.LoginPage)),
  screen('register', 'out', () => import('../../pages/auth/RegisterPage.js').then((m) => m.RegisterPage)),
  screen('forgot', 'out', () => import('../../pages/auth/ForgotPage.js').then((m) => m.ForgotPage)),
  screen('verify', 'out', () => import('../../pages/auth/VerifyPage.js').then((m) => () => <m.VerifyPage purpose="register" />)),
  screen('check-mail', 'out', () => import('../../pages/auth/CheckMailPage.js').then((m) => m.CheckMailPage)),
  screen('forgot/verify', 'out', () => import('../../pages/auth/VerifyPage.js').then((m) => () => <m.VerifyPage purpose="reset" />)),
  screen('reset-password', 'out', () => import('../../pages/auth/ResetPasswordPage.js').then((m) => m.ResetPasswordPage)),
  screen('user', 'in', () => import('../../pages/account/AccountPage.js').then((m) => m.AccountPage)),
  screen('company', 'in', () => import('../../pages/company/CompanyPage.js').then((m) => m.CompanyPage)),
];

/**
 * The e-mail a code was sent to, and the verified reset code, held in session storage between the
 * auth screens: a reload keeps the flow going, closing the tab forgets it.
 */
const emailKey = 'auth_email';
const resetCodeKey = 'auth_reset_code';

export const pendingEmail = {
  get: () => window.sessionStorage.getItem(emailKey),
  set: (email: string) => window.sessionStorage.setItem(emailKey, email),
};

export const verifiedResetCode = {
  get: () => window.sessionStorage.getItem(resetCodeKey),
  set: (code: string) => window.sessionStorage.setItem(resetCodeKey, code),
};

export function forgetPendingAuth(): void {
  window.sessionStorage.removeItem(emailKey);
  window.sessionStorage.removeItem(resetCodeKey);
}

/**
 * The e-mail a code was sent to, and the verified reset code, held in session storage between the
 * auth screens: a reload keeps the flow going, closing the tab forgets it.
 */
const emailKey = 'auth_email';
const resetCodeKey = 'auth_reset_code';
const registrationKey = 'auth_registration';

export const pendingEmail = {
  get: () => window.sessionStorage.getItem(emailKey),
  set: (email: string) => window.sessionStorage.setItem(emailKey, email),
};

/** The registration the code screen confirms, as the registration answered it (absent after a sign-in attempt). */
export const pendingRegistration = {
  get: () => window.sessionStorage.getItem(registrationKey) ?? undefined,
  set: (id: string | undefined) => (id ? window.sessionStorage.setItem(registrationKey, id) : window.sessionStorage.removeItem(registrationKey)),
};

export const verifiedResetCode = {
  get: () => window.sessionStorage.getItem(resetCodeKey),
  set: (code: string) => window.sessionStorage.setItem(resetCodeKey, code),
};

export function forgetPendingAuth(): void {
  window.sessionStorage.removeItem(emailKey);
  window.sessionStorage.removeItem(resetCodeKey);
  window.sessionStorage.removeItem(registrationKey);
}

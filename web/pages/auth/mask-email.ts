/**
 * `someone@example.com` → `so****@example.com`: enough to recognise one's own address on a shared
 * screen without showing it. The number of stars is fixed so the length is not revealed either.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at) : '';
  const visible = local.slice(0, local.length <= 3 ? 1 : 2);
  return `${visible}****${domain}`;
}

/** Local storage keys of a signed-in session, named as the spec names them. */
export const sessionKeys = {
  token: 'token',
  companySlug: 'company_slug',
  folderSlug: 'folder_slug',
  sessionStartTime: 'session_start_time',
} as const;

export function clearStoredSession(storage: Pick<Storage, 'removeItem'>): void {
  for (const key of Object.values(sessionKeys)) storage.removeItem(key);
}

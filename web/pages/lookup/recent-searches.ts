import type { SearchMode } from '../../../common/lookup/schemas.js';

const storageKey = 'lookup_recent_searches';
const kept = 8;

export interface RecentSearch { q: string; mode: SearchMode }

/** The visitor's latest searches, kept in this browser only. */
export function recentSearches(): RecentSearch[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is RecentSearch => typeof item?.q === 'string' && (item.mode === 'tariff' || item.mode === 'classification')) : [];
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();
let snapshot: { raw: string | null; list: RecentSearch[] } | undefined;

/** Lets a list of recent searches redraw as soon as a search is made or the list cleared, not on the next visit. */
export function subscribeRecentSearches(listener: () => void): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

/** The same list while storage is unchanged, as useSyncExternalStore needs. */
export function recentSearchesSnapshot(): RecentSearch[] {
  const raw = localStorage.getItem(storageKey);
  if (snapshot?.raw !== raw) snapshot = { raw, list: recentSearches() };
  return snapshot.list;
}

export function rememberSearch(search: RecentSearch): void {
  if (!search.q) return;
  const rest = recentSearches().filter((item) => item.q !== search.q || item.mode !== search.mode);
  localStorage.setItem(storageKey, JSON.stringify([search, ...rest].slice(0, kept)));
  for (const listener of listeners) listener();
}

export function forgetSearches(): void {
  localStorage.removeItem(storageKey);
  for (const listener of listeners) listener();
}

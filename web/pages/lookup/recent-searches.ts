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

export function rememberSearch(search: RecentSearch): void {
  if (!search.q) return;
  const rest = recentSearches().filter((item) => item.q !== search.q || item.mode !== search.mode);
  localStorage.setItem(storageKey, JSON.stringify([search, ...rest].slice(0, kept)));
}

export function forgetSearches(): void {
  localStorage.removeItem(storageKey);
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSearches, recentSearchesSnapshot, rememberSearch, subscribeRecentSearches } from './recent-searches.js';

describe('recent searches', () => {
  beforeEach(() => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => { store.set(key, value); },
      removeItem: (key: string) => { store.delete(key); },
    });
  });
  afterEach(() => { vi.unstubAllGlobals(); });

  it('tells the list on the page at once when a search is made or the list cleared', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeRecentSearches(listener);
    rememberSearch({ q: 'nồi cơm điện', mode: 'tariff' });
    expect(listener).toHaveBeenCalledTimes(1);
    const first = recentSearchesSnapshot();
    expect(first).toEqual([{ q: 'nồi cơm điện', mode: 'tariff' }]);
    expect(recentSearchesSnapshot()).toBe(first);
    forgetSearches();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(recentSearchesSnapshot()).toEqual([]);
    unsubscribe();
    rememberSearch({ q: 'air conditioner', mode: 'tariff' });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

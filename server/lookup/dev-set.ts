import { readFileSync } from 'node:fs';
import { fold } from '../../common/text/fold.js';

/** A product of the development set: its names as people type them and the codes that classify it. */
export interface DevProduct { half: 'tuning' | 'check'; expect: string[]; vi: string; en: string; ko: string }
export type DevLang = 'vi' | 'vi-plain' | 'en' | 'ko';
export interface DevQuery { q: string; lang: DevLang; expect: string[]; half: DevProduct['half'] }

/**
 * The development set (server/lookup/fixtures/dev-set.json): product names across every chapter, split once at random
 * into a tuning half, which rules and weights may be shaped on, and a check half, which they never are. Each product
 * is searched in Vietnamese, Vietnamese without accents (where its name has any), English and Korean.
 */
export function devQueries(): DevQuery[] {
  const { products } = JSON.parse(readFileSync(new URL('./fixtures/dev-set.json', import.meta.url), 'utf8')) as { products: DevProduct[] };
  return products.flatMap(({ half, expect, vi, en, ko }) => [
    { q: vi, lang: 'vi' as const, expect, half },
    ...(fold(vi) === vi.toLowerCase() ? [] : [{ q: fold(vi), lang: 'vi-plain' as const, expect, half }]),
    { q: en, lang: 'en' as const, expect, half },
    { q: ko, lang: 'ko' as const, expect, half },
  ]);
}

export interface RankFigures { queries: number; top1: number; top3: number; mrr: number }

/** First, first three and mean reciprocal rank of a list of ranks (0: not in the answer). */
export function figuresOf(ranks: number[]): RankFigures {
  const count = ranks.length || 1;
  return {
    queries: ranks.length,
    top1: ranks.filter((rank) => rank === 1).length / count,
    top3: ranks.filter((rank) => rank >= 1 && rank <= 3).length / count,
    mrr: ranks.reduce((sum, rank) => sum + (rank ? 1 / rank : 0), 0) / count,
  };
}

/** Where the first line a query expects stands in an answer's ids (a heading or subheading counts for the lines under it), 0 if absent. */
export const rankOf = (ids: string[], expect: string[]): number => ids.findIndex((id) => expect.some((code) => id.startsWith(code))) + 1;

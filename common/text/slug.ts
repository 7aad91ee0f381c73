import { fold } from './fold.js';

/** 'Công ty Đông Á' → 'cong-ty-dong-a'; empty input gives ''. */
export function slugify(value: string, maxLength = 50): string {
  return fold(value).replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, maxLength).replace(/-+$/, '');
}

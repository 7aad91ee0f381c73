/** Lowercase ASCII with accents folded (Vietnamese đ included): for slugs and header matching. */
export function foldAccents(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D');
}

/** 'Công ty Đông Á' → 'cong-ty-dong-a'; empty input gives ''. */
export function slugify(value: string, maxLength = 50): string {
  return foldAccents(value).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, maxLength).replace(/-+$/, '');
}

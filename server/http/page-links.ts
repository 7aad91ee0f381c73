/**
 * The address of another page of a paged list: the request's own, with `page` set, so that its filters and page size
 * carry over as the client sent them.
 */
export function pageLink(requestUrl: string, page: number): string {
  const [path, search = ''] = requestUrl.split('?');
  const params = new URLSearchParams(search);
  params.set('page', String(page));
  return `${path}?${params.toString()}`;
}

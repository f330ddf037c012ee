// Which rows a page of a server-paged list shows ("21–40 of 57"), for every list of the member app.

export interface PageInfo {
  page: number;
  pages: number;
  first: number;
  last: number;
  total: number;
}

export function pageInfo(page: number, perPage: number, total: number): PageInfo {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : Math.min((page - 1) * perPage + 1, total);
  return { page, pages, first, last: Math.min(page * perPage, total), total };
}

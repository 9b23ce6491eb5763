import { pageOf, type Page, type PageQuery } from '../../contract/pagination';

/** One page of a list: the total and the page's rows, fetched together. */
export async function paged<T>(
  q: PageQuery,
  total: () => Promise<number>,
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<Page<T>> {
  const [n, data] = await Promise.all([total(), rows(q.limit, (q.page - 1) * q.limit)]);
  return pageOf(data, n, q);
}

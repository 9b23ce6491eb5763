import { useSearchParams } from 'react-router';
import { z } from 'zod';

/** The filters of a list: any of its query schema's fields, as parsed (unknown values are dropped). */
export type ListFilters<S extends z.ZodObject> = Partial<z.output<S>>;

/**
 * What the address says for "no filter" on a field that has a default (`?status=all` where the plain address
 * means pending). A field with a default should not offer a value of this name.
 */
export const ALL = 'all';

/**
 * Page and filters from the address: each filter through its own field of `schema`, page 1 unless a positive
 * integer. A field missing (or unreadable) in the address takes its value from `defaults`; `ALL` there clears it.
 */
export function readListParams<S extends z.ZodObject>(
  schema: S,
  params: URLSearchParams,
  pageParam = 'page',
  defaults: ListFilters<S> = {},
): { page: number; filters: ListFilters<S> } {
  const filters: Record<string, unknown> = { ...defaults };
  for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
    const raw = params.get(key);
    if (raw === null || raw === '') continue;
    if (raw === ALL && key in defaults) {
      delete filters[key];
      continue;
    }
    const parsed = field.safeParse(raw);
    if (parsed.success && parsed.data !== undefined) filters[key] = parsed.data;
  }
  const page = Number(params.get(pageParam));
  return { page: Number.isInteger(page) && page > 0 ? page : 1, filters: filters as ListFilters<S> };
}

/**
 * The address of a page and filters, keeping the address's other parameters. Page 1, empty filters and filters
 * at their default are left out, so the plain list has the plain address; an empty filter that has a default
 * is written as `ALL`.
 */
export function writeListParams<S extends z.ZodObject>(
  schema: S,
  base: URLSearchParams,
  page: number,
  filters: ListFilters<S>,
  pageParam = 'page',
  defaults: ListFilters<S> = {},
): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of [...Object.keys(schema.shape), pageParam]) params.delete(key);
  const given: Record<string, unknown> = filters;
  const fallback: Record<string, unknown> = defaults;
  const empty = (value: unknown) => value === undefined || value === null || value === '';
  for (const [key, value] of Object.entries(given))
    if (!empty(value) && !(key in fallback && value === fallback[key])) params.set(key, String(value));
  for (const key of Object.keys(fallback)) if (empty(given[key])) params.set(key, ALL);
  if (page > 1) params.set(pageParam, String(page));
  return params;
}

/**
 * A server-paged list's page and filters, kept in the address: the back button steps through
 * pages and a shared link opens the same view. Changing a filter starts again at page 1. Two
 * lists on one screen give each its own `pageParam`. `defaults` are the filters of the plain address.
 */
export function useListState<S extends z.ZodObject>(schema: S, pageParam = 'page', defaults: ListFilters<S> = {}) {
  const [params, setParams] = useSearchParams();
  const { page, filters } = readListParams(schema, params, pageParam, defaults);
  return {
    page,
    filters,
    setPage: (next: number, replace = false) =>
      setParams((current) => writeListParams(schema, current, next, filters, pageParam, defaults), { replace }),
    // A filter typed letter by letter is one step of history, not one per letter.
    setFilters: (next: ListFilters<S>) =>
      setParams((current) => writeListParams(schema, current, 1, next, pageParam, defaults), { replace: true }),
  };
}

/** A list with no filters, only pages. */
export const NO_FILTERS = z.object({});

/** The page of a list that has no filters, kept in the address under `pageParam`. */
export function usePageParam(pageParam = 'page') {
  const { page, setPage } = useListState(NO_FILTERS, pageParam);
  return [page, setPage] as const;
}

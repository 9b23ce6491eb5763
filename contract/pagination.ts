import { z } from 'zod';

/** `?page=1&limit=10`: page is 1-based (0 read as 1), limit capped at 100. */
export const zPageQuery = z.object({
  page: z.coerce
    .number()
    .int()
    .min(0)
    .default(1)
    .transform((p) => Math.max(1, p)),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(10)
    .transform((l) => Math.min(100, l)),
});
export type PageQuery = z.infer<typeof zPageQuery>;

export function zPage<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalItems: z.number().int(),
  });
}
export interface Page<T> {
  data: T[];
  currentPage: number;
  totalPages: number;
  totalItems: number;
}

export function pageOf<T>(data: T[], totalItems: number, q: PageQuery): Page<T> {
  return { data, currentPage: q.page, totalPages: Math.max(1, Math.ceil(totalItems / q.limit)), totalItems };
}

/** Path `:id`: a positive safe integer, else 400. */
export const zIdParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

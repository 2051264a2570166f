import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "../limits";

/** Page and page size as query strings: whole numbers, pageSize at most MAX_PAGE_SIZE. */
export const paginationQuery = {
  page: z.coerce
    .number({ message: "page must be a whole number of at least 1" })
    .int("page must be a whole number of at least 1")
    .min(1, "page must be a whole number of at least 1")
    .max(10_000, "page must be at most 10000")
    .default(1),
  pageSize: z.coerce
    .number({ message: `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int(`pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .min(1, `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
};

export function pageOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

export const idParam = z.object({ id: z.uuid({ message: "id must be a UUID" }) });

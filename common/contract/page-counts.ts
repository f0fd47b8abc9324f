import { z } from 'zod'

/**
 * What every paged admin list answers beside its rows (activity, contact inbox, redirects,
 * subscribers): how many rows in all, which page this is, and how many rows a page holds.
 */
export const pageCounts = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
}

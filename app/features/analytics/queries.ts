import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '#app/lib/api-client.ts'
import { AnalyticsOverview } from '#common/contract/analytics.ts'

export const analyticsKeys = {
  all: ['analytics'] as const,
  overviews: () => [...analyticsKeys.all, 'overview'] as const,
  overview: (from: string, to: string, postId: number | null) =>
    [...analyticsKeys.overviews(), { from, to, postId }] as const,
}

/**
 * GET /api/analytics/overview?from=&to=[&postId=] : the figures of a range of UTC days, for the
 * whole site or one post.
 */
export const overviewOptions = ({ from, to, postId = null }: { from: string; to: string; postId?: number | null }) =>
  queryOptions({
    queryKey: analyticsKeys.overview(from, to, postId),
    queryFn: () => {
      const search = new URLSearchParams({ from, to })
      if (postId !== null) search.set('postId', String(postId))
      return api.get(`/api/analytics/overview?${search}`, AnalyticsOverview)
    },
    // Visits keep arriving: unlike the app's other data (never stale, docs/product.md §7), figures seen a
    // minute ago are read again when the admin comes back to them.
    staleTime: 60_000,
    // Another range keeps the figures on screen, dimmed, until its own arrive.
    placeholderData: keepPreviousData,
  })

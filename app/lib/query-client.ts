import { QueryClient } from '@tanstack/react-query'

/**
 * docs/product.md §7: queries never refetch on an interval or on focus, never go stale, and neither queries
 * nor mutations retry by default. (The admin status query overrides these: see features/admin.)
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: { retry: false },
    },
  })
}

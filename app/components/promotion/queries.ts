import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query'

/**
 * A mutation of a promotion panel that refetches the panel's list (docs/product.md §7 has no
 * interval refetch): once it worked, or (`'settled'`) also after a refusal that changes the row
 * (a network's 502 marks it 'failed').
 */
export function useListMutation<Variables, Answer>(
  listKey: QueryKey,
  mutationFn: (variables: Variables) => Promise<Answer>,
  refetchOn: 'success' | 'settled' = 'success',
) {
  const qc = useQueryClient()
  const refetchList = () => qc.invalidateQueries({ queryKey: listKey })
  return useMutation({
    mutationFn,
    ...(refetchOn === 'success' ? { onSuccess: refetchList } : { onSettled: refetchList }),
  })
}

/** Refetches the list and one post's analytics: the click figures of both move together. */
export function useRefreshClicks(listKey: QueryKey, analyticsKey: QueryKey) {
  const qc = useQueryClient()
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: listKey }), qc.invalidateQueries({ queryKey: analyticsKey })])
}

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#app/lib/api-client.ts'
import { postKeys } from '#app/lib/post-queries.ts'
import { RestoreRevisionResponse, Revision, RevisionList } from '#common/contract/revisions.ts'

/** Below the post's detail key: whatever refreshes a post may refresh its history with it. */
export const revisionKeys = {
  all: (postId: number) => [...postKeys.detail(postId), 'revisions'] as const,
  detail: (postId: number, revisionId: number) => [...revisionKeys.all(postId), revisionId] as const,
}

/** Fetched again whenever the History card mounts: every save elsewhere adds a revision. */
export const revisionListOptions = (postId: number) =>
  queryOptions({
    queryKey: revisionKeys.all(postId),
    queryFn: () => api.get(`/api/blog/${postId}/revisions`, RevisionList),
    staleTime: 0,
  })

/** A revision never changes once written. */
export const revisionOptions = (postId: number, revisionId: number) =>
  queryOptions({
    queryKey: revisionKeys.detail(postId, revisionId),
    queryFn: () => api.get(`/api/blog/${postId}/revisions/${revisionId}`, Revision),
  })

export function useRestoreRevision(postId: number) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (revisionId: number) =>
      api.post(`/api/blog/${postId}/revisions/${revisionId}/restore`, undefined, RestoreRevisionResponse),
    onSuccess: (answer) => {
      qc.setQueryData(postKeys.detail(postId), answer.post)
      return Promise.all([
        qc.invalidateQueries({ queryKey: revisionKeys.all(postId) }),
        qc.invalidateQueries({ queryKey: postKeys.lists() }),
      ])
    },
  })
}

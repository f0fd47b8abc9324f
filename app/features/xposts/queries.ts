import { queryOptions } from '@tanstack/react-query'
import { useListMutation, useRefreshClicks as useRefreshListAndAnalytics } from '#app/components/promotion/queries.ts'
import { api } from '#app/lib/api-client.ts'
import { type XPostScheduleInput, XPostScheduleResponse } from '#common/contract/schedule.ts'
import {
  PostToXResponse,
  XCapabilities,
  XPost,
  XPostAnalytics,
  XPostList,
  type XPostStatus,
  XPostStatusResponse,
} from '#common/contract/x-posts.ts'

export const xPostKeys = {
  all: ['x-posts'] as const,
  lists: () => [...xPostKeys.all, 'list'] as const,
  list: (blogPostId: number) => [...xPostKeys.lists(), blogPostId] as const,
  analytics: (xPostId: number) => [...xPostKeys.all, 'analytics', xPostId] as const,
  capabilities: () => [...xPostKeys.all, 'capabilities'] as const,
}

/** docs/product.md §7: GET /api/blog/{id}/x-posts → {xPosts}, newest first. */
export const xPostListOptions = (blogPostId: number) =>
  queryOptions({
    queryKey: xPostKeys.list(blogPostId),
    queryFn: () => api.get(`/api/blog/${blogPostId}/x-posts`, XPostList),
    select: (data) => data.xPosts,
  })

/** docs/product.md §7: GET /api/x-posts/{id}/analytics. Fetched when the analytics view opens. */
export const xPostAnalyticsOptions = (xPostId: number) =>
  queryOptions({
    queryKey: xPostKeys.analytics(xPostId),
    queryFn: () => api.get(`/api/x-posts/${xPostId}/analytics`, XPostAnalytics),
  })

/** Whether the server holds X credentials, i.e. whether 'Post to X' can work at all. */
export const xCapabilitiesOptions = () =>
  queryOptions({
    queryKey: xPostKeys.capabilities(),
    queryFn: () => api.get('/api/x-posts/capabilities', XCapabilities),
  })

/** Refetches the list and one X post's analytics. */
export const useRefreshClicks = (blogPostId: number, xPostId: number) =>
  useRefreshListAndAnalytics(xPostKeys.list(blogPostId), xPostKeys.analytics(xPostId))

/** docs/product.md §7: POST /api/blog/{id}/publish-x with an optional customContent. */
export const useGenerateXPost = (blogPostId: number) =>
  useListMutation(xPostKeys.list(blogPostId), (customContent: string) =>
    api.post(`/api/blog/${blogPostId}/publish-x`, customContent.trim() ? { customContent } : {}, XPost),
  )

/** docs/product.md §7: PATCH /api/x-posts/{id}/status (Mark Published / Mark Draft). */
export const useSetXPostStatus = (blogPostId: number) =>
  useListMutation(xPostKeys.list(blogPostId), ({ id, status }: { id: number; status: XPostStatus }) =>
    api.patch(`/api/x-posts/${id}/status`, { status }, XPostStatusResponse),
  )

/**
 * POST /api/x-posts/{id}/post-to-x, with 'Share a thread' ({linkInReply}, issue 14). A refusal
 * (502) also changes the row (status 'failed'), so both ends refetch.
 */
export const usePostToX = (blogPostId: number) =>
  useListMutation(
    xPostKeys.list(blogPostId),
    ({ id, linkInReply }: { id: number; linkInReply: boolean }) =>
      api.post(`/api/x-posts/${id}/post-to-x`, { linkInReply }, PostToXResponse),
    'settled',
  )

/** Issue 14: POST /api/x-posts/{id}/schedule {at, linkInReply} → status 'scheduled'. */
export const useScheduleXPost = (blogPostId: number) =>
  useListMutation(
    xPostKeys.list(blogPostId),
    ({ id, input }: { id: number; input: XPostScheduleInput }) =>
      api.post(`/api/x-posts/${id}/schedule`, input, XPostScheduleResponse),
    'settled',
  )

/** Issue 14: DELETE /api/x-posts/{id}/schedule → back to 'draft'. */
export const useCancelXPostSchedule = (blogPostId: number) =>
  useListMutation(
    xPostKeys.list(blogPostId),
    (id: number) => api.delete(`/api/x-posts/${id}/schedule`, XPostScheduleResponse),
    'settled',
  )

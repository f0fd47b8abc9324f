import { queryOptions } from '@tanstack/react-query'
import { useListMutation, useRefreshClicks } from '#app/components/promotion/queries.ts'
import { api } from '#app/lib/api-client.ts'
import type { Channel } from '#common/channel-names.ts'
import {
  SocialPost,
  SocialPostList,
  SocialPostResponse,
  type SocialPostScheduleInput,
  type UpdateSocialPostInput,
} from '#common/contract/social-posts.ts'
import { XPostAnalytics } from '#common/contract/x-posts.ts'

export const socialPostKeys = {
  all: ['social-posts'] as const,
  list: (blogPostId: number) => [...socialPostKeys.all, 'list', blogPostId] as const,
  analytics: (id: number) => [...socialPostKeys.all, 'analytics', id] as const,
}

/**
 * GET /api/blog/{id}/social-posts: the posts of every network but X (X has its own panel), newest
 * first.
 */
export const socialPostListOptions = (blogPostId: number) =>
  queryOptions({
    queryKey: socialPostKeys.list(blogPostId),
    queryFn: () => api.get(`/api/blog/${blogPostId}/social-posts`, SocialPostList),
    select: (data) =>
      data.socialPosts
        .filter((p) => p.channel !== 'x')
        .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id),
  })

/** GET /api/social-posts/{id}/analytics (the X analytics' shape). Fetched when the view opens. */
export const socialPostAnalyticsOptions = (id: number) =>
  queryOptions({
    queryKey: socialPostKeys.analytics(id),
    queryFn: () => api.get(`/api/social-posts/${id}/analytics`, XPostAnalytics),
  })

/** Which networks this server can post to, and the quick posting times (shared with the admin shell). */
export { socialCapabilitiesOptions } from '#app/lib/channel-queries.ts'

/** Refetches the list and one post's analytics: their click figures move together. */
export const useRefreshSocialClicks = (blogPostId: number, id: number) =>
  useRefreshClicks(socialPostKeys.list(blogPostId), socialPostKeys.analytics(id))

/** POST /api/blog/{id}/social-posts {channel, customContent?}. */
export const useGenerateSocialPost = (blogPostId: number) =>
  useListMutation(
    socialPostKeys.list(blogPostId),
    ({ channel, customContent }: { channel: Channel; customContent: string }) =>
      api.post(
        `/api/blog/${blogPostId}/social-posts`,
        customContent.trim() ? { channel, customContent } : { channel },
        SocialPost,
      ),
  )

/** PATCH /api/social-posts/{id} {text?, asThread?, linkAt?}: refused (400) with the count when it cannot go. */
export const useUpdateSocialPost = (blogPostId: number) =>
  useListMutation(socialPostKeys.list(blogPostId), ({ id, input }: { id: number; input: UpdateSocialPostInput }) =>
    api.patch(`/api/social-posts/${id}`, input, SocialPostResponse),
  )

/** POST /api/social-posts/{id}/publish. A refusal (502) also changes the row ('failed'): refetch either way. */
export const usePublishSocialPost = (blogPostId: number) =>
  useListMutation(
    socialPostKeys.list(blogPostId),
    (id: number) => api.post(`/api/social-posts/${id}/publish`, undefined, SocialPostResponse),
    'settled',
  )

/** POST /api/social-posts/{id}/schedule {at} or {afterArticle: true}. */
export const useScheduleSocialPost = (blogPostId: number) =>
  useListMutation(
    socialPostKeys.list(blogPostId),
    ({ id, input }: { id: number; input: SocialPostScheduleInput }) =>
      api.post(`/api/social-posts/${id}/schedule`, input, SocialPostResponse),
    'settled',
  )

/** DELETE /api/social-posts/{id}/schedule → back to 'draft'. */
export const useCancelSocialPostSchedule = (blogPostId: number) =>
  useListMutation(
    socialPostKeys.list(blogPostId),
    (id: number) => api.delete(`/api/social-posts/${id}/schedule`, SocialPostResponse),
    'settled',
  )

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#app/lib/api-client.ts'
import type { Post, PostInput, PostUpdate } from '#common/contract/posts.ts'
import type { PostScheduleInput } from '#common/contract/schedule.ts'

/** The list's status filter; 'scheduled' (issue 14) is the drafts that have a publish time. */
export type PostFilter = 'all' | 'published' | 'draft' | 'scheduled'

export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  list: (filter: PostFilter) => [...postKeys.lists(), filter] as const,
  detail: (id: number) => [...postKeys.all, 'detail', id] as const,
}

const listPath = (filter: PostFilter) =>
  filter === 'all' ? '/api/blog' : `/api/blog?published=${filter === 'published' ? 'true' : 'false'}`

/**
 * docs/product.md §7: GET /api/blog, optional published=true|false (none for the 'all' filter). 'scheduled'
 * asks for the drafts; the list keeps those with a publish time.
 */
export const postListOptions = (filter: PostFilter = 'all') =>
  queryOptions({ queryKey: postKeys.list(filter), queryFn: () => api.get<Post[]>(listPath(filter)) })

export const postDetailOptions = (id: number) =>
  queryOptions({ queryKey: postKeys.detail(id), queryFn: () => api.get<Post>(`/api/blog/id/${id}`) })

export interface PostAnswer {
  success: true
  message: string
  post: Post
}

/** docs/product.md §7: after each blog mutation the list of posts is refetched. */
function useInvalidateLists() {
  const qc = useQueryClient()
  return () => qc.invalidateQueries({ queryKey: postKeys.lists() })
}

export function useCreatePost() {
  const invalidate = useInvalidateLists()
  return useMutation({
    mutationFn: (input: PostInput) => api.post<PostAnswer>('/api/blog', input),
    onSuccess: () => invalidate(),
  })
}

export function useUpdatePost() {
  const qc = useQueryClient()
  const invalidate = useInvalidateLists()
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: PostUpdate }) => api.put<PostAnswer>(`/api/blog/${id}`, input),
    onSuccess: (answer, { id }) => {
      qc.setQueryData(postKeys.detail(id), answer.post)
      return invalidate()
    },
  })
}

export function useDeletePost() {
  const invalidate = useInvalidateLists()
  return useMutation({
    mutationFn: (id: number) => api.delete<{ success: true; message: string }>(`/api/blog/${id}`),
    onSuccess: () => invalidate(),
  })
}

export function useSetPublished() {
  const invalidate = useInvalidateLists()
  return useMutation({
    mutationFn: ({ id, publish }: { id: number; publish: boolean }) =>
      api.post<PostAnswer>(`/api/blog/${id}/${publish ? 'publish' : 'unpublish'}`),
    onSuccess: () => invalidate(),
  })
}

/**
 * Issue 14: POST /api/blog/{id}/schedule (again on a scheduled post: a new time). The answer's post
 * replaces the edit screen's copy, so the scheduled state shows at once. Its scheduled X posts move
 * with it (issue 27), so the X panel's list of this post (keyed 'x-posts' there) is read again.
 */
export function useSchedulePost() {
  const qc = useQueryClient()
  const invalidate = useInvalidateLists()
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: PostScheduleInput }) =>
      api.post<PostAnswer & { movedXPosts: unknown[] }>(`/api/blog/${id}/schedule`, input),
    onSuccess: (answer, { id }) => {
      qc.setQueryData(postKeys.detail(id), answer.post)
      return Promise.all([invalidate(), qc.invalidateQueries({ queryKey: ['x-posts', 'list', id] })])
    },
  })
}

/** Issue 14: DELETE /api/blog/{id}/schedule: the post stays a draft without a publish time. */
export function useCancelPostSchedule() {
  const qc = useQueryClient()
  const invalidate = useInvalidateLists()
  return useMutation({
    mutationFn: (id: number) => api.delete<PostAnswer>(`/api/blog/${id}/schedule`),
    onSuccess: (answer, id) => {
      qc.setQueryData(postKeys.detail(id), answer.post)
      return invalidate()
    },
  })
}

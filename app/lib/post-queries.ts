import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#app/lib/api-client.ts'
import type { Post, PostInput, PostUpdate } from '#common/contract/posts.ts'
import type { ReviewChangesInput, ReviewCount, ReviewList } from '#common/contract/review.ts'
import type { PostScheduleInput } from '#common/contract/schedule.ts'

/** The list's status filter; 'scheduled' (issue 14) is the drafts that have a publish time. */
/** Issue 28: 'in_review' and 'changes_requested' are drafts where review left them (ReviewState). */
export type PostFilter = 'all' | 'published' | 'draft' | 'scheduled' | 'in_review' | 'changes_requested'

export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  list: (filter: PostFilter) => [...postKeys.lists(), filter] as const,
  detail: (id: number) => [...postKeys.all, 'detail', id] as const,
  /** Issue 28: the review queue and its count (the admin navigation's). */
  review: () => [...postKeys.all, 'review'] as const,
  reviewList: () => [...postKeys.review(), 'list'] as const,
  reviewCount: () => [...postKeys.review(), 'count'] as const,
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

/**
 * docs/product.md §7: after each blog mutation the list of posts is refetched, and the review queue
 * (publishing or scheduling a post takes it out, issue 28).
 */
function useInvalidateLists() {
  const qc = useQueryClient()
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: postKeys.lists() }),
      qc.invalidateQueries({ queryKey: postKeys.review() }),
    ])
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

/** Issue 28: GET /api/admin/review, the posts waiting for an Editor (oldest first). */
export const reviewQueueOptions = () =>
  queryOptions({ queryKey: postKeys.reviewList(), queryFn: () => api.get<ReviewList>('/api/admin/review') })

/** Issue 28: GET /api/admin/review/count, for the admin navigation. */
export const reviewCountOptions = () =>
  queryOptions({
    queryKey: postKeys.reviewCount(),
    queryFn: () => api.get<ReviewCount>('/api/admin/review/count'),
    select: (answer) => answer.count,
  })

/** A review step's answer replaces the edit screen's copy of the post; the lists and the queue are read again. */
function useReviewStep<I>(call: (input: I) => Promise<PostAnswer>) {
  const qc = useQueryClient()
  const invalidate = useInvalidateLists()
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      qc.setQueryData(postKeys.detail(answer.post.id), answer.post)
      return invalidate()
    },
  })
}

/** Issue 28: POST /api/blog/{id}/review: the writer hands the draft to the Editors. */
export const useSubmitForReview = () => useReviewStep((id: number) => api.post<PostAnswer>(`/api/blog/${id}/review`))

/** Issue 28: DELETE /api/blog/{id}/review: the writer takes it back. */
export const useWithdrawReview = () => useReviewStep((id: number) => api.delete<PostAnswer>(`/api/blog/${id}/review`))

/** Issue 28: POST /api/blog/{id}/review/changes {note}: an Editor sends it back to its writer. */
export const useRequestChanges = () =>
  useReviewStep(({ id, ...input }: ReviewChangesInput & { id: number }) =>
    api.post<PostAnswer>(`/api/blog/${id}/review/changes`, input),
  )

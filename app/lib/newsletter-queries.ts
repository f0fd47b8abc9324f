import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '#app/lib/api-client.ts'
import type {
  Newsletter,
  NewsletterInput,
  NewsletterListItem,
  NewsletterPreview,
  NewsletterState,
} from '#common/contract/newsletters.ts'

// Issue 30 (docs/decisions/061-newsletters.md): the newsletter of a post and the sends list. In
// app/lib because the editor (publish and schedule with 'Send as newsletter') and the newsletter
// screens both read and refresh them.

/** While a send is on its way or waiting for its moment, its counts are read again this often. */
export const NEWSLETTER_REFRESH_MS = 3000

const live = (state: NewsletterState | undefined) => state === 'sending' || state === 'scheduled'

export const newsletterKeys = {
  all: ['newsletters'] as const,
  list: () => [...newsletterKeys.all, 'list'] as const,
  ofPost: (postId: number) => [...newsletterKeys.all, 'post', postId] as const,
  preview: (postId: number) => [...newsletterKeys.all, 'preview', postId] as const,
}

/** GET /api/newsletters: every send, with its counts; read again while one is sending. */
export const newsletterListOptions = () =>
  queryOptions({
    queryKey: newsletterKeys.list(),
    queryFn: () => api.get<{ newsletters: NewsletterListItem[] }>('/api/newsletters'),
    refetchInterval: (query) =>
      query.state.data?.newsletters.some((n) => live(n.state)) ? NEWSLETTER_REFRESH_MS : false,
  })

/** GET /api/blog/{id}/newsletter: the post's newsletter (null when none); its list row gives the counts. */
export const postNewsletterOptions = (postId: number) =>
  queryOptions({
    queryKey: newsletterKeys.ofPost(postId),
    queryFn: () => api.get<{ newsletter: Newsletter | null }>(`/api/blog/${postId}/newsletter`),
    refetchInterval: (query) => (live(query.state.data?.newsletter?.state) ? NEWSLETTER_REFRESH_MS : false),
  })

/** GET /api/blog/{id}/newsletter/preview: the email as it would go out now (always read fresh). */
export const newsletterPreviewOptions = (postId: number) =>
  queryOptions({
    queryKey: newsletterKeys.preview(postId),
    queryFn: () => api.get<NewsletterPreview>(`/api/blog/${postId}/newsletter/preview`),
    staleTime: 0,
    gcTime: 0,
  })

/** After a publish or a schedule that also sends the post as a newsletter. */
export function useNewsletterChanged() {
  const qc = useQueryClient()
  return (postId: number) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: newsletterKeys.ofPost(postId) }),
      qc.invalidateQueries({ queryKey: newsletterKeys.list() }),
    ])
}

/** POST /api/blog/{id}/newsletter: now if the post is live, else when it goes live. */
export function useSendNewsletter(postId: number) {
  const changed = useNewsletterChanged()
  return useMutation({
    mutationFn: (input: NewsletterInput) =>
      api.post<{ newsletter: Newsletter }>(`/api/blog/${postId}/newsletter`, input),
    onSuccess: () => changed(postId),
  })
}

/** POST /api/blog/{id}/newsletter/test: the email to the signed-in person only. */
export function useTestNewsletter(postId: number) {
  return useMutation({
    mutationFn: () => api.post<{ success: true; message: string }>(`/api/blog/${postId}/newsletter/test`, {}),
  })
}

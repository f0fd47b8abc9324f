import { queryOptions, useMutation } from '@tanstack/react-query'
import { api } from '#app/lib/api-client.ts'
import { AltTextResponse } from '#common/contract/ai.ts'
import { LinkSuggestions, Post } from '#common/contract/posts.ts'

export const editorKeys = {
  all: ['editor'] as const,
  linkSuggestions: (postId: number) => [...editorKeys.all, 'link-suggestions', postId] as const,
  /** Issue 28: the post as saved now, asked for when a save meets a newer version. */
  saved: (postId: number, atLeast: number) => [...editorKeys.all, 'saved', postId, atLeast] as const,
}

/** Issue 28: the other person's version, read fresh (never the edit screen's cached copy). */
export const savedPostOptions = (postId: number, atLeast: number) =>
  queryOptions({
    queryKey: editorKeys.saved(postId, atLeast),
    queryFn: () => api.get(`/api/blog/id/${postId}`, Post),
    staleTime: 0,
  })

/** Issue 15 §4: GET /api/blog/{id}/link-suggestions (made from the post as saved). */
export const linkSuggestionsOptions = (postId: number) =>
  queryOptions({
    queryKey: editorKeys.linkSuggestions(postId),
    queryFn: () => api.get(`/api/blog/${postId}/link-suggestions`, LinkSuggestions),
  })

/** Issue 15 §3: POST /api/blog/ai/alt-text {imageUrl} → {alt}. */
export function useSuggestAltText() {
  return useMutation({
    mutationFn: (imageUrl: string) =>
      api.post('/api/blog/ai/alt-text', { imageUrl }, AltTextResponse).then((r) => r.alt),
  })
}

import { keepPreviousData, type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { ApiError, api } from '#app/lib/api-client.ts'
import { postKeys } from '#app/lib/post-queries.ts'
import {
  type CalendarItem,
  CalendarResponse,
  PostScheduleResponse,
  XPostScheduleResponse,
  type XPostsChoice,
} from '#common/contract/schedule.ts'
import { SocialPostResponse } from '#common/contract/social-posts.ts'

export const calendarKeys = {
  all: ['calendar'] as const,
  ranges: () => [...calendarKeys.all, 'range'] as const,
  range: (from: string, to: string) => [...calendarKeys.ranges(), { from, to }] as const,
}

/** GET /api/calendar?from=&to= : the items of the days shown, ordered by time. */
export const calendarOptions = (from: Date, to: Date) => {
  const [f, t] = [from.toISOString(), to.toISOString()]
  return queryOptions({
    queryKey: calendarKeys.range(f, t),
    queryFn: () => api.get(`/api/calendar?from=${encodeURIComponent(f)}&to=${encodeURIComponent(t)}`, CalendarResponse),
    select: (data) => data.items,
    // Paging to the next month keeps the current one on screen until the next one arrives.
    placeholderData: keepPreviousData,
  })
}

/** Whether an item can still be moved: scheduled, or an X post whose posting failed (the past cannot move). */
export const canReschedule = (item: CalendarItem) =>
  item.status === 'scheduled' || (item.type === 'x-post' && item.status === 'failed')

/** An item's identity across views and answers: a post and an X post may share an id. */
export const itemKey = (item: Pick<CalendarItem, 'type' | 'id'>) => `${item.type}-${item.id}`

/** The server's sentence for a refused move (the field's own message first), or a generic one. */
export function rescheduleError(error: unknown): string {
  if (error instanceof ApiError) {
    const field = error.fields.publishAt ?? error.fields.at
    if (field) return field
    if (error.serverMessage) return error.serverMessage
  }
  return 'The calendar could not reach the server. Check your connection, then try again.'
}

/** Issue 27: a post whose X posts are scheduled asks whether they move with it. */
export const asksAboutXPosts = (item: CalendarItem) => item.type === 'post' && item.scheduledXPosts > 0

/** 'Move its 2 X posts with it' / 'Keep X posts where they are': the two answers, said the same everywhere. */
export const xPostsChoiceLabel = (choice: XPostsChoice, n: number) =>
  choice === 'move'
    ? `Move its ${n === 1 ? 'social post' : `${n} social posts`} with it`
    : 'Keep social posts where they are'

interface Move {
  item: CalendarItem
  at: Date
  /** A post's scheduled X posts: with it ('move', the server's default) or where they are. */
  xPosts?: XPostsChoice
}

/** A calendar item at its new moment; with 'move', the post's scheduled X posts go as far. */
function moved(items: CalendarItem[], { item, at, xPosts = 'move' }: Move): CalendarItem[] {
  const key = itemKey(item)
  const delta = at.getTime() - Date.parse(item.at)
  const follows = (i: CalendarItem) =>
    item.type === 'post' && xPosts === 'move' && i.type === 'x-post' && i.postId === item.id && i.status === 'scheduled'
  return items
    .map((i) =>
      itemKey(i) === key
        ? { ...i, at: at.toISOString(), status: 'scheduled' as const }
        : follows(i)
          ? { ...i, at: new Date(Date.parse(i.at) + delta).toISOString() }
          : i,
    )
    .sort((a, b) => a.at.localeCompare(b.at))
}

/**
 * Reschedules a post (POST /api/blog/{id}/schedule {publishAt, xPosts}) or an X post
 * (POST /api/x-posts/{id}/schedule {at}). The item (and the X posts that go with it) moves at once
 * in every calendar range held; a refusal puts it back, and the ranges, post lists and X panels
 * are read again either way.
 */
export function useReschedule() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({
      item,
      at,
      xPosts,
    }: Move): Promise<PostScheduleResponse | XPostScheduleResponse | SocialPostResponse> =>
      item.type === 'post'
        ? api.post(`/api/blog/${item.id}/schedule`, { publishAt: at.toISOString(), xPosts }, PostScheduleResponse)
        : item.channel === 'x' || item.channel === null
          ? api.post(`/api/x-posts/${item.id}/schedule`, { at: at.toISOString() }, XPostScheduleResponse)
          : // Issue 29: another network's social post moves through its own endpoint.
            api.post(`/api/social-posts/${item.id}/schedule`, { at: at.toISOString() }, SocialPostResponse),
    onMutate: async (move) => {
      await qc.cancelQueries({ queryKey: calendarKeys.ranges() })
      const before = qc.getQueriesData<CalendarResponse>({ queryKey: calendarKeys.ranges() })
      qc.setQueriesData<CalendarResponse>({ queryKey: calendarKeys.ranges() }, (data) =>
        data ? { items: moved(data.items, move) } : data,
      )
      return { before }
    },
    onError: (_error, _move, context: { before: [QueryKey, CalendarResponse | undefined][] } | undefined) => {
      for (const [key, data] of context?.before ?? []) qc.setQueryData(key, data)
    },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: calendarKeys.ranges() }),
        qc.invalidateQueries({ queryKey: postKeys.all }),
        // The X panel's lists (features/xposts keys them 'x-posts'): their times may have moved.
        qc.invalidateQueries({ queryKey: ['x-posts'] }),
        // And the other networks' panel (features/social keys them 'social-posts').
        qc.invalidateQueries({ queryKey: ['social-posts'] }),
      ]),
  })
}

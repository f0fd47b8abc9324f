import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { sendVisit } from '#app/lib/beacons.ts'
import { rememberPost, takeVisitSentWithView } from '#app/lib/first-touch.ts'

/**
 * Issue 16: one POST /api/analytics/visits per public page view, the first load (after hydration,
 * so never before the first paint) and every client-side navigation to another path, except a
 * post's counted view, whose view beacon is its visit. The admin area is not a visit.
 */
export function useVisitBeacon() {
  const { pathname } = useLocation()
  useEffect(() => {
    if (takeVisitSentWithView(pathname)) return
    sendVisit(pathname)
  }, [pathname])
}

/** Remembers a published post as the session's first read one (the contact form's `postId`). */
export function useRememberPost(postId: number, published: boolean) {
  useEffect(() => {
    if (published) rememberPost(postId)
  }, [postId, published])
}

import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { firstTouch, rememberPost, takeVisitSentWithView, visitBody } from '#app/lib/first-touch.ts'

const ADMIN = /^\/admin(\/|$)/

/**
 * Issue 16: one POST /api/analytics/visits per public page view, the first load (after hydration,
 * so never before the first paint) and every client-side navigation to another path, except a
 * post's counted view, whose view beacon is its visit. The admin area is not a visit. A failed or
 * refused beacon is ignored: it must never disturb the reader.
 */
export function useVisitBeacon() {
  const { pathname } = useLocation()
  useEffect(() => {
    if (takeVisitSentWithView(pathname) || ADMIN.test(pathname)) return
    const body = visitBody(pathname, firstTouch())
    if (!body) return
    fetch('/api/analytics/visits', {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
      // Read to its end: an answer left unread keeps the request open (and the page never idle).
      .then((res) => res.text())
      .catch(() => {})
  }, [pathname])
}

/** Remembers a published post as the session's first read one (the contact form's `postId`). */
export function useRememberPost(postId: number, published: boolean) {
  useEffect(() => {
    if (published) rememberPost(postId)
  }, [postId, published])
}

import { firstTouch, visitBody, visitTouch } from '#app/lib/first-touch.ts'

/**
 * The two beacons of a public page view, in plain code: the React pages call them from effects
 * (use-visit-beacon.ts, use-record-view.ts) and the pages that are not hydrated from their island
 * script (app/islands/public-page.ts). A failed or refused beacon is ignored: it must never disturb
 * the reader. docs/decisions/036-cookieless-analytics.md, 004-what-counts-as-a-view.md
 */

const ADMIN = /^\/admin(\/|$)/

/** Issue 16: one POST /api/analytics/visits for a view of `pathname` (never the admin area). */
export function sendVisit(pathname: string) {
  if (ADMIN.test(pathname)) return
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
}

const viewedKey = (slug: string) => `vq:viewed:${slug}`

function readViewed(slug: string): number | null {
  try {
    const value = window.sessionStorage.getItem(viewedKey(slug))
    return value === null ? null : Number.parseInt(value, 10) || 0
  } catch {
    return null
  }
}

function storeViewed(slug: string, count: number) {
  try {
    window.sessionStorage.setItem(viewedKey(slug), String(count))
  } catch {
    // Storage blocked (private modes, policies): the view still counts, it cannot be deduped.
  }
}

/**
 * Counts a person's view of a published post once per tab session: one POST to the view endpoint
 * (which carries the session's first touch and is that page view's visit too), remembered in
 * sessionStorage by slug so reloads do not count again. Crawlers are not counted by the server.
 *
 * `show` gets the count to show: the highest this tab has seen, or the server's answer to this
 * view. A page served from the page cache may be a few seconds old (docs/decisions/015); the
 * caller shows the larger of it and the rendered count, so the number never goes backwards.
 * Returns whether a view was sent (false: this tab counted it already).
 */
export function sendView(slug: string, rendered: number, show: (count: number) => void): boolean {
  const seen = readViewed(slug)
  if (seen !== null) {
    show(seen)
    return false
  }
  storeViewed(slug, rendered)
  fetch(`/api/blog/${encodeURIComponent(slug)}/view`, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(visitTouch(firstTouch())),
  })
    .then((res) => (res.ok ? (res.json() as Promise<{ viewCount?: unknown }>) : null))
    .then((answer) => {
      if (typeof answer?.viewCount !== 'number') return
      storeViewed(slug, answer.viewCount)
      show(answer.viewCount)
    })
    .catch(() => {})
  return true
}

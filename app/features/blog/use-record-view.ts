import { useEffect, useState } from 'react'
import { firstTouch, visitSentWithView, visitTouch } from '#app/lib/first-touch.ts'

const storageKey = (slug: string) => `vq:viewed:${slug}`

function readStored(slug: string): number | null {
  try {
    const value = window.sessionStorage.getItem(storageKey(slug))
    return value === null ? null : Number.parseInt(value, 10) || 0
  } catch {
    return null
  }
}

function store(slug: string, count: number) {
  try {
    window.sessionStorage.setItem(storageKey(slug), String(count))
  } catch {
    // Storage blocked (private modes, policies): the view still counts, it cannot be deduped.
  }
}

/**
 * Counts a person's page view once per tab session: after hydration, one POST to the view
 * endpoint, remembered in sessionStorage by slug so reloads do not count again. Crawlers are not
 * counted by the server. docs/decisions/004-what-counts-as-a-view.md
 *
 * Returns the count to show: the server's answer to this view, or the highest count this tab has
 * seen, whichever is larger than the rendered one. A page served from the page cache may be a few
 * seconds old (docs/decisions/015-public-page-cache.md); the number shown never goes backwards.
 */
export function useRecordView(slug: string, enabled: boolean, rendered: number): number {
  const [live, setLive] = useState<number | null>(null)
  useEffect(() => {
    if (!enabled) return
    const seen = readStored(slug)
    if (seen !== null) {
      setLive(seen)
      return
    }
    store(slug, rendered)
    // Issue 16: the session's first touch makes this view the page view's visit as well.
    visitSentWithView(window.location.pathname)
    let cancelled = false
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
        store(slug, answer.viewCount)
        if (!cancelled) setLive(answer.viewCount)
      })
      .catch(() => {})
    return () => {
      cancelled = true
    }
  }, [slug, enabled, rendered])
  return Math.max(rendered, live ?? 0)
}

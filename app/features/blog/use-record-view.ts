import { useEffect } from 'react'

/**
 * Counts a person's page view once per tab session: after hydration, one POST to the view
 * endpoint, remembered in sessionStorage by slug so reloads do not count again. Crawlers are not
 * counted by the server. docs/decisions/004-what-counts-as-a-view.md
 */
export function useRecordView(slug: string, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return
    const key = `vq:viewed:${slug}`
    try {
      if (window.sessionStorage.getItem(key)) return
      window.sessionStorage.setItem(key, '1')
    } catch {
      // Storage blocked (private modes, policies): count the view, it cannot be deduped.
    }
    fetch(`/api/blog/${encodeURIComponent(slug)}/view`, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => {})
  }, [slug, enabled])
}

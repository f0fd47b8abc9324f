import { useEffect, useState } from 'react'
import { sendView } from '#app/lib/beacons.ts'
import { visitSentWithView } from '#app/lib/first-touch.ts'

/**
 * Counts a person's page view once per tab session (sendView, app/lib/beacons.ts), after
 * hydration. Returns the count to show, never below the rendered one.
 */
export function useRecordView(slug: string, enabled: boolean, rendered: number): number {
  const [live, setLive] = useState<number | null>(null)
  useEffect(() => {
    if (!enabled) return
    let cancelled = false
    // Issue 16: the session's first touch makes this view the page view's visit as well.
    const sent = sendView(slug, rendered, (count) => {
      if (!cancelled) setLive(count)
    })
    if (sent) visitSentWithView(window.location.pathname)
    return () => {
      cancelled = true
    }
  }, [slug, enabled, rendered])
  return Math.max(rendered, live ?? 0)
}

import { useSyncExternalStore } from 'react'
import { relativeTime } from '#common/display-text.ts'

const noop = () => () => {}

/** False on the server and while hydrating, true afterwards (React re-renders once on the switch). */
export function useHydrated() {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  )
}

/**
 * 'about 1 hour ago'. The server's wording is kept through hydration (the clocks differ by the
 * time the page took to arrive), then the browser's own clock takes over. On a page that is not
 * hydrated, the island script (app/islands/public-page.ts) rewords every `time[data-relative]`
 * with the same function and marks it `data-hydrated` as React would.
 */
export function RelativeTime({
  value,
  missing = 'Recently',
  className,
}: {
  value: string | null
  missing?: string
  className?: string
}) {
  const hydrated = useHydrated()
  return (
    <time
      // A new key after hydration replaces the server's text: React would otherwise keep it,
      // since the hydrating render already computed the browser's wording.
      key={hydrated ? 'client' : 'server'}
      dateTime={value ?? undefined}
      data-relative=""
      data-hydrated={hydrated ? '' : undefined}
      className={className}
      suppressHydrationWarning
    >
      {relativeTime(value, missing)}
    </time>
  )
}

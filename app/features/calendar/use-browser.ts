import { useCallback, useSyncExternalStore } from 'react'

const never = () => () => {}

/**
 * False in the server's HTML and during hydration, true in the browser. The calendar waits for it:
 * its days and times are those of the admin's time zone, which only the browser knows.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}

/** Whether a CSS media query matches now, following its changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  )
}

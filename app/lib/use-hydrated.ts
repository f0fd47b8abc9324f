import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False in the server's HTML and during hydration, true once the page runs in the browser. The
 * calendar waits for it (its days and times are those of the admin's time zone, which only the
 * browser knows), and so does the editor.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

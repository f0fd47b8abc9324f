import { useSyncExternalStore } from 'react'
import { localZone } from '#app/lib/schedule-time.ts'

const subscribe = () => () => {}

/**
 * The admin's time zone ('Europe/Berlin'), which schedule times are shown and entered in. The
 * server's HTML does not know it: UTC there and during hydration, the browser's zone after.
 */
export function useLocalZone(): string {
  return useSyncExternalStore(subscribe, localZone, () => 'UTC')
}

import { useEffect } from 'react'

/**
 * Opening /legal/terms#section jumps before the web font has loaded; the swap then reflows the text
 * above and leaves the section off screen. Once fonts are ready, scroll to the target again, unless
 * the reader has started scrolling in the meantime.
 */
export function useHashTargetAfterFonts() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1))
    if (!id || !('fonts' in document)) return
    let active = true
    const stop = () => {
      active = false
    }
    const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const
    for (const e of events) window.addEventListener(e, stop, { once: true, passive: true })
    document.fonts.ready.then(() => {
      if (active) document.getElementById(id)?.scrollIntoView({ block: 'start' })
    })
    return () => {
      stop()
      for (const e of events) window.removeEventListener(e, stop)
    }
  }, [])
}

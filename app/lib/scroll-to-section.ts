/**
 * Lays out the landing sections that wait off screen (`.offscreen-deferred` in app.css), so that a
 * jump within the page is aimed at their real heights rather than at estimates.
 */
export function layOutAllSections() {
  document.documentElement.dataset.sectionsLaidOut = ''
}

/** Smooth unless the visitor asked for less motion. */
export function scrollToSection(id: string) {
  layOutAllSections()
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  document.getElementById(id)?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' })
}

/**
 * Scrolls to `id` and keeps it at the top while the page above it settles (cards that load their
 * own data grow after the jump and would push it out of view), for at most `ms` or until the reader
 * scrolls, types or touches. Returns a function that stops it.
 */
export function scrollToSectionAndHold(id: string, ms = 3000): () => void {
  scrollToSection(id)
  const target = document.getElementById(id)
  if (!target || typeof ResizeObserver === 'undefined') return () => {}
  const aim = () => target.scrollIntoView({ behavior: 'auto', block: 'start' })
  // A ResizeObserver reports once when it starts: that one is the smooth jump's, not a change.
  let started = false
  const observer = new ResizeObserver(() => {
    if (started) aim()
    started = true
  })
  const stop = () => {
    observer.disconnect()
    clearTimeout(timer)
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
      window.removeEventListener(type, stop, true)
    }
  }
  const timer = setTimeout(stop, ms)
  observer.observe(document.body)
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
    window.addEventListener(type, stop, { capture: true, passive: true })
  }
  return stop
}

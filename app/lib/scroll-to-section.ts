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

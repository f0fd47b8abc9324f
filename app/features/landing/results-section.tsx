import { formatStat, STATS } from '#app/features/landing/counter.ts'
import { LandingSection } from '#app/features/landing/landing-section.tsx'
import { ScreenshotCarousel } from '#app/features/landing/screenshot-carousel.tsx'

/**
 * The counters show their final figures in the server HTML (crawlers, no JavaScript, reduced
 * motion); landing-page.ts resets them to zero while out of view and climbs them once in view.
 */
export function ResultsSection() {
  return (
    <LandingSection id="results" light className="bg-gradient-to-b from-[#1e0b3b] to-slate-950 text-white">
      <ul data-counter="idle" className="mt-14 grid grid-cols-2 gap-4 lg:grid-cols-3">
        {STATS.map((s) => (
          <li key={s.label} className="rounded-2xl border border-white/10 bg-white/5 p-6 text-center">
            <p
              data-testid="stat-value"
              className="bg-gradient-to-r from-violet-300 to-pink-300 bg-clip-text text-3xl font-extrabold whitespace-nowrap text-transparent tabular-nums sm:text-5xl"
            >
              {formatStat(s, 1)}
            </p>
            <p className="mt-2 text-sm text-slate-300 sm:text-base">{s.label}</p>
          </li>
        ))}
      </ul>
      <ScreenshotCarousel />
    </LandingSection>
  )
}

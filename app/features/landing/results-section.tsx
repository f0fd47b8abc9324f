import { useEffect, useRef, useState } from 'react'
import { COUNTER_STEPS, COUNTER_TICK_MS, formatStat, STATS } from '#app/features/landing/counter.ts'
import { LandingSection } from '#app/features/landing/landing-section.tsx'
import { ScreenshotCarousel } from '#app/features/landing/screenshot-carousel.tsx'

/**
 * The counters show their final figures in the server HTML (crawlers, no-JS, reduced motion), and
 * keep them when the list is already on screen as the page hydrates. Otherwise, after hydration,
 * they reset to zero while out of view and climb once, from the moment any of the list shows:
 * no figure sits at 0 on screen (issue 27 §14: they read '0%' until 30 % of the list was in view).
 */
function useCountUp(ref: React.RefObject<HTMLElement | null>) {
  const [tick, setTick] = useState(COUNTER_STEPS)
  const [running, setRunning] = useState(false)

  useEffect(() => {
    const el = ref.current
    if (!el || typeof IntersectionObserver === 'undefined') return
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    let first = true
    const observer = new IntersectionObserver((entries) => {
      const inView = entries.some((e) => e.isIntersecting)
      if (first) {
        // The observer's first report is where the list is now: on screen, it stays as it is.
        first = false
        if (inView) observer.disconnect()
        else setTick(0)
        return
      }
      if (inView) {
        observer.disconnect()
        setRunning(true)
      }
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref])

  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => {
      setTick((t) => {
        if (t + 1 >= COUNTER_STEPS) clearInterval(timer)
        return Math.min(COUNTER_STEPS, t + 1)
      })
    }, COUNTER_TICK_MS)
    return () => clearInterval(timer)
  }, [running])

  return { progress: tick / COUNTER_STEPS, state: running ? (tick >= COUNTER_STEPS ? 'done' : 'running') : 'idle' }
}

export function ResultsSection() {
  const statsRef = useRef<HTMLUListElement>(null)
  const { progress, state } = useCountUp(statsRef)
  return (
    <LandingSection id="results" light className="bg-gradient-to-b from-[#1e0b3b] to-slate-950 text-white">
      <ul ref={statsRef} data-counter={state} className="mt-14 grid grid-cols-2 gap-4 lg:grid-cols-3">
        {STATS.map((s) => (
          <li key={s.label} className="rounded-2xl border border-white/10 bg-white/5 p-6 text-center">
            <p
              data-testid="stat-value"
              className="bg-gradient-to-r from-violet-300 to-pink-300 bg-clip-text text-3xl font-extrabold whitespace-nowrap text-transparent tabular-nums sm:text-5xl"
            >
              {formatStat(s, progress)}
            </p>
            <p className="mt-2 text-sm text-slate-300 sm:text-base">{s.label}</p>
          </li>
        ))}
      </ul>
      <ScreenshotCarousel />
    </LandingSection>
  )
}

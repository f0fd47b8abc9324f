import { Pause, Play } from 'lucide-react'
import { useEffect, useState } from 'react'
import analyticsAvif from '#app/features/landing/assets/screen-analytics.avif'
import analyticsWebp from '#app/features/landing/assets/screen-analytics.webp'
import builderAvif from '#app/features/landing/assets/screen-builder.avif'
import builderWebp from '#app/features/landing/assets/screen-builder.webp'
import claimAvif from '#app/features/landing/assets/screen-claim.avif'
import claimWebp from '#app/features/landing/assets/screen-claim.webp'
import dashboardAvif from '#app/features/landing/assets/screen-dashboard.avif'
import dashboardWebp from '#app/features/landing/assets/screen-dashboard.webp'
import { useReducedMotion } from '#app/features/landing/use-reduced-motion.ts'
import { cn } from '#app/lib/utils.ts'

/** docs/product.md §9: the carousel advances every 3000 ms over 4 images. */
export const CAROUSEL_MS = 3000

export const SCREENSHOTS = [
  {
    avif: dashboardAvif,
    webp: dashboardWebp,
    title: 'Campaign overview',
    alt: 'VidQuest dashboard with video views, completion rate, claim rate, CRM leads and a chart of rewards claimed',
  },
  {
    avif: builderAvif,
    webp: builderWebp,
    title: 'Quest builder',
    alt: 'Quest builder with four steps: upload video, choose reward, claim form and destination, beside a phone preview',
  },
  {
    avif: claimAvif,
    webp: claimWebp,
    title: 'Reward claim flow',
    alt: 'Three phone screens: the video playing, the claim form, and the unlocked reward code with a Shop now button',
  },
  {
    avif: analyticsAvif,
    webp: analyticsWebp,
    title: 'Analytics and CRM sync',
    alt: 'Analytics with claims by day, connected CRM tools and the latest GDPR-consented leads',
  },
] as const

export function ScreenshotCarousel() {
  const reduced = useReducedMotion()
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)
  const playing = !reduced && !paused

  useEffect(() => {
    if (!playing) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % SCREENSHOTS.length), CAROUSEL_MS)
    return () => clearInterval(timer)
  }, [playing])

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Product screenshots"
      data-testid="carousel"
      data-index={index}
      className="mx-auto mt-20 max-w-5xl"
    >
      <div className="flex flex-col items-center justify-between gap-4 sm:flex-row">
        <h3 className="text-2xl font-bold" aria-live={playing ? 'off' : 'polite'}>
          Inside the dashboard: <span className="text-pink-300">{SCREENSHOTS[index]?.title}</span>
        </h3>
        <div className="flex items-center gap-2">
          {SCREENSHOTS.map((s, i) => (
            <button
              key={s.title}
              type="button"
              aria-label={`Show screenshot ${i + 1} of ${SCREENSHOTS.length}: ${s.title}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
              className="flex size-6 items-center justify-center rounded-full"
            >
              <span
                className={cn(
                  'block h-2.5 rounded-full transition-all',
                  i === index ? 'w-6 bg-pink-300' : 'w-2.5 bg-white/40 hover:bg-white/70',
                )}
              />
            </button>
          ))}
          {!reduced && (
            <button
              type="button"
              onClick={() => setPaused((p) => !p)}
              aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
              className="ml-2 flex size-9 items-center justify-center rounded-full border border-white/20 text-white hover:bg-white/10"
            >
              {paused ? (
                <Play className="size-4" aria-hidden="true" />
              ) : (
                <Pause className="size-4" aria-hidden="true" />
              )}
            </button>
          )}
        </div>
      </div>
      <div className="mt-6 grid overflow-hidden rounded-2xl border border-white/10 bg-white/5 p-2 shadow-2xl sm:p-3">
        {SCREENSHOTS.map((s, i) => (
          <figure
            key={s.title}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${SCREENSHOTS.length}`}
            aria-hidden={i !== index}
            data-active={i === index ? 'true' : 'false'}
            className={cn(
              'col-start-1 row-start-1 transition-opacity duration-700',
              i === index ? 'opacity-100' : 'pointer-events-none opacity-0',
            )}
          >
            <picture>
              <source srcSet={s.avif} type="image/avif" />
              <img
                src={s.webp}
                alt={s.alt}
                width={1200}
                height={750}
                loading="lazy"
                decoding="async"
                className="h-auto w-full rounded-xl"
              />
            </picture>
          </figure>
        ))}
      </div>
    </section>
  )
}

import { Pause, Play } from 'lucide-react'
import analyticsAvif from '#app/features/landing/assets/screen-analytics.avif'
import analyticsWebp from '#app/features/landing/assets/screen-analytics.webp'
import builderAvif from '#app/features/landing/assets/screen-builder.avif'
import builderWebp from '#app/features/landing/assets/screen-builder.webp'
import claimAvif from '#app/features/landing/assets/screen-claim.avif'
import claimWebp from '#app/features/landing/assets/screen-claim.webp'
import dashboardAvif from '#app/features/landing/assets/screen-dashboard.avif'
import dashboardWebp from '#app/features/landing/assets/screen-dashboard.webp'

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

/**
 * docs/product.md §9: 4 screenshots, the first shown; landing-page.ts advances them every 3 s
 * (not when motion is reduced), and the dots (arrow keys between them) and Pause choose.
 */
export function ScreenshotCarousel() {
  const index = 0
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Product screenshots"
      data-testid="carousel"
      data-index={index}
      className="mx-auto mt-20 max-w-5xl"
    >
      <div className="flex flex-col items-center justify-between gap-4 sm:flex-row">
        <h3 className="text-2xl font-bold" aria-live="off">
          Inside the dashboard:{' '}
          <span data-carousel-title="" className="text-pink-300">
            {SCREENSHOTS[index]?.title}
          </span>
        </h3>
        <div className="flex items-center gap-2">
          {SCREENSHOTS.map((s, i) => (
            <button
              key={s.title}
              type="button"
              data-slide-to={i}
              aria-label={`Show screenshot ${i + 1} of ${SCREENSHOTS.length}: ${s.title}`}
              aria-current={i === index ? 'true' : undefined}
              className="group flex size-6 items-center justify-center rounded-full"
            >
              <span className="block h-2.5 w-2.5 rounded-full bg-white/40 transition-all group-hover:bg-white/70 group-aria-[current=true]:w-6 group-aria-[current=true]:bg-pink-300" />
            </button>
          ))}
          <button
            type="button"
            data-carousel-pause=""
            data-paused="false"
            aria-label="Pause slideshow"
            className="group ml-2 flex size-9 items-center justify-center rounded-full border border-white/20 text-white hover:bg-white/10 motion-reduce:hidden"
          >
            <Play className="hidden size-4 group-data-[paused=true]:block" aria-hidden="true" />
            <Pause className="size-4 group-data-[paused=true]:hidden" aria-hidden="true" />
          </button>
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
            data-title={s.title}
            className="pointer-events-none col-start-1 row-start-1 opacity-0 transition-opacity duration-700 data-[active=true]:pointer-events-auto data-[active=true]:opacity-100"
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

import { PlayCircle } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import heroMp4 from '#app/features/landing/assets/hero-loop.mp4'
import heroWebm from '#app/features/landing/assets/hero-loop.webm'
import heroPoster from '#app/features/landing/assets/hero-loop-poster.webp'
import { BookingButton } from '#app/features/landing/booking-button.tsx'
import { HERO_WORDS } from '#app/features/landing/typing.ts'
import { useSite } from '#app/lib/use-site.ts'

/**
 * The hero. What it does in the browser (the typed word, the video played on hover and removed
 * when it fails, Demo) is the landing page's plain DOM code: landing-page.ts, dialogs.ts.
 */
export function Hero() {
  const site = useSite()
  return (
    <section
      id="hero"
      aria-labelledby="hero-title"
      data-testid="hero"
      data-video="ready"
      className="relative isolate overflow-hidden bg-gradient-to-br from-[#1e0b3b] via-[#2e1065] to-[#500724] text-white"
    >
      <video
        data-testid="hero-video"
        className="absolute inset-0 -z-10 size-full object-cover opacity-90"
        poster={heroPoster}
        muted
        loop
        playsInline
        // Nothing is fetched until the pointer is over the hero: the poster is the first paint.
        preload="none"
        aria-hidden="true"
        tabIndex={-1}
        width={960}
        height={540}
      >
        <source src={heroWebm} type="video/webm" />
        <source src={heroMp4} type="video/mp4" />
      </video>
      <div className="absolute inset-0 -z-10 bg-gradient-to-b from-slate-950/40 via-slate-950/30 to-slate-950/80" />

      <div className="mx-auto grid max-w-7xl gap-12 px-4 pt-20 pb-24 sm:px-6 md:pt-28 md:pb-32 lg:grid-cols-[1.1fr_0.9fr] lg:items-center">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/10 px-3 py-1 text-sm text-violet-100">
            <span className="size-2 rounded-full bg-pink-400" aria-hidden="true" />
            Rewarded video quests for brands
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-extrabold tracking-tight sm:text-6xl">
            <span className="block">Video ads people</span>
            <span className="block">choose to watch.</span>
            <span className="sr-only"> {HERO_WORDS.join(' ')}</span>
            {/* One line reserved for the longest word: typing never shifts the layout. */}
            <span
              aria-hidden="true"
              className="mt-2 grid bg-gradient-to-r from-violet-300 via-fuchsia-300 to-pink-300 bg-clip-text text-transparent"
            >
              <span className="invisible col-start-1 row-start-1 motion-reduce:hidden">Convert.</span>
              <TypedWord />
              <span data-testid="static-words" className="col-start-1 row-start-1 hidden motion-reduce:block">
                {HERO_WORDS.join(' ')}
              </span>
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-200">
            {site.brandName} rewards viewers for watching your video with wearables, XP, vouchers and giveaways. They
            claim the reward, you capture the lead, and they land on your site ready to buy.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button size="lg" variant="gradient" data-open-demo="">
              <PlayCircle aria-hidden="true" />
              Try the live demo
            </Button>
            <BookingButton>Book a Strategy Call</BookingButton>
          </div>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4 text-sm text-slate-300">
            <div>
              <dt>Completion</dt>
              <dd className="text-2xl font-bold text-white">90%+</dd>
            </div>
            <div>
              <dt>Claim rate</dt>
              <dd className="text-2xl font-bold text-white">6-12%</dd>
            </div>
            <div>
              <dt>Engagement</dt>
              <dd className="text-2xl font-bold text-white">20x</dd>
            </div>
          </dl>
        </div>
        <HeroPhone />
      </div>
    </section>
  )
}

/** The typed word: empty in the HTML, typed by landing-page.ts (the static words show when motion is reduced). */
function TypedWord() {
  return (
    <span data-testid="typed-word" className="col-start-1 row-start-1 motion-reduce:hidden">
      <span data-typed="" />
      <span className="ml-1 inline-block h-[0.9em] w-[3px] translate-y-[0.1em] animate-pulse bg-pink-300 align-baseline motion-reduce:animate-none" />
    </span>
  )
}

/** A drawn phone showing a quest: decorative, so hidden from assistive technology. */
function HeroPhone() {
  return (
    <div className="relative mx-auto hidden w-full max-w-sm lg:block" aria-hidden="true">
      <div className="absolute -inset-6 rounded-[3rem] bg-gradient-to-br from-violet-500/30 to-pink-500/30 blur-2xl" />
      <div className="relative rounded-[2.5rem] border border-white/15 bg-slate-950/80 p-3 shadow-2xl">
        <div className="overflow-hidden rounded-[2rem] bg-white text-slate-900">
          <div className="relative aspect-[9/10] bg-gradient-to-br from-orange-500 via-pink-600 to-violet-700">
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 text-white">
              <span className="flex size-16 items-center justify-center rounded-full bg-white/90">
                <svg viewBox="0 0 24 24" className="ml-1 size-7 fill-violet-700" aria-hidden="true">
                  <path d="M7 4.5 19 12 7 19.5z" />
                </svg>
              </span>
              <span className="text-sm font-semibold">Watch 30s · unlock 20% off</span>
            </div>
            <div className="absolute inset-x-4 bottom-4 h-1.5 rounded-full bg-white/30">
              <div className="h-full w-2/3 rounded-full bg-white" />
            </div>
          </div>
          <div className="space-y-3 p-5">
            <p className="font-semibold">Claim your reward</p>
            <div className="h-9 rounded-md bg-slate-100" />
            <div className="h-9 rounded-md bg-slate-100" />
            <div className="flex h-10 items-center justify-center rounded-md bg-gradient-to-r from-violet-700 to-pink-700 text-sm font-semibold text-white">
              Claim reward
            </div>
          </div>
        </div>
      </div>
      <div className="absolute top-10 -left-10 rounded-xl bg-white px-4 py-3 text-slate-900 shadow-xl">
        <p className="text-xs text-slate-600">New lead synced</p>
        <p className="text-sm font-semibold">alex@example.com</p>
      </div>
      <div className="absolute -right-6 bottom-24 rounded-xl bg-white px-4 py-3 text-slate-900 shadow-xl">
        <p className="text-xs text-slate-600">Reward claimed</p>
        <p className="text-sm font-semibold text-pink-700">NOVA-20-K7QX</p>
      </div>
    </div>
  )
}

import { Maximize2, Play } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import demoPreview from '#app/features/landing/assets/demo-preview.webp'
import { BookingButton } from '#app/features/landing/booking-button.tsx'
import { LandingSection } from '#app/features/landing/landing-section.tsx'
import { useSite } from '#app/lib/use-site.ts'

export function DemoSection() {
  const site = useSite()
  return (
    <LandingSection id="demo" light className="bg-gradient-to-b from-slate-950 to-[#1e0b3b] text-white">
      <div className="mt-12 rounded-2xl border border-white/10 bg-white/5 p-2 shadow-2xl sm:p-3">
        {/* The frame loads when asked for (landing-page.ts): the landing page stays light, and the
            demo's video and scripts are only fetched by visitors who want them. */}
        <div
          data-testid="demo-facade"
          data-demo-url={site.demoUrl}
          className="relative mx-auto flex aspect-video min-h-[560px] w-full max-w-[1200px] flex-col items-center justify-center gap-5 overflow-hidden rounded-xl bg-gradient-to-br from-orange-500 via-pink-600 to-violet-800 p-6 text-center sm:min-h-[640px]"
        >
          <img
            src={demoPreview}
            alt=""
            width={960}
            height={540}
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full scale-105 object-cover blur-[3px]"
          />
          <span className="absolute inset-0 bg-slate-950/70" aria-hidden="true" />
          <p className="relative rounded-md bg-white/15 px-3 py-1 text-sm font-bold tracking-wide ring-1 ring-white/30">
            NOVA KICKS × VidQuest
          </p>
          <p className="relative max-w-md text-2xl font-bold sm:text-3xl">Watch a 6-second ad and unlock 20% off</p>
          <Button
            size="lg"
            data-demo-start=""
            className="relative h-14 rounded-full bg-white px-8 text-base text-violet-800 hover:bg-violet-50"
          >
            <Play aria-hidden="true" />
            Start the demo here
          </Button>
          <p className="relative text-sm text-white/90">No sign-up. Nothing you type is stored.</p>
        </div>
      </div>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Button size="lg" variant="gradient" data-open-demo="">
          <Maximize2 aria-hidden="true" />
          Open full-screen demo
        </Button>
        <BookingButton>Request Custom Demo</BookingButton>
      </div>
    </LandingSection>
  )
}

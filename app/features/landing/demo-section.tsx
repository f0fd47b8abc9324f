import { CalendarDays, Maximize2, Play } from 'lucide-react'
import { useState } from 'react'
import { newTab } from '#app/components/brand/site-links.ts'
import { Button } from '#app/components/ui/button.tsx'
import demoPreview from '#app/features/landing/assets/demo-preview.webp'
import { DemoFrame } from '#app/features/landing/demo-frame.tsx'
import { useOpenDemo } from '#app/features/landing/demo-modal.tsx'
import { SectionHeading } from '#app/features/landing/section-heading.tsx'
import { useSite } from '#app/lib/use-site.ts'

export function DemoSection() {
  const site = useSite()
  const openDemo = useOpenDemo()
  // The frame loads when asked for: the landing page stays light, and the demo's video and
  // scripts are only fetched by visitors who want them.
  const [started, setStarted] = useState(false)
  return (
    <section
      id="demo"
      aria-labelledby="demo-title"
      className="scroll-mt-16 bg-gradient-to-b from-slate-950 to-[#1e0b3b] py-24 text-white"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="demo-title"
          eyebrow="Live demo"
          title="Play a video quest yourself"
          text="This is what your viewers see: a short video, a reward to claim, and a direct path to your store."
          light
        />
        <div className="mt-12 rounded-2xl border border-white/10 bg-white/5 p-2 shadow-2xl sm:p-3">
          {started ? (
            <DemoFrame src={site.demoUrl} className="min-h-[560px] sm:min-h-[640px]" />
          ) : (
            <div
              data-testid="demo-facade"
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
                onClick={() => setStarted(true)}
                className="relative h-14 rounded-full bg-white px-8 text-base text-violet-800 hover:bg-violet-50"
              >
                <Play aria-hidden="true" />
                Start the demo here
              </Button>
              <p className="relative text-sm text-white/90">No sign-up. Nothing you type is stored.</p>
            </div>
          )}
        </div>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" variant="gradient" onClick={() => openDemo()}>
            <Maximize2 aria-hidden="true" />
            Open full-screen demo
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-white/30 bg-white/10 text-white hover:bg-white/20"
          >
            <a href={site.bookingUrl} {...newTab}>
              <CalendarDays aria-hidden="true" />
              Request Custom Demo
            </a>
          </Button>
        </div>
      </div>
    </section>
  )
}

import { ArrowRight, Check, Gift, Loader2, Play, RotateCcw, ShoppingBag } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import adMp4 from '#app/features/demo/assets/demo-ad.mp4'
import adWebm from '#app/features/demo/assets/demo-ad.webm'
import poster from '#app/features/demo/assets/demo-ad-poster.webp'
import { DEMO_ESCAPE_MESSAGE } from '#app/features/demo/messages.ts'
import { demoRewardCode } from '#app/features/demo/reward-code.ts'
import { cn } from '#app/lib/utils.ts'

type Step = 'watch' | 'claim' | 'reward' | 'shop'
const STEPS: { id: Step; label: string }[] = [
  { id: 'watch', label: 'Watch' },
  { id: 'claim', label: 'Claim' },
  { id: 'reward', label: 'Reward' },
  { id: 'shop', label: 'Shop' },
]

/**
 * The /demo sample quest, entirely in the browser: a short ad plays, the viewer claims a reward
 * with a name and e-mail, sees the code, and is offered the brand's store. Nothing is sent or stored.
 */
export function VideoQuest() {
  const [step, setStep] = useState<Step>('watch')
  const [viewer, setViewer] = useState({ name: '', email: '' })
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [moved, setMoved] = useState(false)

  // Each step announces itself to screen readers by taking focus (not on first load).
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the step
  useEffect(() => {
    if (moved) headingRef.current?.focus()
  }, [step])

  // Embedded in the landing page's demo modal, Escape would stop at this frame: pass it up so the
  // modal closes as it does everywhere else. (Same origin only; an external DEMO_URL can't.)
  useEffect(() => {
    if (window.parent === window) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') window.parent.postMessage(DEMO_ESCAPE_MESSAGE, window.location.origin)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  const go = (next: Step) => {
    setMoved(true)
    setStep(next)
  }
  const code = demoRewardCode(viewer.name, viewer.email)
  const current = STEPS.findIndex((s) => s.id === step)

  return (
    <div className="mx-auto flex min-h-dvh max-w-5xl flex-col px-4 py-4 sm:px-6 sm:py-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm font-semibold text-white">
          <span className="rounded-md bg-gradient-to-r from-orange-500 to-pink-600 px-2 py-0.5 text-xs font-bold tracking-wide">
            NOVA KICKS
          </span>
          <span className="text-slate-300">× VidQuest sample quest</span>
        </p>
        <ol className="flex items-center gap-1 text-xs sm:gap-2 sm:text-sm" aria-label="Quest progress">
          {STEPS.map((s, i) => (
            <li
              key={s.id}
              aria-current={i === current ? 'step' : undefined}
              className={cn(
                'flex items-center gap-1 rounded-full px-2.5 py-1',
                i === current ? 'bg-white text-slate-900' : i < current ? 'text-pink-200' : 'text-slate-400',
              )}
            >
              {i < current ? (
                <Check className="size-3.5" aria-hidden="true" />
              ) : (
                <span aria-hidden="true">{i + 1}</span>
              )}
              {s.label}
            </li>
          ))}
        </ol>
      </header>

      <div className="mt-4 flex flex-1 flex-col justify-center">
        {step === 'watch' && <WatchStep headingRef={headingRef} onDone={() => go('claim')} />}
        {step === 'claim' && (
          <ClaimStep
            headingRef={headingRef}
            onClaim={(v) => {
              setViewer(v)
              go('reward')
            }}
          />
        )}
        {step === 'reward' && (
          <section
            aria-labelledby="quest-step"
            className="mx-auto w-full max-w-lg rounded-2xl bg-white p-6 text-center text-slate-900 shadow-2xl sm:p-8"
          >
            <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-pink-100 text-pink-700">
              <Gift className="size-8" aria-hidden="true" />
            </span>
            <h1 id="quest-step" ref={headingRef} tabIndex={-1} className="mt-4 text-2xl font-bold outline-none">
              Reward unlocked, {viewer.name.trim()}!
            </h1>
            <p className="mt-2 text-slate-600">Your 20% off code for Nova Kicks:</p>
            <p
              data-testid="reward-code"
              className="mx-auto mt-4 w-fit rounded-xl border-2 border-dashed border-violet-400 bg-violet-50 px-6 py-3 font-mono text-2xl font-bold tracking-wider text-violet-800"
            >
              {code}
            </p>
            <p className="mt-4 text-sm text-slate-600">
              In a live quest this code would also be e-mailed to {viewer.email.trim()}. This demo sends and stores
              nothing.
            </p>
            <Button size="lg" variant="gradient" className="mt-6 w-full" onClick={() => go('shop')}>
              <ShoppingBag aria-hidden="true" />
              Shop at Nova Kicks
            </Button>
          </section>
        )}
        {step === 'shop' && (
          <ShopStep
            headingRef={headingRef}
            code={code}
            onRestart={() => {
              setViewer({ name: '', email: '' })
              go('watch')
            }}
          />
        )}
      </div>
    </div>
  )
}

function WatchStep({
  headingRef,
  onDone,
}: {
  headingRef: React.RefObject<HTMLHeadingElement | null>
  onDone: () => void
}) {
  const videoRef = useRef<HTMLVideoElement>(null)
  const [state, setState] = useState<'ready' | 'playing' | 'failed'>('ready')
  const [progress, setProgress] = useState(0)

  // Every <source> may have failed before hydration, when React was not listening yet.
  useEffect(() => {
    if (videoRef.current?.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) setState('failed')
  }, [])

  const start = () => {
    const video = videoRef.current
    if (!video) return
    // With no usable source, play() would wait forever instead of rejecting.
    if (video.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) {
      setState('failed')
      return
    }
    video.play().then(
      () => setState('playing'),
      () => setState('failed'),
    )
  }

  return (
    <section aria-labelledby="quest-step" className="mx-auto w-full">
      <h1
        id="quest-step"
        ref={headingRef}
        tabIndex={-1}
        className="text-center text-xl font-bold text-white outline-none sm:text-2xl"
      >
        Watch the ad to unlock 20% off
      </h1>
      <div className="relative mx-auto mt-4 aspect-video w-full max-w-3xl overflow-hidden rounded-2xl bg-slate-900 shadow-2xl">
        <video
          ref={videoRef}
          data-testid="demo-video"
          className="size-full object-cover"
          poster={poster}
          muted
          playsInline
          preload="metadata"
          width={960}
          height={540}
          aria-label="Nova Kicks sneaker ad"
          onTimeUpdate={(e) => {
            const v = e.currentTarget
            if (v.duration) setProgress(v.currentTime / v.duration)
          }}
          onEnded={onDone}
        >
          <source src={adWebm} type="video/webm" />
          <source src={adMp4} type="video/mp4" onError={() => setState('failed')} />
        </video>
        {state !== 'playing' && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-slate-950/50 p-4 text-center">
            {state === 'ready' ? (
              <Button size="lg" variant="gradient" onClick={start} className="h-14 rounded-full px-8 text-base">
                <Play aria-hidden="true" />
                Play the ad
              </Button>
            ) : (
              <>
                <p className="max-w-sm text-white">The video could not be played here. You can still try the reward.</p>
                <Button size="lg" variant="gradient" onClick={onDone}>
                  Continue to the reward
                  <ArrowRight aria-hidden="true" />
                </Button>
              </>
            )}
          </div>
        )}
        <div className="absolute inset-x-0 bottom-0 h-1.5 bg-white/20" aria-hidden="true">
          <div
            className="h-full bg-gradient-to-r from-orange-400 to-pink-500"
            style={{ width: `${progress * 100}%` }}
          />
        </div>
      </div>
      <p className="mt-3 text-center text-sm text-slate-300" aria-live="polite">
        {state === 'playing' ? (
          <span className="inline-flex items-center gap-2">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Your reward unlocks when the ad ends
          </span>
        ) : (
          'A 6-second ad. The reward unlocks when it ends.'
        )}
      </p>
    </section>
  )
}

function ClaimStep({
  headingRef,
  onClaim,
}: {
  headingRef: React.RefObject<HTMLHeadingElement | null>
  onClaim: (viewer: { name: string; email: string }) => void
}) {
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [error, setError] = useState('')
  return (
    <section
      aria-labelledby="quest-step"
      className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 text-slate-900 shadow-2xl sm:p-8"
    >
      <h1 id="quest-step" ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
        Claim your reward
      </h1>
      <p className="mt-1 text-slate-600">Enter your details to unlock 20% off at Nova Kicks.</p>
      <form
        className="mt-6 grid gap-4"
        onSubmit={(e) => {
          e.preventDefault()
          if (name.trim() === '' || email.trim() === '') {
            setError('Please enter your name and e-mail.')
            return
          }
          onClaim({ name, email })
        }}
      >
        <div className="grid gap-2">
          <Label htmlFor="demo-name">Name</Label>
          <Input id="demo-name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="demo-email">Email</Label>
          <Input
            id="demo-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <label className="flex items-start gap-2 text-sm text-slate-600">
          <input type="checkbox" className="mt-0.5 size-4 accent-violet-700" />
          Send me news and offers from Nova Kicks (optional)
        </label>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" size="lg" variant="gradient">
          <Gift aria-hidden="true" />
          Claim My Reward
        </Button>
        <p className="text-xs text-slate-600">Demo only: nothing you type leaves this page.</p>
      </form>
    </section>
  )
}

const PRODUCTS = [
  { name: 'Nova Runner', price: 120, tone: 'from-orange-400 to-pink-500' },
  { name: 'Night Glide', price: 140, tone: 'from-violet-500 to-indigo-600' },
  { name: 'City Court', price: 95, tone: 'from-pink-500 to-rose-600' },
]

function ShopStep({
  headingRef,
  code,
  onRestart,
}: {
  headingRef: React.RefObject<HTMLHeadingElement | null>
  code: string
  onRestart: () => void
}) {
  return (
    <section
      aria-labelledby="quest-step"
      className="mx-auto w-full max-w-3xl overflow-hidden rounded-2xl bg-white text-slate-900 shadow-2xl"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 bg-slate-900 px-6 py-3 text-white">
        <span className="font-bold tracking-wide">NOVA KICKS</span>
        <span className="rounded-full bg-green-500/20 px-3 py-1 text-xs font-semibold text-green-200">
          Code {code} applied
        </span>
      </div>
      <div className="p-6">
        <h1 id="quest-step" ref={headingRef} tabIndex={-1} className="text-2xl font-bold outline-none">
          Welcome to the Nova Kicks store
        </h1>
        <p className="mt-1 text-slate-600">
          This is where the brand's site opens in a live quest, with the reward ready at checkout.
        </p>
        <ul className="mt-5 grid grid-cols-3 gap-3 sm:gap-4">
          {PRODUCTS.map((p) => (
            <li key={p.name} className="rounded-xl border border-slate-200 p-2 sm:p-3">
              <div
                className={cn('flex aspect-square items-center justify-center rounded-lg bg-gradient-to-br', p.tone)}
                aria-hidden="true"
              >
                <svg viewBox="-160 -90 330 170" className="w-4/5" aria-hidden="true">
                  <path
                    d="M-150 40 C-150 0 -120 -30 -80 -40 L-30 -70 C-10 -80 10 -78 20 -60 L40 -30 C70 -20 110 -10 140 5 C165 15 170 40 160 55 L-140 55 C-150 55 -150 48 -150 40 Z"
                    fill="#fff"
                  />
                  <path
                    d="M-150 40 L160 40 L160 55 C160 62 155 66 148 66 L-138 66 C-146 66 -150 60 -150 52 Z"
                    fill="#1e1b4b"
                  />
                  <path
                    d="M-100 10 C-40 -10 40 -5 120 20"
                    stroke="#1e1b4b"
                    strokeOpacity="0.35"
                    strokeWidth="10"
                    fill="none"
                  />
                </svg>
              </div>
              <p className="mt-2 text-sm font-semibold sm:text-base">{p.name}</p>
              <p className="text-xs sm:text-sm">
                <span className="text-slate-500 line-through">£{p.price}</span>{' '}
                <span className="font-semibold text-pink-700">£{(p.price * 0.8).toFixed(2)}</span>
              </p>
            </li>
          ))}
        </ul>
        <Button variant="outline" className="mt-6" onClick={onRestart}>
          <RotateCcw aria-hidden="true" />
          Start the demo again
        </Button>
      </div>
    </section>
  )
}

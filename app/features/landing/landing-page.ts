import { CLAW_GRAB_MS, CLAW_REST, clawPosition } from '#app/features/landing/claw.ts'
import { COUNTER_STEPS, COUNTER_TICK_MS, formatStat, STATS } from '#app/features/landing/counter.ts'
import { demoFrame } from '#app/features/landing/demo-frame.ts'
import { HERO_WORDS, initialTyping, nextTyping, typedText, typingDelay } from '#app/features/landing/typing.ts'
import { scrollToSection } from '#app/lib/scroll-to-section.ts'

/**
 * What the landing page does in the browser, in plain DOM code: the island script of `/`
 * (app/islands/landing.ts) runs it on the server's HTML, and the route component runs the same when
 * a hydrated page renders `/` itself (app/routes/home.tsx). The components write the markup and the
 * data attributes this code looks for; the pure rules stay in typing.ts, counter.ts and claw.ts.
 * docs/decisions/066-landing-without-react.md
 */

/** docs/product.md §9: the carousel advances every 3000 ms. */
export const CAROUSEL_MS = 3000

const REDUCED = '(prefers-reduced-motion: reduce)'
const reducedMotion = () => window.matchMedia(REDUCED).matches

type Cleanup = () => void

/** The hero types its words (nothing when motion is reduced: the static words show instead). */
function attachTyping(root: ParentNode): Cleanup | undefined {
  const out = root.querySelector<HTMLElement>('[data-typed]')
  if (!out || reducedMotion()) return
  let state = initialTyping
  let timer: ReturnType<typeof setTimeout>
  // The chain drives itself: each step schedules the next, so the cadence is exactly the spec's.
  const step = () => {
    state = nextTyping(state, HERO_WORDS)
    out.textContent = typedText(state, HERO_WORDS)
    timer = setTimeout(step, typingDelay(state))
  }
  out.textContent = typedText(state, HERO_WORDS)
  timer = setTimeout(step, typingDelay(state))
  return () => clearTimeout(timer)
}

const videoFailed = (video: HTMLVideoElement) =>
  video.error !== null || video.networkState === HTMLMediaElement.NETWORK_NO_SOURCE

/** The hero's muted video plays while the pointer is over the hero; a video that fails is removed. */
function attachHeroVideo(root: ParentNode, signal: AbortSignal) {
  const hero = root.querySelector<HTMLElement>('[data-testid="hero"]')
  const video = hero?.querySelector<HTMLVideoElement>('[data-testid="hero-video"]')
  if (!hero || !video) return
  const fail = () => {
    if (!video.isConnected) return
    // A warning, not an error: a missing decorative video is a handled state (the gradient shows),
    // and console.error is reserved for real faults (the e2e suite fails a page that logs one).
    console.warn('Hero background video failed to load; showing the gradient instead.')
    hero.dataset.video = 'failed'
    video.remove()
  }
  // React renders `muted` as a property only: said here too, so a hover may start it.
  video.muted = true
  // The last <source> may have failed before this script ran.
  if (videoFailed(video)) return fail()
  video.querySelector('source:last-of-type')?.addEventListener('error', fail, { signal })
  hero.addEventListener(
    'mouseenter',
    () => {
      if (video.isConnected) video.play().catch(() => {})
    },
    { signal },
  )
  hero.addEventListener(
    'mouseleave',
    () => {
      video.pause()
      video.currentTime = 0
    },
    { signal },
  )
}

/**
 * The counters show their final figures in the server HTML (crawlers, no JavaScript, reduced
 * motion) and keep them when the list is on screen as the script starts. Otherwise they reset to
 * zero while out of view and climb once, from the moment any of the list shows (issue 27 §14).
 */
function attachCounters(root: ParentNode): Cleanup | undefined {
  const list = root.querySelector<HTMLElement>('[data-counter]')
  if (!list || typeof IntersectionObserver === 'undefined' || reducedMotion()) return
  const values = list.querySelectorAll<HTMLElement>('[data-testid="stat-value"]')
  let tick = COUNTER_STEPS
  let timer: ReturnType<typeof setInterval> | undefined
  const render = () => {
    values.forEach((el, i) => {
      const stat = STATS[i]
      const text = stat ? formatStat(stat, tick / COUNTER_STEPS) : el.textContent
      if (el.textContent !== text) el.textContent = text
    })
  }
  let first = true
  const observer = new IntersectionObserver((entries) => {
    const inView = entries.some((e) => e.isIntersecting)
    if (first) {
      // The first report is where the list is now: on screen, it stays as it is.
      first = false
      if (inView) observer.disconnect()
      else {
        tick = 0
        render()
      }
      return
    }
    if (!inView) return
    observer.disconnect()
    list.dataset.counter = 'running'
    timer = setInterval(() => {
      tick = Math.min(COUNTER_STEPS, tick + 1)
      render()
      if (tick < COUNTER_STEPS) return
      clearInterval(timer)
      list.dataset.counter = 'done'
    }, COUNTER_TICK_MS)
  })
  observer.observe(list)
  return () => {
    observer.disconnect()
    clearInterval(timer)
  }
}

/** The screenshots advance every 3 s unless paused or motion is reduced; the dots choose one. */
function attachCarousel(root: ParentNode, signal: AbortSignal): Cleanup | undefined {
  const carousel = root.querySelector<HTMLElement>('[data-testid="carousel"]')
  if (!carousel) return
  const slides = [...carousel.querySelectorAll<HTMLElement>('figure')]
  const dots = [...carousel.querySelectorAll<HTMLButtonElement>('[data-slide-to]')]
  const title = carousel.querySelector<HTMLElement>('[data-carousel-title]')
  const heading = title?.closest('h3')
  const pause = carousel.querySelector<HTMLButtonElement>('[data-carousel-pause]')
  const reduced = reducedMotion()
  let index = Number(carousel.dataset.index) || 0
  let paused = false
  let timer: ReturnType<typeof setInterval> | undefined

  const show = (next: number) => {
    index = (next + slides.length) % slides.length
    carousel.dataset.index = String(index)
    slides.forEach((slide, i) => {
      slide.dataset.active = i === index ? 'true' : 'false'
      slide.setAttribute('aria-hidden', String(i !== index))
    })
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute('aria-current', 'true')
      else dot.removeAttribute('aria-current')
    })
    if (title) title.textContent = slides[index]?.dataset.title ?? ''
  }
  const play = () => {
    clearInterval(timer)
    const playing = !reduced && !paused
    heading?.setAttribute('aria-live', playing ? 'off' : 'polite')
    if (playing) timer = setInterval(() => show(index + 1), CAROUSEL_MS)
  }

  dots.forEach((dot, i) => {
    dot.addEventListener('click', () => show(i), { signal })
  })
  // Arrow keys move between the dots, as in a tab list.
  carousel.addEventListener(
    'keydown',
    (event) => {
      const at = dots.indexOf(event.target as HTMLButtonElement)
      if (at < 0 || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return
      event.preventDefault()
      show(at + (event.key === 'ArrowRight' ? 1 : -1))
      dots[index]?.focus()
    },
    { signal },
  )
  if (pause) {
    if (reduced) pause.hidden = true
    pause.addEventListener(
      'click',
      () => {
        paused = !paused
        pause.dataset.paused = String(paused)
        pause.setAttribute('aria-label', paused ? 'Play slideshow' : 'Pause slideshow')
        play()
      },
      { signal },
    )
  }
  play()
  return () => clearInterval(timer)
}

/**
 * docs/product.md §4: the claw follows the pointer within its limits while hovered, a click grabs
 * for 1 s and leaving puts it back. Still when motion is reduced.
 */
function attachClaw(root: ParentNode, signal: AbortSignal): Cleanup | undefined {
  const box = root.querySelector<HTMLButtonElement>('[data-testid="claw-machine"]')
  const claw = box?.querySelector<HTMLElement>('[data-testid="claw"]')
  if (!box || !claw) return
  const rope = claw.querySelector<HTMLElement>('[data-claw-rope]')
  const left = claw.querySelector<SVGPathElement>('[data-claw-left]')
  const right = claw.querySelector<SVGPathElement>('[data-claw-right]')
  const hint = box.querySelector<HTMLElement>('[data-claw-hint]')
  // Still when motion is reduced (its hint then reads differently, in CSS).
  if (reducedMotion()) return
  let pos: { x: number; y: number } = CLAW_REST
  let grabbing = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const render = () => {
    box.dataset.x = String(pos.x)
    box.dataset.y = String(pos.y)
    box.dataset.grabbing = String(grabbing)
    claw.style.transform = `translateX(calc(-50% + ${pos.x}px))`
    if (rope) {
      rope.style.height = `${(grabbing ? 170 : pos.y) + 10}px`
      rope.style.transitionDuration = grabbing ? `${CLAW_GRAB_MS / 2}ms` : '150ms'
    }
    left?.setAttribute('d', grabbing ? 'M26 12 L20 30 L28 44' : 'M26 12 L10 28 L14 44')
    right?.setAttribute('d', grabbing ? 'M38 12 L44 30 L36 44' : 'M38 12 L54 28 L50 44')
    if (hint) hint.textContent = grabbing ? 'Grabbing a reward…' : 'Move to aim · click to grab'
  }
  box.addEventListener(
    'pointermove',
    (event) => {
      if (grabbing) return
      const r = box.getBoundingClientRect()
      pos = clawPosition({ x: event.clientX, y: event.clientY }, { left: r.left, top: r.top, width: r.width })
      render()
    },
    { signal },
  )
  box.addEventListener(
    'pointerleave',
    () => {
      if (grabbing) return
      pos = CLAW_REST
      render()
    },
    { signal },
  )
  box.addEventListener(
    'click',
    () => {
      if (grabbing) return
      grabbing = true
      render()
      timer = setTimeout(() => {
        grabbing = false
        render()
      }, CLAW_GRAB_MS)
    },
    { signal },
  )
  return () => clearTimeout(timer)
}

/**
 * "Start the demo here" puts the demo's frame in place of its facade: the landing page stays light,
 * and the demo's video and scripts are only fetched by visitors who want them.
 */
function attachDemoFacade(root: ParentNode, signal: AbortSignal) {
  const facade = root.querySelector<HTMLElement>('[data-testid="demo-facade"]')
  const src = facade?.dataset.demoUrl
  facade?.querySelector('[data-demo-start]')?.addEventListener(
    'click',
    () => {
      if (src) facade.replaceWith(demoFrame(src, 'section'))
    },
    { signal },
  )
}

/**
 * Attaches the landing page's behaviour to the page in `root` (the document, or what a hydrated
 * page rendered); the dialogs and the contact form are attached apart (dialogs.ts, contact).
 * Returns a function that detaches it.
 */
export function attachLanding(root: ParentNode): Cleanup {
  const controller = new AbortController()
  const { signal } = controller
  // The header's section entries scroll smoothly (slowly enough to follow, unless motion is reduced).
  root.addEventListener(
    'click',
    (event) => {
      const entry = (event.target as Element | null)?.closest<HTMLElement>('[data-scroll-to]')
      if (entry?.dataset.scrollTo) scrollToSection(entry.dataset.scrollTo)
    },
    { signal },
  )
  attachHeroVideo(root, signal)
  attachDemoFacade(root, signal)
  const cleanups = [attachTyping(root), attachCounters(root), attachCarousel(root, signal), attachClaw(root, signal)]
  return () => {
    controller.abort()
    for (const cleanup of cleanups) cleanup?.()
  }
}

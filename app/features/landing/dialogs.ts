import { demoFrame } from '#app/features/landing/demo-frame.ts'
import { scrollToSection } from '#app/lib/scroll-to-section.ts'

/**
 * The landing page's modals in plain DOM code: the cards' detail dialogs and the demo modal, both
 * native `<dialog>` elements the server renders closed (detail-dialog.tsx, demo-modal.tsx). The
 * browser's modal dialog makes the rest of the page inert, closes on Escape and puts focus back;
 * this adds what it does not: a click on the backdrop closes, Tab stays inside, the opener is
 * focused again, the demo's frame is made on opening and Escape pressed inside it (posted up by
 * the demo page) closes it too. docs/decisions/066-landing-without-react.md
 */

/** Must match DEMO_ESCAPE_MESSAGE of features/demo/messages.ts (features never import each other). */
export const DEMO_ESCAPE_MESSAGE = 'vidquest:demo-escape'

const FOCUSABLE = 'a[href], button:not([disabled]), input, textarea, select, iframe, [tabindex]:not([tabindex="-1"])'

/** What every landing modal does beyond the browser's own: backdrop click, focus kept inside, focus back. */
function wireModal(dialog: HTMLDialogElement, signal: AbortSignal) {
  dialog.addEventListener(
    'click',
    (event) => {
      if (event.target !== dialog) return
      const r = dialog.getBoundingClientRect()
      const inside =
        event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom
      // A click on ::backdrop is a click on the dialog element, outside its box.
      if (!inside) dialog.close()
    },
    { signal },
  )
  dialog.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Tab') return
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0)
      const first = items[0]
      const last = items.at(-1)
      if (!first || !last) return
      const active = document.activeElement
      if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && active === last) {
        event.preventDefault()
        first.focus()
      }
    },
    { signal },
  )
  dialog.addEventListener(
    'click',
    (event) => {
      if ((event.target as Element | null)?.closest('[data-dialog-close]')) dialog.close()
    },
    { signal },
  )
}

const openers = new WeakMap<HTMLDialogElement, HTMLElement | null>()

function open(dialog: HTMLDialogElement, opener: HTMLElement | null) {
  if (dialog.open) return
  openers.set(dialog, opener)
  opener?.setAttribute('aria-expanded', 'true')
  dialog.showModal()
}

/**
 * Closes `dialog`; `then` runs once it is closed (the next modal, a jump to the form) instead of
 * focus going back to its opener.
 */
function closeThen(dialog: HTMLDialogElement, then: () => void) {
  dialog.dataset.handoff = ''
  dialog.close()
  then()
}

/** The demo's frame: made from its template when the modal opens, removed when it closes. */
function demoModal(dialog: HTMLDialogElement, signal: AbortSignal) {
  const slot = dialog.querySelector<HTMLElement>('[data-demo-slot]')
  const loading = dialog.querySelector<HTMLElement>('[data-demo-loading]')
  const src = dialog.dataset.demoUrl ?? ''
  const show = (opener: HTMLElement | null) => {
    if (dialog.open) return
    if (slot && src && !slot.querySelector('iframe')) {
      const box = demoFrame(src, 'modal')
      // Said until the demo page has loaded (issue 27 §14: a slow line showed nothing meanwhile).
      if (loading) loading.hidden = false
      box.querySelector('iframe')?.addEventListener('load', () => {
        if (loading) loading.hidden = true
      })
      slot.replaceChildren(box)
    }
    open(dialog, opener)
    // Focus on the modal itself, not the frame: Escape must reach this page first.
    dialog.focus()
  }
  dialog.addEventListener(
    'close',
    () => {
      slot?.replaceChildren()
      if (loading) loading.hidden = true
    },
    { signal },
  )
  // Escape pressed inside the embedded demo never reaches this document: the demo page posts it.
  window.addEventListener(
    'message',
    (event) => {
      if (dialog.open && event.origin === window.location.origin && event.data === DEMO_ESCAPE_MESSAGE) dialog.close()
    },
    { signal },
  )
  return show
}

/**
 * Issue 27 §14: what a Demo button does before its click. The demo page is asked for ahead (a
 * prefetch the frame then takes from the cache) when a pointer reaches a Demo button, it is
 * focused or pressed, or a card whose modal offers Demo opens.
 */
function prefetcher(href: string) {
  let done = false
  return () => {
    if (done || !href) return
    done = true
    const link = document.createElement('link')
    link.rel = 'prefetch'
    link.href = href
    document.head.append(link)
  }
}

/** Attaches the detail dialogs and the demo modal in `root`; returns a function that detaches them. */
export function attachDialogs(root: ParentNode): () => void {
  const controller = new AbortController()
  const { signal } = controller
  const demo = root.querySelector<HTMLDialogElement>('dialog[data-testid="demo-modal"]')
  const showDemo = demo ? demoModal(demo, signal) : () => {}
  const prefetch = prefetcher(demo?.dataset.demoUrl ?? '')

  for (const dialog of root.querySelectorAll<HTMLDialogElement>('dialog[data-landing-modal]')) {
    wireModal(dialog, signal)
    dialog.addEventListener(
      'close',
      () => {
        const opener = openers.get(dialog)
        opener?.setAttribute('aria-expanded', 'false')
        if (dialog.dataset.handoff !== undefined) delete dialog.dataset.handoff
        else if (opener?.isConnected) opener.focus()
      },
      { signal },
    )
  }

  const onIntent = (event: Event) => {
    if ((event.target as Element | null)?.closest?.('[data-open-demo]')) prefetch()
  }
  for (const type of ['pointerover', 'focusin', 'pointerdown'] as const)
    root.addEventListener(type, onIntent, { signal })

  root.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element | null
      const demoButton = target?.closest<HTMLElement>('[data-open-demo]')
      if (demoButton) {
        // From the phone menu (closed by now), focus goes back to its toggle after the demo.
        const toggle = demoButton.closest('#mobile-nav')
          ? document.querySelector<HTMLElement>('[aria-controls="mobile-nav"]')
          : null
        showDemo(toggle ?? demoButton)
        return
      }
      const card = target?.closest<HTMLElement>('[data-opens]')
      const dialog = card ? document.getElementById(card.dataset.opens ?? '') : null
      if (card && dialog instanceof HTMLDialogElement) {
        if (dialog.querySelector('[data-action="demo"]')) prefetch()
        open(dialog, card)
        return
      }
      const action = target?.closest<HTMLElement>('dialog [data-action]')
      const from = action?.closest('dialog')
      if (!action || !from) return
      const opener = openers.get(from) ?? null
      if (action.dataset.action === 'demo') closeThen(from, () => showDemo(opener))
      else if (action.dataset.action === 'contact')
        closeThen(from, () => {
          // Learn More leads to the contact form: its first field is focused instead of the card.
          scrollToSection('contact')
          document.getElementById('contact-name')?.focus({ preventScroll: true })
        })
    },
    { signal },
  )
  return () => controller.abort()
}

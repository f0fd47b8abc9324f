import {
  CONTACT_MESSAGES,
  CONTACT_SUCCESS_MS,
  type ContactFields,
  contactPayload,
  missingRequired,
} from '#app/features/contact/contact-rules.ts'
import { contactAttribution } from '#app/lib/first-touch.ts'
import type { ToastInput } from '#app/lib/toast.ts'

/**
 * docs/product.md §4: the contact form sent in place, in plain DOM code (the island of `/`,
 * app/islands/landing.ts, and the landing route when a hydrated page renders it). Without it the
 * same form posts to the landing route's action. idle → submitting ('Launching Your Quest...') →
 * success ('Quest Initiated', the form cleared, back to the form after 3 s) or failure (the form
 * keeps what was typed, the server's field messages beside their fields). The notes go to `notify`:
 * the page's note box on the page sent without React, the toaster on a hydrated one.
 * docs/decisions/066-landing-without-react.md
 */

const FIELDS = ['name', 'email', 'company', 'message', 'website'] as const

interface Answer {
  error?: unknown
  fields?: unknown
}

function read(form: HTMLFormElement): ContactFields {
  const data = new FormData(form)
  const value = (name: string) => {
    const v = data.get(name)
    return typeof v === 'string' ? v : ''
  }
  return {
    name: value('name'),
    email: value('email'),
    company: value('company'),
    message: value('message'),
    website: value('website'),
  }
}

/** One field's message beside it, tied to its control (aria-invalid, aria-describedby). */
function showFieldError(form: HTMLFormElement, name: string, text: string) {
  const slot = form.querySelector<HTMLElement>(`[data-error-for="${name}"]`)
  const control = form.elements.namedItem(name)
  if (slot) {
    slot.textContent = text
    slot.hidden = text === ''
  }
  if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) return
  if (text) {
    control.setAttribute('aria-invalid', 'true')
    if (slot) control.setAttribute('aria-describedby', slot.id)
  } else {
    control.removeAttribute('aria-invalid')
    control.removeAttribute('aria-describedby')
  }
}

/** Attaches the contact form in `root` (`form[data-contact-form]`); returns a function that detaches it. */
export function attachContactForm(root: ParentNode, notify: (note: ToastInput) => void): () => void {
  const form = root.querySelector<HTMLFormElement>('form[data-contact-form]')
  const success = root.querySelector<HTMLElement>('[data-testid="contact-success"]')
  if (!form) return () => {}
  const controller = new AbortController()
  const { signal } = controller
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
  let busy = false
  let timer: ReturnType<typeof setTimeout> | undefined

  const setBusy = (on: boolean) => {
    busy = on
    if (!button) return
    button.disabled = on
    for (const label of button.querySelectorAll<HTMLElement>('[data-busy]')) label.hidden = !on
    for (const label of button.querySelectorAll<HTMLElement>('[data-idle]')) label.hidden = on
  }

  /** 'Quest Initiated' for 3 s, then the empty form again (its first field focused if focus was in the box). */
  const showSuccess = () => {
    if (!success) return
    form.hidden = true
    success.hidden = false
    success.focus()
    clearTimeout(timer)
    timer = setTimeout(() => {
      const hadFocus = success.contains(document.activeElement)
      success.hidden = true
      form.hidden = false
      setBusy(false)
      if (hadFocus)
        requestAnimationFrame(() =>
          (form.elements.namedItem('name') as HTMLInputElement | null)?.focus({ preventScroll: true }),
        )
    }, CONTACT_SUCCESS_MS)
  }
  // A plain post that was sent shows its success the same way.
  if (success && !success.hidden) showSuccess()

  form.addEventListener(
    'input',
    (event) => {
      const name = (event.target as HTMLInputElement | null)?.name
      if (name) showFieldError(form, name, '')
    },
    { signal },
  )

  form.addEventListener(
    'submit',
    async (event) => {
      event.preventDefault()
      if (busy) return
      const fields = read(form)
      if (missingRequired(fields)) {
        notify({ ...CONTACT_MESSAGES.missing, variant: 'destructive' })
        return
      }
      setBusy(true)
      for (const name of FIELDS) showFieldError(form, name, '')
      form.querySelector('[data-form-error]')?.remove()
      let status = 0
      let answer: Answer | null = null
      try {
        const res = await fetch('/api/contact', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(contactPayload(fields, contactAttribution())),
        })
        status = res.status
        answer = (await res.json().catch(() => null)) as Answer | null
      } catch {}
      if (status >= 200 && status < 300) {
        for (const name of FIELDS) {
          const control = form.elements.namedItem(name)
          if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) control.value = ''
        }
        showSuccess()
        notify(CONTACT_MESSAGES.success)
        return
      }
      setBusy(false)
      const fieldErrors =
        answer?.fields && typeof answer.fields === 'object' ? (answer.fields as Record<string, unknown>) : {}
      for (const [name, text] of Object.entries(fieldErrors))
        if (typeof text === 'string') showFieldError(form, name, text)
      // A refusal the server explains (rate limit, validation) is shown in its own words.
      const explained = (status === 429 || status === 400) && typeof answer?.error === 'string' && answer.error
      notify({
        title: CONTACT_MESSAGES.failure.title,
        description: explained || CONTACT_MESSAGES.failure.description,
        variant: 'destructive',
      })
    },
    { signal },
  )
  return () => {
    controller.abort()
    clearTimeout(timer)
  }
}

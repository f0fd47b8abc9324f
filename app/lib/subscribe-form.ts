import { contactAttribution } from '#app/lib/first-touch.ts'

/**
 * Issue 30: a subscribe form (app/components/subscribe/subscribe-form.tsx) sent with JavaScript:
 * the same form posts to /subscribe without it. Plain DOM code, so the island of a page without
 * React (app/islands/public-page.ts) and the hydrated landing page run the same thing, and the
 * post page's script stays small: no zod, no React. docs/decisions/063-subscribe-pages.md
 */

const FAILED = 'Something went wrong. Please try again.'
const OFFLINE = 'We could not reach the server. Check your connection and try again.'

interface Answer {
  message?: string
  error?: string
  fields?: Record<string, string>
}

function showErrors(form: HTMLFormElement, fields: Record<string, string>, general: string) {
  for (const slot of form.querySelectorAll<HTMLElement>('[data-error-for]')) {
    const name = slot.dataset.errorFor ?? ''
    const text = fields[name] ?? ''
    slot.textContent = text
    slot.hidden = text === ''
    const control = form.elements.namedItem(name)
    if (control instanceof HTMLInputElement) {
      if (text) control.setAttribute('aria-invalid', 'true')
      else control.removeAttribute('aria-invalid')
    }
  }
  const alert = form.querySelector<HTMLElement>('[data-subscribe-error]')
  if (alert) {
    alert.textContent = general
    alert.hidden = general === ''
  }
}

/** Sends `form` to POST /api/subscribers with the tab's first touch; shows the answer in place. */
export function attachSubscribeForm(form: HTMLFormElement): void {
  if (form.dataset.attached !== undefined) return
  form.dataset.attached = ''
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    // A disabled submit button also stops Enter in the field: one request at a time.
    const button = form.querySelector('button')
    if (!button || button.disabled) return
    const label = button.textContent
    button.disabled = true
    button.textContent = 'Subscribing…'
    let answer: Answer | null = null
    let status = 0
    try {
      const data = new FormData(form)
      const res = await fetch('/api/subscribers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // email, form, website as typed; consent as a boolean; the first touch.
        body: JSON.stringify({
          ...Object.fromEntries(data),
          consent: data.has('consent'),
          attribution: contactAttribution(),
        }),
      })
      status = res.status
      answer = (await res.json().catch(() => null)) as Answer | null
    } catch {}
    button.disabled = false
    button.textContent = label
    if (status === 202) {
      const done = form.parentElement?.querySelector<HTMLElement>('[data-subscribe-status]')
      if (done) {
        done.textContent = answer?.message ?? ''
        done.hidden = false
        done.focus()
      }
      form.hidden = true
      return
    }
    const fields = answer?.fields ?? {}
    // A field's own message is shown beside it; the sentence above the button says the rest.
    showErrors(form, fields, status === 0 ? OFFLINE : Object.keys(fields).length > 0 ? '' : (answer?.error ?? FAILED))
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  })
}

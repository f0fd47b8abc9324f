// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { attachContactForm } from '#app/features/contact/contact-form-script.ts'
import { CONTACT_MESSAGES, CONTACT_SUCCESS_MS } from '#app/features/contact/contact-rules.ts'
import type { ToastInput } from '#app/lib/toast.ts'

/** The markup ContactForm renders, reduced to what the script looks for. */
const MARKUP = `
  <div data-testid="contact-success" role="status" tabindex="-1" hidden>Quest Initiated</div>
  <form data-contact-form method="post" action="/#contact">
    <input id="contact-name" name="name" />
    <input id="contact-email" name="email" type="email" />
    <p id="contact-email-error" data-error-for="email" hidden></p>
    <input id="contact-company" name="company" />
    <textarea id="contact-message" name="message"></textarea>
    <input id="contact-website" name="website" />
    <button type="submit"><span data-idle>Launch Your Quest</span><span data-busy hidden>Launching Your Quest...</span></button>
  </form>`

const $ = <T extends Element>(selector: string) => document.querySelector(selector) as T
const form = () => $<HTMLFormElement>('form')
function fill(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values))
    (form().elements.namedItem(name) as HTMLInputElement).value = value
}
const submit = () => form().dispatchEvent(new Event('submit', { cancelable: true }))

let notes: ToastInput[]
let detach: () => void
beforeEach(() => {
  document.body.innerHTML = MARKUP
  notes = []
  detach = attachContactForm(document, (note) => notes.push(note))
})
afterEach(() => {
  detach()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('the contact form sent in place (docs/decisions/066)', () => {
  test('fields of spaces give the missing-fields note and send nothing', () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    fill({ name: '  ', email: 'ada@example.com', message: ' ' })
    submit()
    expect(fetch).not.toHaveBeenCalled()
    expect(notes).toEqual([{ ...CONTACT_MESSAGES.missing, variant: 'destructive' }])
  })

  test('a sent message clears the form, shows Quest Initiated for 3 s, then the form again', async () => {
    vi.useFakeTimers()
    const fetch = vi.fn(async () => new Response('{"success":true}', { status: 201 }))
    vi.stubGlobal('fetch', fetch)
    fill({ name: ' Ada ', email: 'ada@example.com', company: '', message: 'Hello' })
    submit()
    expect($<HTMLButtonElement>('button').disabled).toBe(true)
    expect($<HTMLElement>('[data-busy]').hidden).toBe(false)
    await vi.waitFor(() => expect(notes).toEqual([CONTACT_MESSAGES.success]))
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/contact')
    expect(JSON.parse(init.body as string)).toMatchObject({ name: 'Ada', email: 'ada@example.com', company: null })
    expect(form().hidden).toBe(true)
    expect($<HTMLElement>('[data-testid="contact-success"]').hidden).toBe(false)
    expect($<HTMLInputElement>('#contact-name').value).toBe('')
    vi.advanceTimersByTime(CONTACT_SUCCESS_MS)
    expect(form().hidden).toBe(false)
    expect($<HTMLButtonElement>('button').disabled).toBe(false)
  })

  test("a refusal keeps what was typed and puts the server's field message beside its field", async () => {
    const body = { error: 'Please enter a valid e-mail address.', fields: { email: 'Enter a valid e-mail address' } }
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status: 400 }))
    fill({ name: 'Ada', email: 'ada@localhost', message: 'Hello' })
    submit()
    await vi.waitFor(() => expect(notes).toHaveLength(1))
    expect(notes[0]).toEqual({ title: 'Error', description: body.error, variant: 'destructive' })
    const email = $<HTMLInputElement>('#contact-email')
    expect(email.value).toBe('ada@localhost')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(email.getAttribute('aria-describedby')).toBe('contact-email-error')
    expect($<HTMLElement>('#contact-email-error').textContent).toBe(body.fields.email)
    // Typing in the field clears its message.
    email.dispatchEvent(new Event('input', { bubbles: true }))
    expect($<HTMLElement>('#contact-email-error').hidden).toBe(true)
    expect(email.hasAttribute('aria-invalid')).toBe(false)
  })

  test('a network failure gives the generic failure note', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    fill({ name: 'Ada', email: 'ada@example.com', message: 'Hello' })
    submit()
    await vi.waitFor(() => expect(notes).toHaveLength(1))
    expect(notes[0]).toEqual({ ...CONTACT_MESSAGES.failure, variant: 'destructive' })
  })
})

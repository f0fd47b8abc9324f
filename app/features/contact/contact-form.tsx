import { CheckCircle2, Loader2, Rocket } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { type ContactFields, type ContactResult, initialContact } from '#app/features/contact/contact-rules.ts'
import { CONTACT_COMPANY_MAX, CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '#common/limits.ts'

/**
 * docs/product.md §4: the contact form. Without JavaScript it posts to the landing route's action,
 * which answers with the page in its success or refused state (`result`). With it, the plain DOM
 * code of contact-form-script.ts sends it in place: idle → submitting ('Launching Your Quest...')
 * → success ('Quest Initiated', the form cleared, back to the form after 3 s) or failure (the form
 * keeps what was typed). Both states are in the HTML; the script shows one or the other.
 */
export function ContactForm({ result }: { result?: ContactResult | undefined }) {
  const fields = initialContact(result)
  const sent = result?.status === 'sent'
  const fieldErrors: Record<string, string> = result?.status === 'refused' ? result.fields : {}
  // A plain post's refusal has no note to show it (no JavaScript ran): it stays beside the button.
  const formError = result?.status === 'refused' ? result.error : ''
  const err = (key: keyof ContactFields) => fieldErrors[key] || undefined
  /** A visible field's control: its id and name, its value, and its error message wiring. */
  const control = (key: keyof ContactFields) => ({
    id: `contact-${key}`,
    name: key,
    defaultValue: fields[key],
    'aria-invalid': err(key) ? true : undefined,
    'aria-describedby': err(key) ? `contact-${key}-error` : undefined,
  })

  return (
    <>
      <div
        tabIndex={-1}
        role="status"
        data-testid="contact-success"
        hidden={!sent}
        className="min-h-[30rem] rounded-2xl border border-green-200 bg-green-50 p-8 text-center outline-none"
      >
        <div className="flex min-h-[26rem] flex-col items-center justify-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700">
            <CheckCircle2 className="size-8" aria-hidden="true" />
          </span>
          <h3 className="mt-5 text-2xl font-bold text-slate-900">Quest Initiated</h3>
          <p className="mt-3 max-w-sm text-slate-700">
            Your message has been sent. Our team will reach out within 24 hours.
          </p>
        </div>
      </div>
      {/* method="post": sent before the script runs (or without it) it goes to the landing route's
          action, never as a GET that would put the visitor's details in the address bar. */}
      <form
        method="post"
        action="/#contact"
        data-contact-form=""
        hidden={sent}
        aria-labelledby="contact-form-title"
        className="relative grid min-h-[30rem] gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-xl sm:p-8"
      >
        <h3 id="contact-form-title" className="text-xl font-semibold text-slate-900">
          Start your quest
        </h3>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="contact-name" name="name" label="Name" error={err('name')}>
            <Input {...control('name')} autoComplete="name" required maxLength={CONTACT_NAME_MAX} />
          </Field>
          <Field id="contact-email" name="email" label="Email" error={err('email')}>
            <Input {...control('email')} type="email" autoComplete="email" required maxLength={CONTACT_EMAIL_MAX} />
          </Field>
        </div>
        <Field id="contact-company" name="company" label="Company" optional error={err('company')}>
          <Input {...control('company')} autoComplete="organization" maxLength={CONTACT_COMPANY_MAX} />
        </Field>
        <Field id="contact-message" name="message" label="Message" error={err('message')}>
          <Textarea
            {...control('message')}
            required
            rows={5}
            maxLength={CONTACT_MESSAGE_MAX}
            placeholder="Tell us about your campaign, audience and the rewards you have in mind."
          />
        </Field>
        {/* Honeypot: people never see it; bots that fill every field give themselves away. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Website</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        {formError && (
          <p role="alert" data-form-error="" className="text-sm font-medium text-destructive">
            {formError}
          </p>
        )}
        <Button type="submit" size="lg" variant="gradient" className="w-full">
          <span data-idle="" className="contents">
            <Rocket aria-hidden="true" />
            Launch Your Quest
          </span>
          <span data-busy="" hidden className="contents">
            <Loader2 className="animate-spin" aria-hidden="true" />
            Launching Your Quest...
          </span>
        </Button>
      </form>
    </>
  )
}

function Field({
  id,
  name,
  label,
  optional = false,
  error,
  children,
}: {
  id: string
  name: keyof ContactFields
  label: string
  optional?: boolean
  error?: string
  children: React.ReactNode
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} className="text-slate-800">
        {label}
        {optional ? (
          <span className="ml-1 font-normal text-slate-600">(optional)</span>
        ) : (
          <span className="ml-0.5 text-pink-700" aria-hidden="true">
            *
          </span>
        )}
      </Label>
      {children}
      {/* Always in place: the script fills it with the server's message for this field. */}
      <p id={`${id}-error`} data-error-for={name} hidden={!error} className="text-sm text-destructive">
        {error}
      </p>
    </div>
  )
}

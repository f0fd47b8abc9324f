import { CheckCircle2, Loader2, Rocket } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import {
  CONTACT_MESSAGES,
  CONTACT_SUCCESS_MS,
  type ContactFields,
  type ContactResult,
  contactPayload,
  emptyContact,
  initialContact,
  missingRequired,
} from '#app/features/contact/contact-rules.ts'
import { ApiError, api } from '#app/lib/api-client.ts'
import { contactAttribution } from '#app/lib/first-touch.ts'
import { toast } from '#app/lib/toast.ts'
import { CONTACT_COMPANY_MAX, CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '#common/limits.ts'

type Status = 'idle' | 'submitting' | 'success'

/** A refusal the server explains (rate limit, validation) is shown in its own words. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 429 || error.status === 400) && error.serverMessage) {
    return error.serverMessage
  }
  return CONTACT_MESSAGES.failure.description
}

/**
 * docs/product.md §4: idle → submitting ('Launching Your Quest...') → success ('Quest Initiated', the form
 * cleared, back to the form after 3 s) or failure (the form keeps what was typed).
 */
export function ContactForm({ result }: { result?: ContactResult | undefined }) {
  const [fields, setFields] = useState<ContactFields>(() => initialContact(result))
  const [status, setStatus] = useState<Status>(result?.status === 'sent' ? 'success' : 'idle')
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>(
    result?.status === 'refused' ? result.fields : {},
  )
  // A plain post's refusal has no toast to show it (no JavaScript ran): it stays beside the button.
  const [formError, setFormError] = useState(result?.status === 'refused' ? result.error : '')
  const successRef = useRef<HTMLDivElement>(null)
  const nameRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    if (status !== 'success') return
    successRef.current?.focus()
    const timer = setTimeout(() => {
      const hadFocus = successRef.current?.contains(document.activeElement) ?? false
      setStatus('idle')
      if (hadFocus) requestAnimationFrame(() => nameRef.current?.focus({ preventScroll: true }))
    }, CONTACT_SUCCESS_MS)
    return () => clearTimeout(timer)
  }, [status])

  const set = (key: keyof ContactFields) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setFields((f) => ({ ...f, [key]: e.target.value }))
    setFieldErrors((errs) => (errs[key] ? { ...errs, [key]: '' } : errs))
  }

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (status === 'submitting') return
    if (missingRequired(fields)) {
      toast({ ...CONTACT_MESSAGES.missing, variant: 'destructive' })
      return
    }
    setStatus('submitting')
    setFieldErrors({})
    setFormError('')
    try {
      await api.post('/api/contact', contactPayload(fields, contactAttribution()))
      setFields(emptyContact)
      setStatus('success')
      toast(CONTACT_MESSAGES.success)
    } catch (error) {
      setStatus('idle')
      if (error instanceof ApiError) setFieldErrors(error.fields)
      toast({ title: CONTACT_MESSAGES.failure.title, description: failureMessage(error), variant: 'destructive' })
    }
  }

  if (status === 'success') {
    return (
      <div
        ref={successRef}
        tabIndex={-1}
        role="status"
        data-testid="contact-success"
        className="flex min-h-[30rem] flex-col items-center justify-center rounded-2xl border border-green-200 bg-green-50 p-8 text-center outline-none"
      >
        <span className="flex size-16 items-center justify-center rounded-full bg-green-100 text-green-700">
          <CheckCircle2 className="size-8" aria-hidden="true" />
        </span>
        <h3 className="mt-5 text-2xl font-bold text-slate-900">Quest Initiated</h3>
        <p className="mt-3 max-w-sm text-slate-700">
          Your message has been sent. Our team will reach out within 24 hours.
        </p>
      </div>
    )
  }

  const submitting = status === 'submitting'
  const err = (key: keyof ContactFields) => fieldErrors[key] || undefined
  /** A visible field's control: its id and name, its value, and its error message wiring. */
  const control = (key: keyof ContactFields) => ({
    id: `contact-${key}`,
    name: key,
    value: fields[key],
    onChange: set(key),
    'aria-invalid': err(key) ? true : undefined,
    'aria-describedby': err(key) ? `contact-${key}-error` : undefined,
  })

  return (
    // method="post": sent before the scripts load (or without them) it goes to the landing route's
    // action, never as a GET that would put the visitor's details in the address bar.
    <form
      method="post"
      action="/#contact"
      onSubmit={onSubmit}
      aria-labelledby="contact-form-title"
      className="relative grid min-h-[30rem] gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-xl sm:p-8"
    >
      <h3 id="contact-form-title" className="text-xl font-semibold text-slate-900">
        Start your quest
      </h3>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-name" label="Name" error={err('name')}>
          <Input ref={nameRef} {...control('name')} autoComplete="name" required maxLength={CONTACT_NAME_MAX} />
        </Field>
        <Field id="contact-email" label="Email" error={err('email')}>
          <Input {...control('email')} type="email" autoComplete="email" required maxLength={CONTACT_EMAIL_MAX} />
        </Field>
      </div>
      <Field id="contact-company" label="Company" optional error={err('company')}>
        <Input {...control('company')} autoComplete="organization" maxLength={CONTACT_COMPANY_MAX} />
      </Field>
      <Field id="contact-message" label="Message" error={err('message')}>
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
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={fields.website}
          onChange={set('website')}
        />
      </div>
      {formError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {formError}
        </p>
      )}
      <Button type="submit" size="lg" variant="gradient" disabled={submitting} className="w-full">
        {submitting ? (
          <>
            <Loader2 className="animate-spin" aria-hidden="true" />
            Launching Your Quest...
          </>
        ) : (
          <>
            <Rocket aria-hidden="true" />
            Launch Your Quest
          </>
        )}
      </Button>
    </form>
  )
}

function Field({
  id,
  label,
  optional = false,
  error,
  children,
}: {
  id: string
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
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

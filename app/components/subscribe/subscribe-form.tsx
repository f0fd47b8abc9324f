import { Mail } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { attachSubscribeForm } from '#app/lib/subscribe-form.ts'
import { cn } from '#app/lib/utils.ts'
import { CONTACT_EMAIL_MAX } from '#common/limits.ts'
import { type SubscribeForm as Form, SUBSCRIBE_ANSWER, SUBSCRIBE_CONSENT_TEXT } from '#common/subscribe-text.ts'

/** What /subscribe's action answered a form posted without JavaScript. */
export type SubscribeResult =
  | { status: 'sent' }
  | { status: 'refused'; error: string; fields: Record<string, string>; values: { email: string; form: Form } }

/**
 * Issue 30: the subscribe form under every post, on /blog, on the landing page and at /subscribe.
 * A plain form posting to /subscribe (it works without JavaScript); with it, app/lib/subscribe-form.ts
 * sends it to the API in place, with the reader's first touch. docs/decisions/063-subscribe-pages.md
 */
export function SubscribeForm({
  form,
  result,
  title = 'Get new posts by email',
  className,
}: {
  /** Where it is: kept with the reader's consent. */
  form: Form
  result?: SubscribeResult | undefined
  title?: string
  className?: string
}) {
  const ref = useRef<HTMLFormElement>(null)
  // A hydrated page (the landing page): the same code the island runs on a page without React.
  useEffect(() => {
    if (ref.current) attachSubscribeForm(ref.current)
  }, [])
  const id = `subscribe-${form}`
  const sent = result?.status === 'sent'
  const refused = result?.status === 'refused' ? result : null
  const fieldError = (name: string) => refused?.fields[name] ?? ''
  const generalError = refused && Object.keys(refused.fields).length === 0 ? refused.error : ''
  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={`subscribe-${form}`}
      className={cn('rounded-2xl border border-violet-200 bg-violet-50/70 p-6 sm:p-8', className)}
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-violet-100 text-violet-800">
          <Mail className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            One email when we publish something new. We ask you to confirm first; leave with one click.
          </p>
        </div>
      </div>
      <p
        data-subscribe-status=""
        role="status"
        tabIndex={-1}
        hidden={!sent}
        className="mt-5 rounded-lg border border-green-200 bg-green-50 p-4 font-medium text-green-900 outline-none"
      >
        {sent ? SUBSCRIBE_ANSWER.message : ''}
      </p>
      <form
        ref={ref}
        method="post"
        action="/subscribe"
        data-subscribe=""
        hidden={sent}
        aria-labelledby={`${id}-title`}
        className="relative mt-5 grid gap-3"
      >
        <input type="hidden" name="form" value={form} />
        <label htmlFor={`${id}-email`} className="text-sm font-medium text-slate-800">
          Email
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={CONTACT_EMAIL_MAX}
          defaultValue={refused?.values.email ?? ''}
          placeholder="you@company.com"
          aria-invalid={fieldError('email') ? true : undefined}
          aria-describedby={`${id}-email-error`}
          className="h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-700"
        />
        <p
          id={`${id}-email-error`}
          data-error-for="email"
          hidden={!fieldError('email')}
          className="text-sm text-destructive"
        >
          {fieldError('email')}
        </p>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            name="consent"
            type="checkbox"
            value="true"
            required
            aria-invalid={fieldError('consent') ? true : undefined}
            aria-describedby={`${id}-consent-error`}
            className="mt-0.5 size-4 shrink-0 accent-violet-700"
          />
          <span>{SUBSCRIBE_CONSENT_TEXT}</span>
        </label>
        <p
          id={`${id}-consent-error`}
          data-error-for="consent"
          hidden={!fieldError('consent')}
          className="text-sm text-destructive"
        >
          {fieldError('consent')}
        </p>
        {/* Honeypot: people never see it; bots that fill every field give themselves away. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={`${id}-website`}>Website</label>
          <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <p data-subscribe-error="" role="alert" hidden={!generalError} className="text-sm font-medium text-destructive">
          {generalError}
        </p>
        <Button type="submit" size="lg" variant="gradient" className="mt-1 h-11 w-full sm:w-auto sm:justify-self-start">
          Subscribe
        </Button>
      </form>
    </section>
  )
}

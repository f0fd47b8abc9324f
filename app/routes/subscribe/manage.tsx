import { SiteLayout } from '#app/components/brand/site-layout.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { PublicRouteError } from '#app/features/not-found/route-error.tsx'
import type { RouteHandle } from '#app/lib/route-handle.ts'
import { MANAGE_LINK_NOT_VALID, type SubscriberState } from '#common/subscribe-text.ts'
import type { Route } from './+types/manage'

export { action, loader } from './manage.server.ts'

export const handle: RouteHandle = { hydrate: false }

// One reader's own page: never shared by the page cache, never indexed.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export const meta: Route.MetaFunction = () => [
  { title: 'Your subscription · VidQuest blog' },
  { name: 'robots', content: 'noindex' },
]

const STATE_TEXT: Record<SubscriberState, (email: string) => string> = {
  confirmed: (email) => `You get new VidQuest blog posts by email at ${email}.`,
  pending: (email) => `We are waiting for you to confirm ${email} from the email we sent.`,
  unsubscribed: (email) => `${email} is unsubscribed: you get no emails from us.`,
  bounced: (email) =>
    `Emails to ${email} could not be delivered, so we stopped sending them. Subscribe again with an address that works.`,
}

const CHANGED_TEXT: Partial<Record<SubscriberState, string>> = {
  unsubscribed: 'You are unsubscribed. You will get no more emails from us.',
  confirmed: 'Welcome back: you are subscribed again.',
  pending: 'Check your inbox: we sent you a link to confirm.',
}

/** Issue 30: a reader's own link from any email: their state, and one button to leave or come back. */
export default function ManagePage({ loaderData, actionData }: Route.ComponentProps) {
  const { token, me } = loaderData
  const state = actionData && 'changed' in actionData ? actionData.changed : me?.state
  return (
    <SiteLayout className="bg-slate-50/60 px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-xl rounded-2xl border bg-white p-6 shadow-sm sm:p-10">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Your subscription</h1>
        {actionData && 'error' in actionData ? (
          <p role="alert" className="mt-3 font-medium text-destructive">
            {actionData.error}
          </p>
        ) : null}
        {me && token && state ? (
          <>
            {actionData && 'changed' in actionData ? (
              <p
                role="status"
                className="mt-4 rounded-lg border border-green-200 bg-green-50 p-4 font-medium text-green-900"
              >
                {CHANGED_TEXT[actionData.changed] ?? STATE_TEXT[actionData.changed](me.email)}
              </p>
            ) : null}
            <p className="mt-4 text-slate-700" data-testid="subscription-state">
              {STATE_TEXT[state](me.email)}
            </p>
            {state === 'bounced' ? (
              <a href="/subscribe" className="mt-6 inline-block font-semibold text-violet-800 underline">
                Subscribe with another address
              </a>
            ) : (
              <form method="post" className="mt-6">
                <input type="hidden" name="token" value={token} />
                {state === 'unsubscribed' ? (
                  <Button type="submit" name="intent" value="resubscribe" size="lg" variant="gradient">
                    Subscribe again
                  </Button>
                ) : (
                  <Button type="submit" name="intent" value="unsubscribe" size="lg" variant="outline">
                    Unsubscribe
                  </Button>
                )}
              </form>
            )}
          </>
        ) : (
          <p className="mt-3 text-slate-700">{MANAGE_LINK_NOT_VALID}</p>
        )}
      </div>
    </SiteLayout>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicRouteError error={error} />
}

import { CheckCircle2 } from 'lucide-react'
import { SiteLayout } from '#app/components/brand/site-layout.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { PublicRouteError } from '#app/features/not-found/route-error.tsx'
import type { RouteHandle } from '#app/lib/route-handle.ts'
import type { Route } from './+types/confirm'

export { action, loader } from './confirm.server.ts'

export const handle: RouteHandle = { hydrate: false }

// The link's token is the reader's: never shared by the page cache, never indexed.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export const meta: Route.MetaFunction = () => [
  { title: 'Confirm your subscription · VidQuest blog' },
  { name: 'robots', content: 'noindex' },
]

/** Issue 30: the confirmation email's link lands here; one click confirms. docs/decisions/063 */
export default function ConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SiteLayout className="bg-slate-50/60 px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-xl rounded-2xl border bg-white p-6 shadow-sm sm:p-10">
        {actionData?.status === 'confirmed' ? (
          <div role="status">
            <CheckCircle2 className="size-10 text-green-700" aria-hidden="true" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">You are subscribed</h1>
            <p className="mt-3 text-slate-700">
              Thank you. You will get an email when we publish a new post. Every email has a link to leave.
            </p>
            <a href="/blog" className="mt-6 inline-block font-semibold text-violet-800 underline">
              Read the blog
            </a>
          </div>
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Confirm your subscription</h1>
            {actionData?.status === 'refused' ? (
              <>
                <p role="alert" className="mt-3 font-medium text-destructive">
                  {actionData.error}
                </p>
                <a href="/subscribe" className="mt-6 inline-block font-semibold text-violet-800 underline">
                  Subscribe again
                </a>
              </>
            ) : loaderData.token ? (
              <form method="post" className="mt-3">
                <p className="text-slate-700">One click and you will get new VidQuest blog posts by email.</p>
                <input type="hidden" name="token" value={loaderData.token} />
                <Button type="submit" size="lg" variant="gradient" className="mt-6">
                  Confirm my subscription
                </Button>
              </form>
            ) : (
              <>
                <p className="mt-3 text-slate-700">
                  This confirmation link is not complete. Open it from the email, or subscribe again.
                </p>
                <a href="/subscribe" className="mt-6 inline-block font-semibold text-violet-800 underline">
                  Subscribe
                </a>
              </>
            )}
          </>
        )}
      </div>
    </SiteLayout>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicRouteError error={error} />
}

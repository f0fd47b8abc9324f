import { SiteLayout } from '#app/components/brand/site-layout.tsx'
import { SubscribeForm } from '#app/components/subscribe/subscribe-form.tsx'
import { PublicRouteError } from '#app/features/not-found/route-error.tsx'
import type { RouteHandle } from '#app/lib/route-handle.ts'
import type { Route } from './+types/subscribe'

export { action } from './subscribe.server.ts'

// Sent as HTML with one small script, without React (app/root.tsx). docs/decisions/043
export const handle: RouteHandle = { hydrate: false }

export const meta: Route.MetaFunction = () => [
  { title: 'Subscribe · VidQuest blog' },
  {
    name: 'description',
    content: 'Get new VidQuest articles on rewarded video advertising by email. Confirm once, leave with one click.',
  },
]

/** Issue 30: subscribing on a page of its own, and where every form posted without JavaScript lands. */
export default function SubscribePage({ actionData }: Route.ComponentProps) {
  const form = actionData?.status === 'refused' ? actionData.values.form : 'subscribe'
  return (
    <SiteLayout className="bg-slate-50/60 px-4 py-16 sm:px-6 sm:py-24">
      <div className="mx-auto max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">The VidQuest blog by email</h1>
        <p className="mt-4 text-lg text-slate-700">
          Playbooks, research and news on rewarded video, in your inbox when we publish. No other email.
        </p>
        <SubscribeForm form={form} result={actionData} title="Subscribe" className="mt-10 bg-white" />
      </div>
    </SiteLayout>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicRouteError error={error} />
}

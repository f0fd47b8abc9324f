import { VideoQuest } from '#app/features/demo/video-quest.tsx'
import { PublicRouteError } from '#app/features/not-found/route-error.tsx'
import type { Route } from './+types/demo'

export const meta: Route.MetaFunction = () => [
  { title: 'Sample video quest · VidQuest demo' },
  { name: 'description', content: 'Watch a short ad, claim a reward and visit the brand: a VidQuest sample quest.' },
  { name: 'robots', content: 'noindex' },
]

/** The default DEMO_URL: a working sample quest that needs no external host. */
export default function Demo() {
  return (
    <main
      aria-label="Sample video quest"
      className="min-h-dvh bg-gradient-to-br from-slate-950 via-[#1e0b3b] to-[#3b0a45]"
    >
      <VideoQuest />
    </main>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicRouteError error={error} />
}

import { BookOpen, House } from 'lucide-react'
import { LostQuestIllustration } from '#app/features/not-found/lost-quest-illustration.tsx'
import { StatusPage } from '#app/features/not-found/status-page.tsx'

export const NOT_FOUND_TITLE = 'Page Not Found'
export const NOT_FOUND_MESSAGE =
  "This quest took a wrong turn: the page you're looking for doesn't exist or has moved. Let's get you back to building video quests that turn viewers into customers."

/** The not-found page: the `*` route renders it with status 404, and so does the root error boundary. */
export function NotFoundPage() {
  return (
    <StatusPage
      picture={<LostQuestIllustration className="mx-auto h-auto w-56 sm:w-64" />}
      eyebrow="Error 404"
      title={NOT_FOUND_TITLE}
      message={NOT_FOUND_MESSAGE}
      actions={[
        { label: 'Return Home', icon: House, to: '/' },
        { label: 'Browse Articles', icon: BookOpen, to: '/blog' },
      ]}
      contactPrompt="Think something should be here? Tell us at"
    />
  )
}

import { BookOpen, House } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { LostQuestIllustration } from '#app/features/not-found/lost-quest-illustration.tsx'
import { ContactLine, StatusPage } from '#app/features/not-found/status-page.tsx'

export const NOT_FOUND_TITLE = 'Page Not Found'
export const NOT_FOUND_MESSAGE =
  "This quest took a wrong turn: the page you're looking for doesn't exist or has moved. Let's get you back to building video quests that turn viewers into customers."

/** The not-found page: the `*` route renders it with status 404, and so does the root error boundary. */
export function NotFoundPage() {
  return (
    <StatusPage>
      <LostQuestIllustration className="mx-auto h-auto w-56 sm:w-64" />
      <p className="mt-8 text-sm font-semibold tracking-widest text-primary uppercase">Error 404</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
        {NOT_FOUND_TITLE}
      </h1>
      <p className="mt-5 text-lg leading-8 text-pretty text-slate-600">{NOT_FOUND_MESSAGE}</p>
      <div className="mt-9 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        <Button asChild variant="gradient" size="lg">
          <Link to="/">
            <House aria-hidden="true" />
            Return Home
          </Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/blog">
            <BookOpen aria-hidden="true" />
            Browse Articles
          </Link>
        </Button>
      </div>
      <ContactLine>Think something should be here? Tell us at</ContactLine>
    </StatusPage>
  )
}

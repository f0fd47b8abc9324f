import { House, RotateCcw, TriangleAlert } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { ContactLine, StatusPage } from '#app/features/not-found/status-page.tsx'

export const ERROR_TITLE = 'Something went wrong'

/** Shown by the root error boundary for anything but a 404; never shows the raw error. */
export function ErrorPage() {
  return (
    <StatusPage>
      <div className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-gradient-to-br from-violet-600 to-pink-600 text-white shadow-lg shadow-violet-200">
        <TriangleAlert aria-hidden="true" className="size-8" />
      </div>
      <h1 className="mt-8 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">{ERROR_TITLE}</h1>
      <p className="mt-5 text-lg leading-8 text-pretty text-slate-600">
        An unexpected problem stopped this page from loading. It wasn't anything you did. Please try again in a moment,
        or head back to the home page.
      </p>
      <div className="mt-9 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        <Button variant="gradient" size="lg" onClick={() => window.location.reload()}>
          <RotateCcw aria-hidden="true" />
          Try Again
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/">
            <House aria-hidden="true" />
            Return Home
          </Link>
        </Button>
      </div>
      <ContactLine>If the problem keeps happening, let us know at</ContactLine>
    </StatusPage>
  )
}

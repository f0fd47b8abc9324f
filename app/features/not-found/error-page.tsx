import { House, RotateCcw, TriangleAlert } from 'lucide-react'
import { StatusPage } from '#app/features/not-found/status-page.tsx'

export const ERROR_TITLE = 'Something went wrong'

/** Shown by the root error boundary for anything but a 404; never shows the raw error. */
export function ErrorPage() {
  return (
    <StatusPage
      picture={
        <div className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-gradient-to-br from-violet-600 to-pink-600 text-white shadow-lg shadow-violet-200">
          <TriangleAlert aria-hidden="true" className="size-8" />
        </div>
      }
      title={ERROR_TITLE}
      message="An unexpected problem stopped this page from loading. It wasn't anything you did. Please try again in a moment, or head back to the home page."
      actions={[
        { label: 'Try Again', icon: RotateCcw, onClick: () => window.location.reload() },
        { label: 'Return Home', icon: House, to: '/' },
      ]}
      contactPrompt="If the problem keeps happening, let us know at"
    />
  )
}

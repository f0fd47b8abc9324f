import { AlertTriangleIcon } from 'lucide-react'
import { isRouteErrorResponse, Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'

/** The ErrorBoundary body of the admin screens: what went wrong and a way back, never raw error text. */
export function AdminRouteError({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-xl border bg-white p-8 text-center shadow-sm">
        <AlertTriangleIcon className="mx-auto size-10 text-amber-500" aria-hidden="true" />
        <h1 className="mt-4 text-xl font-semibold">{notFound ? 'Page Not Found' : 'Something went wrong'}</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {notFound
            ? 'This admin screen does not exist.'
            : 'The screen could not be shown. Reload the page, or go back to the blog management screen.'}
        </p>
        <div className="mt-6 flex justify-center gap-2">
          <Button variant="outline" onClick={() => window.location.reload()}>
            Reload
          </Button>
          <Button asChild>
            <Link to="/admin/blog">Blog Management</Link>
          </Button>
        </div>
      </div>
    </main>
  )
}

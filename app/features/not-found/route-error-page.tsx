import { isRouteErrorResponse } from 'react-router'
import { ERROR_TITLE, ErrorPage } from '#app/features/not-found/error-page.tsx'
import { NOT_FOUND_TITLE, NotFoundPage } from '#app/features/not-found/not-found-page.tsx'
import { useSite } from '#app/lib/use-site.ts'

/**
 * 'Page Not Found' for a 404, else the error page; never the raw error. Error boundaries have no
 * meta of their own, so it names the document itself (React 19 hoists the title).
 * Loaded by `PublicRouteError` (route-error.tsx) only when a boundary renders.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const name = useSite().brandName
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>{`${NOT_FOUND_TITLE} | ${name}`}</title>
        <NotFoundPage />
      </>
    )
  }
  return (
    <>
      <title>{`${ERROR_TITLE} | ${name}`}</title>
      <ErrorPage />
    </>
  )
}

import { data } from 'react-router'
import { NOT_FOUND_TITLE, NotFoundPage } from '#app/features/not-found/not-found-page.tsx'
import { PublicRouteError } from '#app/features/not-found/route-error.tsx'
import type { Route } from './+types/not-found'

// Returned, not thrown: the page itself renders, with the 404 status for browsers and crawlers.
export function loader() {
  return data(null, { status: 404 })
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const brandName = matches[0]?.loaderData?.site.brandName
  return [
    { title: brandName ? `${NOT_FOUND_TITLE} | ${brandName}` : NOT_FOUND_TITLE },
    { name: 'robots', content: 'noindex' },
  ]
}

export default function NotFoundRoute() {
  return <NotFoundPage />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicRouteError error={error} />
}

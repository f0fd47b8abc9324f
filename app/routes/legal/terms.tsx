import ogImage from '#app/features/landing/assets/og-image.jpg'
import { LEGAL_PATHS } from '#app/features/legal/legal-document.ts'
import { legalMeta } from '#app/features/legal/legal-meta.ts'
import { LegalPage } from '#app/features/legal/legal-page.tsx'
import { TERMS_DESCRIPTION, TERMS_TITLE, termsOfUse } from '#app/features/legal/terms-content.tsx'
import { PublicRouteError } from '#app/features/not-found/route-error.tsx'
import { useSite } from '#app/lib/use-site.ts'
import type { Route } from './+types/terms'

// Mounted at /legal/terms, /terms and /user-terms: every address names /legal/terms as canonical.
export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData
  return legalMeta({
    title: TERMS_TITLE,
    description: TERMS_DESCRIPTION,
    path: LEGAL_PATHS.terms,
    publicUrl: root?.publicUrl,
    brandName: root?.site.brandName,
    imagePath: ogImage,
  })
}

export default function TermsPage() {
  const site = useSite()
  return <LegalPage document={termsOfUse(site)} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicRouteError error={error} />
}

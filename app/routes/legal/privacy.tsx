import ogImage from '#app/features/landing/assets/og-image.jpg'
import { LEGAL_PATHS } from '#app/features/legal/legal-document.ts'
import { legalMeta } from '#app/features/legal/legal-meta.ts'
import { LegalPage } from '#app/features/legal/legal-page.tsx'
import { PRIVACY_DESCRIPTION, PRIVACY_TITLE, privacyPolicy } from '#app/features/legal/privacy-content.tsx'
import { PublicRouteError } from '#app/features/not-found/route-error.tsx'
import { useSite } from '#app/lib/use-site.ts'
import type { Route } from './+types/privacy'

// Mounted at /legal/privacy and /privacy: both name /legal/privacy as canonical.
export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches[0]?.loaderData
  return legalMeta({
    title: PRIVACY_TITLE,
    description: PRIVACY_DESCRIPTION,
    path: LEGAL_PATHS.privacy,
    publicUrl: root?.publicUrl,
    brandName: root?.site.brandName,
    imagePath: ogImage,
  })
}

export default function PrivacyPage() {
  const site = useSite()
  return <LegalPage document={privacyPolicy(site)} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicRouteError error={error} />
}

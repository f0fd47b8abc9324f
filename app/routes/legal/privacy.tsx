import ogImage from '#app/features/landing/assets/og-image.jpg'
import { LegalDocumentPage, legalDocumentMeta } from '#app/features/legal/legal-route.tsx'
import type { Route } from './+types/privacy'

// Mounted at /legal/privacy and /privacy: both name /legal/privacy as canonical.
export const meta: Route.MetaFunction = ({ matches }) => legalDocumentMeta('privacy', matches[0]?.loaderData, ogImage)

export default function PrivacyPage() {
  return <LegalDocumentPage kind="privacy" />
}

import ogImage from '#app/features/landing/assets/og-image.jpg'
import { LegalDocumentPage, legalDocumentMeta } from '#app/features/legal/legal-route.tsx'
import type { Route } from './+types/terms'

// Mounted at /legal/terms, /terms and /user-terms: every address names /legal/terms as canonical.
export const meta: Route.MetaFunction = ({ matches }) => legalDocumentMeta('terms', matches[0]?.loaderData, ogImage)

export default function TermsPage() {
  return <LegalDocumentPage kind="terms" />
}

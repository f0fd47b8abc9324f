import ogImage from '#app/features/landing/assets/og-image.jpg'
import { LegalDocumentPage, type LegalSource, legalDocumentMeta } from '#app/features/legal/legal-route.tsx'
import { TERMS_DESCRIPTION, TERMS_TITLE, termsOfUse } from '#app/features/legal/terms-content.tsx'
import type { Route } from './+types/terms'

const SOURCE: LegalSource = { kind: 'terms', title: TERMS_TITLE, description: TERMS_DESCRIPTION, write: termsOfUse }

// Mounted at /legal/terms, /terms and /user-terms: every address names /legal/terms as canonical.
export const meta: Route.MetaFunction = ({ matches }) => legalDocumentMeta(SOURCE, matches[0]?.loaderData, ogImage)

export default function TermsPage() {
  return <LegalDocumentPage source={SOURCE} />
}

import ogImage from '#app/features/landing/assets/og-image.jpg'
import { LegalDocumentPage, type LegalSource, legalDocumentMeta } from '#app/features/legal/legal-route.tsx'
import { PRIVACY_DESCRIPTION, PRIVACY_TITLE, privacyPolicy } from '#app/features/legal/privacy-content.tsx'
import type { Route } from './+types/privacy'

const SOURCE: LegalSource = {
  kind: 'privacy',
  title: PRIVACY_TITLE,
  description: PRIVACY_DESCRIPTION,
  write: privacyPolicy,
}

// Mounted at /legal/privacy and /privacy: both name /legal/privacy as canonical.
export const meta: Route.MetaFunction = ({ matches }) => legalDocumentMeta(SOURCE, matches[0]?.loaderData, ogImage)

export default function PrivacyPage() {
  return <LegalDocumentPage source={SOURCE} />
}

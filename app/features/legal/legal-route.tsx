import { LEGAL_PATHS } from '#app/features/legal/legal-document.ts'
import { legalMeta } from '#app/features/legal/legal-meta.ts'
import { LegalPage } from '#app/features/legal/legal-page.tsx'
import { PRIVACY_DESCRIPTION, PRIVACY_TITLE, privacyPolicy } from '#app/features/legal/privacy-content.tsx'
import { TERMS_DESCRIPTION, TERMS_TITLE, termsOfUse } from '#app/features/legal/terms-content.tsx'
import { useSite } from '#app/lib/use-site.ts'

/** The two legal documents, each under its canonical `/legal/…` path. */
const DOCUMENTS = {
  terms: { title: TERMS_TITLE, description: TERMS_DESCRIPTION, write: termsOfUse },
  privacy: { title: PRIVACY_TITLE, description: PRIVACY_DESCRIPTION, write: privacyPolicy },
} as const

export type LegalKind = keyof typeof DOCUMENTS

/** A legal route's meta: every address of a document names its `/legal/…` path as canonical. */
export function legalDocumentMeta(
  kind: LegalKind,
  root: { publicUrl?: string; site: { brandName: string } } | undefined,
  imagePath: string,
) {
  const { title, description } = DOCUMENTS[kind]
  const path = LEGAL_PATHS[kind]
  return legalMeta({ title, description, path, publicUrl: root?.publicUrl, brandName: root?.site.brandName, imagePath })
}

/** A legal route's page: the document written for this site's names and addresses. */
export function LegalDocumentPage({ kind }: { kind: LegalKind }) {
  const site = useSite()
  return <LegalPage document={DOCUMENTS[kind].write(site)} />
}

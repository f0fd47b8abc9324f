import { LEGAL_PATHS, type LegalDocument } from '#app/features/legal/legal-document.ts'
import { legalMeta } from '#app/features/legal/legal-meta.ts'
import { LegalPage } from '#app/features/legal/legal-page.tsx'
import { useSite } from '#app/lib/use-site.ts'
import type { SiteConfig } from '#common/site.ts'

/**
 * One legal document as its route module knows it. Each route imports only its own document's
 * text (terms and privacy are ~6-7 KB gzipped each), so a page never carries the other.
 */
export interface LegalSource {
  kind: keyof typeof LEGAL_PATHS
  title: string
  description: string
  write: (site: SiteConfig) => LegalDocument
}

/** A legal route's meta: every address of a document names its `/legal/…` path as canonical. */
export function legalDocumentMeta(
  { kind, title, description }: LegalSource,
  root: { publicUrl?: string; site: { brandName: string } } | undefined,
  imagePath: string,
) {
  const path = LEGAL_PATHS[kind]
  return legalMeta({ title, description, path, publicUrl: root?.publicUrl, brandName: root?.site.brandName, imagePath })
}

/** A legal route's page: the document written for this site's names and addresses. */
export function LegalDocumentPage({ source }: { source: LegalSource }) {
  const site = useSite()
  return <LegalPage document={source.write(site)} />
}

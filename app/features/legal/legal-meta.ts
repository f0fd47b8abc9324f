import type { MetaDescriptor } from 'react-router'

interface LegalMetaInput {
  title: string
  description: string
  /** The canonical `/legal/…` path: aliases such as /terms point here. */
  path: string
  publicUrl: string | undefined
  brandName: string | undefined
}

/** Title, description, canonical link and link-preview tags for a legal page (indexable). */
export function legalMeta({ title, description, path, publicUrl, brandName }: LegalMetaInput): MetaDescriptor[] {
  const fullTitle = brandName ? `${title} | ${brandName}` : title
  const canonical = `${publicUrl ?? ''}${path}`
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { name: 'robots', content: 'index, follow' },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    ...(brandName ? [{ property: 'og:site_name', content: brandName }] : []),
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
  ]
}

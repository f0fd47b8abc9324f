import type { MetaDescriptor } from 'react-router'

interface LegalMetaInput {
  title: string
  description: string
  /** The canonical `/legal/…` path: aliases such as /terms point here. */
  path: string
  publicUrl: string | undefined
  brandName: string | undefined
  /** Path of the site's 1200×630 link-preview image (a fingerprinted asset). */
  imagePath: string
}

/** Title, description, canonical link and link-preview tags for a legal page (indexable). */
export function legalMeta({
  title,
  description,
  path,
  publicUrl,
  brandName,
  imagePath,
}: LegalMetaInput): MetaDescriptor[] {
  const fullTitle = brandName ? `${title} | ${brandName}` : title
  const canonical = `${publicUrl ?? ''}${path}`
  // Link previews need an absolute address: a relative og:image is ignored by X, Slack and others.
  const image = `${publicUrl ?? ''}${imagePath}`
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { name: 'robots', content: 'index, follow' },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: canonical },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    ...(brandName ? [{ property: 'og:site_name', content: brandName }] : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  ]
}

import { renderMarkdown } from '#common/markdown.ts'
import type { NewsletterContent, RenderedNewsletter } from '#server/services/newsletter-template.ts'

// Issue 30: a newsletter's email, written with react-email (docs/decisions/061-newsletters.md):
// table-based HTML with inline styles that Outlook, Gmail and Apple Mail render, and a plain-text
// part made from the same tree. Rendered once per newsletter; each reader's own unsubscribe link
// replaces MANAGE_URL_SLOT in both parts.

/** Stands for a reader's own manage link until `personalize` puts it in. */
export const MANAGE_URL_SLOT = 'https://manage.invalid/subscriber-link'

// The email's parts are typed beside its tree; type-only here, so the tree still loads on first use.
export type { NewsletterContent, RenderedNewsletter } from '#server/services/newsletter-template.ts'

/** Site-relative addresses (images through /images, internal links) made absolute for a mail client. */
const absolutize = (html: string, publicUrl: string) =>
  html.replace(/\b(href|src)="\/(?!\/)/g, (_m, attr: string) => `${attr}="${publicUrl}/`)

/** Both parts of a newsletter, with MANAGE_URL_SLOT where each reader's own link goes. */
export async function renderNewsletter(content: NewsletterContent): Promise<RenderedNewsletter> {
  const body = absolutize(renderMarkdown(content.content, { embeds: 'link' }), content.publicUrl)
  const { renderNewsletterEmail } = await import('#server/services/newsletter-template.ts')
  return renderNewsletterEmail(content, body, MANAGE_URL_SLOT)
}

/** One reader's copy: their own manage link in place of the slot. */
export const personalize = (rendered: RenderedNewsletter, manageUrl: string): RenderedNewsletter => ({
  html: rendered.html.replaceAll(MANAGE_URL_SLOT, manageUrl),
  text: rendered.text.replaceAll(MANAGE_URL_SLOT, manageUrl),
})

import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  render,
  Section,
  Text,
} from '@react-email/components'
// biome-ignore lint/style/noRestrictedImports: react-email's components are React elements; this is the email's tree, not the app.
import { createElement as h } from 'react'
import { renderMarkdown } from '#common/markdown.ts'

// Issue 30: a newsletter's email, written with react-email (docs/decisions/061-newsletters.md):
// table-based HTML with inline styles that Outlook, Gmail and Apple Mail render, and a plain-text
// part made from the same tree. Rendered once per newsletter; each reader's own unsubscribe link
// replaces MANAGE_URL_SLOT in both parts.

/** Stands for a reader's own manage link until `personalize` puts it in. */
export const MANAGE_URL_SLOT = 'https://manage.invalid/subscriber-link'

export interface NewsletterContent {
  subject: string
  preheader: string
  title: string
  /** The post's markdown. */
  content: string
  /** The 'Read on the site' tracked short link. */
  readUrl: string
  publicUrl: string
  brandName: string
}

export interface RenderedNewsletter {
  html: string
  text: string
}

/** Site-relative addresses (images through /images, internal links) made absolute for a mail client. */
const absolutize = (html: string, publicUrl: string) =>
  html.replace(/\b(href|src)="\/(?!\/)/g, (_m, attr: string) => `${attr}="${publicUrl}/`)

const main = { backgroundColor: '#f8fafc', fontFamily: 'Arial, Helvetica, sans-serif', color: '#0f172a' }
const container = { backgroundColor: '#ffffff', padding: '32px', maxWidth: '640px', margin: '0 auto' }
const article = { fontSize: '16px', lineHeight: '1.6' }
const small = { fontSize: '13px', color: '#475569', lineHeight: '1.5' }

/**
 * The email's tree, written with createElement rather than JSX: the server runs its TypeScript
 * directly (Node strips types, it does not compile JSX; decision 002).
 */
function newsletterEmail(content: NewsletterContent, body: string) {
  return h(
    Html,
    { lang: 'en' },
    h(Head, null, h('title', null, content.subject), h('style', null, 'img{max-width:100%;height:auto}')),
    content.preheader ? h(Preview, null, content.preheader) : null,
    h(
      Body,
      { style: main },
      h(
        Container,
        { style: container },
        h(Heading, { as: 'h1', style: { fontSize: '26px', lineHeight: '1.3', margin: '0 0 24px' } }, content.title),
        h(
          Section,
          { style: article },
          // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes raw HTML and vets every link and image source (common/markdown.ts).
          h('div', { dangerouslySetInnerHTML: { __html: body } }),
        ),
        h(
          Section,
          { style: { margin: '32px 0' } },
          h(
            Button,
            {
              href: content.readUrl,
              style: {
                backgroundColor: '#6d28d9',
                color: '#ffffff',
                padding: '12px 20px',
                borderRadius: '6px',
                textDecoration: 'none',
              },
            },
            'Read on the site',
          ),
        ),
        h(Hr, null),
        h(
          Text,
          { style: small },
          `You receive this because you subscribed to new ${content.brandName} blog posts. `,
          h(Link, { href: MANAGE_URL_SLOT, style: { color: '#475569', textDecoration: 'underline' } }, 'Unsubscribe'),
        ),
      ),
    ),
  )
}

/** Both parts of a newsletter, with MANAGE_URL_SLOT where each reader's own link goes. */
export async function renderNewsletter(content: NewsletterContent): Promise<RenderedNewsletter> {
  const body = absolutize(renderMarkdown(content.content, { embeds: 'link' }), content.publicUrl)
  const element = newsletterEmail(content, body)
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  return { html, text }
}

/** One reader's copy: their own manage link in place of the slot. */
export const personalize = (rendered: RenderedNewsletter, manageUrl: string): RenderedNewsletter => ({
  html: rendered.html.replaceAll(MANAGE_URL_SLOT, manageUrl),
  text: rendered.text.replaceAll(MANAGE_URL_SLOT, manageUrl),
})

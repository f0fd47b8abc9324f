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

// The newsletter's email as a react-email tree (docs/decisions/061-newsletters.md), in a module of its
// own: react-email and what it renders with load when a newsletter is first rendered, not at every
// start of the server (decision 068).

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

const main = { backgroundColor: '#f8fafc', fontFamily: 'Arial, Helvetica, sans-serif', color: '#0f172a' }
const container = { backgroundColor: '#ffffff', padding: '32px', maxWidth: '640px', margin: '0 auto' }
const article = { fontSize: '16px', lineHeight: '1.6' }
const small = { fontSize: '13px', color: '#475569', lineHeight: '1.5' }

/**
 * The email's tree, written with createElement rather than JSX: the server runs its TypeScript
 * directly (Node strips types, it does not compile JSX; decision 002).
 */
function newsletterEmail(content: NewsletterContent, body: string, manageUrl: string) {
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
          h(Link, { href: manageUrl, style: { color: '#475569', textDecoration: 'underline' } }, 'Unsubscribe'),
        ),
      ),
    ),
  )
}

/**
 * Both parts of the email from the tree: table-based HTML, and plain text made from the same tree.
 * `body` is the post as HTML; `manageUrl` is the reader's unsubscribe link (or the slot for it).
 */
export async function renderNewsletterEmail(
  content: NewsletterContent,
  body: string,
  manageUrl: string,
): Promise<RenderedNewsletter> {
  const element = newsletterEmail(content, body, manageUrl)
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
  return { html, text }
}

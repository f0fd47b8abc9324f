import { Readability } from '@mozilla/readability'
import { parseHTML } from 'linkedom'
import TurndownService from 'turndown'

/** Below this many characters of text a page is not an article worth rewriting. */
export const ARTICLE_MIN_CHARS = 500
/** What is sent to the model: enough for a long article, bounded so a huge page cannot run up the bill. */
export const ARTICLE_MAX_CHARS = 24_000

export interface ExtractedArticle {
  title: string
  /** The article as markdown: headings, paragraphs, lists; no images, scripts or navigation. */
  markdown: string
  /** Plain-text length of the article before any cut. */
  length: number
  byline: string | null
  siteName: string | null
  excerpt: string | null
  truncated: boolean
}

const turndown = new TurndownService({ headingStyle: 'atx', bulletListMarker: '-', codeBlockStyle: 'fenced' })
// The model needs the words and the structure, not pictures, embeds or forms. A rule, not
// remove(): turndown applies its CommonMark rules (images among them) before removals.
const DROPPED = new Set([
  'script',
  'style',
  'noscript',
  'iframe',
  'img',
  'picture',
  'video',
  'audio',
  'svg',
  'form',
  'button',
])
turndown.addRule('drop-media', {
  filter: (node) => DROPPED.has(node.nodeName.toLowerCase()),
  replacement: () => '',
})

/**
 * The main article of an HTML page (Mozilla's Readability on a linkedom document), or null when
 * the page holds no readable article.
 */
export function extractArticle(html: string, url: string): ExtractedArticle | null {
  const { document } = parseHTML(html)
  // Readability resolves relative links against the document's address.
  for (const key of ['documentURI', 'baseURI', 'URL'] as const) {
    try {
      Object.defineProperty(document, key, { value: url, configurable: true })
    } catch {
      // a read-only property on some linkedom versions: links stay relative, which is harmless here
    }
  }
  const pageTitle = document.querySelector('title')?.textContent?.trim() ?? ''
  const parsed = new Readability(document as unknown as Document, { charThreshold: ARTICLE_MIN_CHARS }).parse()
  const text = (parsed?.textContent ?? '').replace(/\s+/g, ' ').trim()
  if (!parsed || text.length < ARTICLE_MIN_CHARS) return null
  let markdown = turndown
    .turndown(parsed.content ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  const truncated = markdown.length > ARTICLE_MAX_CHARS
  if (truncated) markdown = `${markdown.slice(0, markdown.lastIndexOf('\n', ARTICLE_MAX_CHARS))}\n\n[…]`
  return {
    title: (parsed.title ?? '').trim() || pageTitle,
    markdown,
    length: text.length,
    byline: parsed.byline?.trim() || null,
    siteName: parsed.siteName?.trim() || null,
    excerpt: parsed.excerpt?.trim() || null,
    truncated,
  }
}

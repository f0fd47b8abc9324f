import MarkdownIt from 'markdown-it'
import { type Embed, embedFrameSrc, embedLink, parseEmbedUrl } from '#common/embeds.ts'

/**
 * The one markdown renderer: the public post page (on the server) and the admin preview use it,
 * so both show the same HTML. Raw HTML in content is never passed through (`html: false`: it is
 * escaped), and link targets are checked, so no script or event handler from content can run.
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false })

const SAFE_LINK = /^(?:https?:|mailto:|\/(?!\/)|#|\.{0,2}\/)/i
const SAFE_IMAGE = /^(?:https?:|\/(?!\/)|data:image\/(?:png|jpe?g|gif|webp|avif);base64,)/i

md.validateLink = (url: string) => {
  const trimmed = url.trim()
  return SAFE_LINK.test(trimmed) || SAFE_IMAGE.test(trimmed) || !/^[a-z][a-z0-9+.-]*:/i.test(trimmed)
}

// Links open in a new tab without giving the new page a handle on ours.
md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]
  if (token) {
    token.attrSet('target', '_blank')
    token.attrSet('rel', 'noopener noreferrer')
  }
  return self.renderToken(tokens, idx, options)
}

// Images: only safe sources, lazy loading; a paragraph holding just an image becomes a figure
// whose caption is the image title, else its alt text.
md.renderer.rules.image = (tokens, idx, _options, _env, self) => {
  const token = tokens[idx]
  if (!token) return ''
  const src = String(token.attrGet('src') ?? '')
  if (!SAFE_IMAGE.test(src.trim())) return ''
  const alt = self.renderInlineAsText(token.children ?? [], _options, _env)
  return `<img src="${md.utils.escapeHtml(src)}" alt="${md.utils.escapeHtml(alt)}" loading="lazy" decoding="async">`
}

md.core.ruler.push('figures', (state) => {
  const tokens = state.tokens
  for (let i = 1; i < tokens.length - 1; i++) {
    const inline = tokens[i]
    const open = tokens[i - 1]
    const close = tokens[i + 1]
    if (inline?.type !== 'inline' || open?.type !== 'paragraph_open' || close?.type !== 'paragraph_close') continue
    const children = inline.children ?? []
    if (children.length !== 1 || children[0]?.type !== 'image') continue
    const image = children[0]
    const caption = String(image.attrGet('title') || image.content)
    open.tag = 'figure'
    close.tag = 'figure'
    open.attrSet('class', 'md-figure')
    if (caption) {
      const captionToken = new state.Token('html_inline', '', 0)
      captionToken.content = `<figcaption>${md.utils.escapeHtml(caption)}</figcaption>`
      children.push(captionToken)
    }
  }
})

// Embeds (issue 32, docs/decisions/054): a top-level paragraph that holds only a YouTube or X address,
// bare (linkified) or as an `<…>` autolink, becomes one `embed` token. A written link (`[text](url)`),
// a URL inside a sentence, in a list, a quote or code stays what it was.
md.core.ruler.push('embeds', (state) => {
  const tokens = state.tokens
  for (let i = 1; i < tokens.length - 1; i++) {
    const inline = tokens[i]
    const open = tokens[i - 1]
    if (inline?.type !== 'inline' || open?.type !== 'paragraph_open' || open.level !== 0) continue
    if (tokens[i + 1]?.type !== 'paragraph_close') continue
    const [linkOpen, text, linkClose, ...rest] = inline.children ?? []
    if (rest.length > 0 || linkOpen?.type !== 'link_open' || text?.type !== 'text' || linkClose?.type !== 'link_close')
      continue
    if (linkOpen.markup !== 'linkify' && linkOpen.markup !== 'autolink') continue
    const href = String(linkOpen.attrGet('href') ?? '')
    const embed = parseEmbedUrl(href)
    if (!embed) continue
    const token = new state.Token('embed', 'div', 0)
    token.block = true
    token.meta = { embed, href, text: text.content }
    tokens.splice(i - 1, 3, token)
  }
})

const PLAY_ICON =
  '<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false"><path d="M8 5.5v13l10.5-6.5z" fill="currentColor"/></svg>'

/**
 * The card: no request to another host until the reader asks. A plain link to the video or post
 * works without JavaScript; the play button is `hidden` until the page's script (the island of a
 * public page, app/lib/embeds.ts) attaches it, and then loads `data-embed-src` in an iframe.
 */
function embedCard(embed: Embed): string {
  const e = md.utils.escapeHtml
  const link = e(embedLink(embed))
  const youtube = embed.kind === 'youtube'
  const title = youtube ? 'Watch on YouTube' : `Post by @${embed.user} on X`
  const frameTitle = youtube ? 'YouTube video' : `Post by @${embed.user} on X`
  const button = youtube
    ? `${PLAY_ICON}<span class="md-embed-note">Play video, loads YouTube</span>`
    : 'Show the post, loads X'
  return [
    `<div class="md-embed md-embed-${embed.kind}" data-embed="${embed.kind}" data-embed-src="${e(embedFrameSrc(embed))}" data-embed-title="${e(frameTitle)}">`,
    '<div class="md-embed-stage">',
    youtube ? '' : '<span class="md-embed-mark" aria-hidden="true">𝕏</span>',
    `<button type="button" class="md-embed-play" data-embed-play hidden>${button}</button>`,
    `<a class="md-embed-link" href="${link}" target="_blank" rel="noopener noreferrer">${e(title)}</a>`,
    '</div></div>\n',
  ].join('')
}

md.renderer.rules.embed = (tokens, idx, _options, env) => {
  const meta = tokens[idx]?.meta as { embed: Embed; href: string; text: string } | undefined
  if (!meta) return ''
  if ((env as RenderEnv | undefined)?.embeds === 'link') {
    const e = md.utils.escapeHtml
    return `<p><a href="${e(meta.href)}" target="_blank" rel="noopener noreferrer">${e(meta.text)}</a></p>\n`
  }
  return embedCard(meta.embed)
}

/** How an embed renders: a card (pages, the preview) or the plain link the writer wrote (feeds, text). */
interface RenderEnv {
  embeds?: 'card' | 'link'
}
const LINKS: RenderEnv = { embeds: 'link' }

/** The address of every image the markdown shows, in order (code spans and blocks hold none). */
export function imageSources(source: string): string[] {
  const sources: string[] = []
  const walk = (tokens: ReturnType<typeof md.parse>) => {
    for (const token of tokens) {
      if (token.type === 'image') sources.push(String(token.attrGet('src') ?? ''))
      if (token.children) walk(token.children)
    }
  }
  walk(md.parse(source ?? '', {}))
  return sources
}

/**
 * HTML of markdown. `embeds: 'link'` writes an embed as the plain link it was written as, for
 * places where the card's button cannot work or is not content (feeds, text extraction).
 */
export function renderMarkdown(source: string, options: RenderEnv = {}): string {
  return md.render(source ?? '', { ...options })
}

function htmlToText(html: string): string {
  return html
    .replace(/<\/?(?:p|h[1-6]|li|ul|ol|figure|figcaption|blockquote|pre|tr|td|th|br|hr)\b[^>]*>/gi, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Plain text of markdown (for descriptions, summaries and feeds). */
export function markdownToText(source: string): string {
  return htmlToText(md.render(source ?? '', { ...LINKS }))
}

export interface FaqEntry {
  question: string
  answer: string
}

const FAQ_SECTION = /\b(?:faqs?|frequently asked questions|common questions|questions and answers)\b/i

/**
 * The visible FAQ of a post, for FAQPage structured data: a heading named like "Frequently asked
 * questions" (or "FAQ"), and under it the deeper headings that end with "?" and have answer text
 * before the next heading. A post without such a section has no FAQ, so no FAQPage is emitted for
 * ordinary section headings that happen to be questions.
 */
export function extractFaq(source: string): FaqEntry[] {
  const tokens = md.parse(source ?? '', {})
  const faq: FaqEntry[] = []
  let sectionLevel = 0
  let current: { question: string; start: number } | null = null
  const close = (end: number) => {
    if (!current) return
    const answer = htmlToText(md.renderer.render(tokens.slice(current.start, end), md.options, { ...LINKS }))
    if (answer) faq.push({ question: current.question, answer })
    current = null
  }
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]
    if (token?.type !== 'heading_open') continue
    const level = Number(token.tag.slice(1))
    const text = (tokens[i + 1]?.content ?? '').trim()
    close(i)
    if (sectionLevel > 0 && level <= sectionLevel) sectionLevel = 0
    if (sectionLevel === 0) {
      if (FAQ_SECTION.test(text)) sectionLevel = level
      continue
    }
    if (text.endsWith('?')) current = { question: htmlToText(md.renderInline(text)), start: i + 3 }
  }
  close(tokens.length)
  return faq
}

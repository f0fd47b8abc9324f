import type TurndownService from 'turndown'
import { markdownTurndown } from '#common/markdown-dialect.ts'

/**
 * Issue 31: WordPress post HTML (Gutenberg blocks or the classic editor) to the product's Markdown.
 * Server-side turndown with the options of the paste helper (common/paste.ts) plus what WordPress
 * content carries: block comments, [caption]/[gallery]/[embed] shortcodes, figures and iframes.
 */

export interface ConvertedHtml {
  markdown: string
  /** Absolute http(s) image URLs in the order they appear, no duplicates. */
  images: string[]
  warnings: string[]
}

/** What one conversion collects; turndown rules are synchronous, so one module-level slot is enough. */
interface Collected {
  base: string | null
  images: string[]
  warnings: Set<string>
}

export const EMBED_LINK_WARNING = 'An embed was turned into a link'

const BLOCK_TAG = /^<(?:p|div|h[1-6]|ul|ol|li|blockquote|figure|table|pre|hr|section|article|dl)\b/i
// Names WordPress gives its own shortcodes here, handled below; any other [name] is reported.
const HANDLED_SHORTCODES = new Set(['caption', 'wp_caption', 'gallery', 'embed'])

let collected: Collected = { base: null, images: [], warnings: new Set() }
let turndown: TurndownService | null = null

/** An absolute http(s) URL for `value` against the old site, or null (data:, javascript:, junk). */
function absoluteUrl(value: string, base: string | null): string | null {
  const trimmed = value.trim()
  if (trimmed === '') return null
  try {
    const url = base ? new URL(trimmed, `${base.replace(/\/+$/, '')}/`) : new URL(trimmed)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

/** The product shows a YouTube URL alone on a line as a card: an embed player becomes its watch URL. */
function embedTarget(src: string): string {
  const youtube = /^(?:https?:)?\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([\w-]+)/i.exec(src)
  return youtube ? `https://www.youtube.com/watch?v=${youtube[1]}` : src
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}

/** `![alt](src)` for an <img>, recording the image; '' for an image the product cannot fetch. */
function imageMarkdown(el: HTMLElement): string {
  const src = absoluteUrl(el.getAttribute('src') ?? '', collected.base)
  if (!src) return ''
  if (!collected.images.includes(src)) collected.images.push(src)
  const alt = (el.getAttribute('alt') ?? '').replace(/[[\]\n]/g, ' ').trim()
  return `![${alt}](${src.replace(/\)/g, '%29')})`
}

function hasClass(node: Node, name: string): boolean {
  return node.nodeName === 'FIGURE' && ` ${(node as HTMLElement).getAttribute('class') ?? ''} `.includes(` ${name} `)
}

function createTurndown(): TurndownService {
  // A hard break that survives trailing-space trimming (CommonMark's backslash break).
  const td = markdownTurndown({ br: '\\' })
  td.remove(['script', 'style', 'title', 'meta', 'link', 'noscript', 'template'] as TurndownService.TagName[])
  td.addRule('image', { filter: 'img', replacement: (_content, node) => imageMarkdown(node as HTMLElement) })
  td.addRule('link', {
    filter: (node) => node.nodeName === 'A' && Boolean(node.getAttribute('href')),
    replacement: (content, node) => {
      const raw = (node as HTMLElement).getAttribute('href') ?? ''
      const href = /^(?:mailto:|#)/i.test(raw) ? raw : absoluteUrl(raw, collected.base)
      if (!href || content.trim() === '') return content
      return `[${content}](${href.replace(/\)/g, '%29').replace(/ /g, '%20')})`
    },
  })
  // Embeds: the URL alone on its line (wxr-embed is the element the shortcodes are rewritten to).
  td.addRule('embed', {
    filter: (node) => node.nodeName === 'WXR-EMBED' || hasClass(node, 'wp-block-embed'),
    replacement: (_content, node) => {
      const url = absoluteUrl(embedTarget((node.textContent ?? '').trim()), null)
      return url ? `\n\n${url}\n\n` : ''
    },
  })
  td.addRule('iframe', {
    filter: 'iframe',
    replacement: (_content, node) => {
      const src = absoluteUrl(embedTarget((node as HTMLElement).getAttribute('src') ?? ''), collected.base)
      if (!src) return ''
      if (/^https:\/\/www\.youtube\.com\/watch\?v=/.test(src)) return `\n\n${src}\n\n`
      collected.warnings.add(EMBED_LINK_WARNING)
      return `\n\n[Embedded content](${src})\n\n`
    },
  })
  // A gallery: its images one per line (their captions are dropped with the grid).
  td.addRule('gallery', {
    filter: (node) => hasClass(node, 'wp-block-gallery') || hasClass(node, 'wxr-gallery'),
    replacement: (_content, node) => {
      const images = Array.from((node as HTMLElement).querySelectorAll('img'), (img) => imageMarkdown(img))
      const lines = images.filter((line) => line !== '')
      return lines.length > 0 ? `\n\n${lines.join('\n')}\n\n` : ''
    },
  })
  // The caption as plain italic text: emphasis inside it would nest markers markdown cannot read.
  td.addRule('caption', {
    filter: 'figcaption',
    replacement: (_content, node) => {
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim()
      return text === '' ? '' : `\n\n*${td.escape(text)}*\n\n`
    },
  })
  return td
}

/** Gutenberg's `<!-- wp:… -->` comments carry block settings, never text. */
function dropBlockComments(html: string): string {
  return html.replace(/<!--\s*\/?wp:[\s\S]*?-->/g, '')
}

/**
 * WordPress's wpautop, simplified: classic content separates paragraphs with blank lines and has
 * no <p>. Chunks that already start with a block tag or a shortcode are left alone; a URL alone in
 * its paragraph is an oEmbed in WordPress, so it becomes an embed here too.
 */
function autop(html: string): string {
  return html
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk !== '')
    .map((chunk) => {
      if (/^https?:\/\/\S+$/.test(chunk)) return `<wxr-embed>${chunk}</wxr-embed>`
      if (BLOCK_TAG.test(chunk) || /^\[(?:caption|wp_caption|gallery|embed)\b/.test(chunk)) return chunk
      return `<p>${chunk.replace(/\n/g, '<br>\n')}</p>`
    })
    .join('\n\n')
}

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s\\]]+))`).exec(attributes)
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null
}

/** [caption]<img> Text[/caption] → a figure with its figcaption, which the rules then write. */
function captionShortcodes(html: string): string {
  return html.replace(/\[(?:wp_)?caption\b([^\]]*)\]([\s\S]*?)\[\/(?:wp_)?caption\]/g, (_all, attributes, inner) => {
    const image = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner as string)
    const caption = image ? image[2] : (attribute(attributes as string, 'caption') ?? '')
    const media = image ? image[1] : inner
    return `<figure>${media}<figcaption>${(caption ?? '').trim()}</figcaption></figure>`
  })
}

/** [gallery ids="1,2"] → the attachments' images (ids missing from the export are warned about). */
function galleryShortcodes(html: string, attachments: ReadonlyMap<string, string>): string {
  return html.replace(/\[gallery\b([^\]]*)\]/g, (_all, attributes) => {
    const ids = (attribute(attributes as string, 'ids') ?? '').split(',').map((id) => id.trim())
    const images = ids.filter((id) => id !== '').map((id) => attachments.get(id))
    if (images.some((url) => url === undefined)) collected.warnings.add('A gallery image is not in the export')
    const tags = images.filter((url): url is string => url !== undefined)
    return `<figure class="wxr-gallery">${tags.map((url) => `<img src="${escapeAttribute(url)}" alt="">`).join('')}</figure>`
  })
}

function embedShortcodes(html: string): string {
  return html.replace(/\[embed\b[^\]]*\]([\s\S]*?)\[\/embed\]/g, (_all, url) => `<wxr-embed>${url}</wxr-embed>`)
}

/** Shortcodes of plugins and themes mean nothing here: they stay as text, and the post says so. */
function warnUnknownShortcodes(html: string): void {
  const names: string[] = []
  for (const match of html.matchAll(/\[([a-z][\w-]*)(?=[\s\]/])[^\]]*\]/gi)) {
    const name = (match[1] ?? '').toLowerCase()
    if (!HANDLED_SHORTCODES.has(name) && !names.includes(name)) names.push(name)
  }
  if (names.length > 0) collected.warnings.add(`Shortcodes kept as text: ${names.map((n) => `[${n}]`).join(', ')}`)
}

/**
 * WordPress post HTML to Markdown. `siteUrl` resolves relative links and images; `attachments`
 * (attachment post_id → its URL) fills [gallery ids="…"].
 */
export function htmlToImportMarkdown(
  html: string,
  siteUrl: string | null,
  attachments: ReadonlyMap<string, string> = new Map(),
): ConvertedHtml {
  collected = { base: siteUrl, images: [], warnings: new Set() }
  let prepared = dropBlockComments(html).replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
  if (!/<p[\s>]/i.test(prepared)) prepared = autop(prepared)
  warnUnknownShortcodes(prepared)
  prepared = embedShortcodes(galleryShortcodes(captionShortcodes(prepared), attachments))
  turndown ??= createTurndown()
  const markdown = prepared.trim() === '' ? '' : turndown.turndown(prepared)
  return {
    markdown: markdown
      .split('\n')
      .map((line) => line.replace(/\s+$/, ''))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    images: collected.images,
    warnings: [...collected.warnings],
  }
}

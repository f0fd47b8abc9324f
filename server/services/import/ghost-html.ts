import type TurndownService from 'turndown'
import { markdownTurndown } from '#common/markdown-dialect.ts'

/**
 * Issue 31: Ghost's rendered post HTML (and its cards) to Markdown. Separate from the WordPress
 * converter (html.ts) because Ghost's cards (kg-*) and its __GHOST_URL__ placeholder are its own.
 * Pure: nothing is fetched; images are only listed for the import to fetch.
 */

export interface GhostHtmlResult {
  markdown: string
  images: string[]
  warnings: string[]
}

/** Ghost 5+ writes this placeholder for its own address in exported html, feature_image and links. */
const GHOST_URL = /__GHOST_URL__/g

/** The site's address without a trailing slash, so '__GHOST_URL__/content/…' stays one slash. */
function siteBase(siteUrl: string | null): string {
  return (siteUrl ?? '').replace(/\/+$/, '')
}

/** Replaces the placeholder with the site's address, or removes it leaving a site path. */
export function replaceGhostUrl(text: string, siteUrl: string | null): string {
  return text.replace(GHOST_URL, siteBase(siteUrl))
}

/**
 * Collects the content's images in order without duplicates; a site path is made absolute when the
 * site is known, else it stays a path (the import cannot fetch it) and a warning says so.
 */
export class ImageCollector {
  readonly images: string[] = []
  readonly warnings: string[] = []
  private readonly siteUrl: string | null
  constructor(siteUrl: string | null) {
    this.siteUrl = siteUrl
  }

  /** The URL to write into the Markdown. */
  add(rawSrc: string): string {
    const src = replaceGhostUrl(rawSrc.trim(), this.siteUrl)
    const absolute = this.absolute(src)
    if (absolute === null) {
      if (src.startsWith('/')) this.warn(`Image with no site address: ${src}`)
      return src
    }
    if (!this.images.includes(absolute)) this.images.push(absolute)
    return absolute
  }

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message)
  }

  private absolute(src: string): string | null {
    if (/^https?:\/\//i.test(src)) return src
    if (src.startsWith('/') && !src.startsWith('//') && this.siteUrl) return `${siteBase(this.siteUrl)}${src}`
    return null
  }
}

type Element = HTMLElement

function classOf(node: TurndownService.Node): string {
  return (node as Element).getAttribute?.('class') ?? ''
}

function isCard(node: TurndownService.Node, card: string): boolean {
  return node.nodeName === 'FIGURE' && classOf(node).split(/\s+/).includes(card)
}

/** Alt text and captions go inside [] or *…*: no brackets, no line breaks. */
function inlineText(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').replace(/[[\]]/g, ' ').trim()
}

function imageMarkdown(img: Element, images: ImageCollector): string {
  const src = img.getAttribute('src') ?? ''
  if (src.trim() === '' || /^(?:data|javascript):/i.test(src.trim())) return ''
  return `![${inlineText(img.getAttribute('alt'))}](${images.add(src)})`
}

function captionLine(figure: Element): string {
  const caption = inlineText(figure.querySelector('figcaption')?.textContent)
  return caption === '' ? '' : `\n\n*${caption}*`
}

/** 'https://www.youtube.com/watch?v=ID' for a YouTube embed address, else null. */
function youtubeWatchUrl(src: string): string | null {
  const id = /(?:youtube(?:-nocookie)?\.com\/embed\/)([\w-]+)/i.exec(src)?.[1]
  return id ? `https://www.youtube.com/watch?v=${id}` : null
}

/** The tweet's own address from a Twitter/X blockquote embed (the last status link), without its query. */
function tweetUrl(blockquote: Element): string | null {
  const links = Array.from(blockquote.querySelectorAll('a'))
  for (const link of links.reverse()) {
    const match = /^https?:\/\/(?:www\.|mobile\.)?(?:twitter|x)\.com\/\w+\/status\/\d+/i.exec(
      link.getAttribute('href') ?? '',
    )
    if (match) return match[0]
  }
  return null
}

/** Ghost's video, audio and file cards (the site has no player for them): class → [link text, warning]. */
export const MEDIA_CARDS: Record<string, [label: string, warning: string]> = {
  'kg-video-card': ['Video', 'A video card was turned into a link'],
  'kg-audio-card': ['Audio', 'An audio card was turned into a link'],
  'kg-file-card': ['File', 'A file card was turned into a link'],
}

/** The video card is a figure; the audio and file cards are divs. */
function mediaCardOf(node: TurndownService.Node): [label: string, warning: string] | null {
  if (node.nodeName !== 'FIGURE' && node.nodeName !== 'DIV') return null
  const card = classOf(node)
    .split(/\s+/)
    .find((name) => name in MEDIA_CARDS)
  return card ? MEDIA_CARDS[card]! : null
}

function addCardRules(td: TurndownService, images: ImageCollector): void {
  td.addRule('imageCard', {
    filter: (node) => isCard(node, 'kg-image-card'),
    replacement: (_content, node) => {
      const img = (node as Element).querySelector('img')
      const image = img ? imageMarkdown(img, images) : ''
      return image === '' ? '' : `\n\n${image}${captionLine(node as Element)}\n\n`
    },
  })
  td.addRule('galleryCard', {
    filter: (node) => isCard(node, 'kg-gallery-card'),
    replacement: (_content, node) => {
      const lines = Array.from((node as Element).querySelectorAll('img'))
        .map((img) => imageMarkdown(img, images))
        .filter((line) => line !== '')
      return lines.length === 0 ? '' : `\n\n${lines.join('\n')}${captionLine(node as Element)}\n\n`
    },
  })
  td.addRule('bookmarkCard', {
    filter: (node) => isCard(node, 'kg-bookmark-card'),
    replacement: (_content, node) => {
      // The card's thumbnail and icon are decoration: only its link is kept.
      const href = (node as Element).querySelector('a')?.getAttribute('href') ?? ''
      if (href === '') return ''
      const title = inlineText((node as Element).querySelector('.kg-bookmark-title')?.textContent) || href
      return `\n\n[${title}](${href})\n\n`
    },
  })
  td.addRule('mediaCard', {
    filter: (node) => mediaCardOf(node) !== null,
    replacement: (_content, node) => {
      const [label, warning] = mediaCardOf(node) ?? ['', '']
      const el = node as Element
      const src =
        el.querySelector('video, audio, source')?.getAttribute('src') ?? el.querySelector('a')?.getAttribute('href')
      if (!src) return ''
      images.warn(warning)
      return `\n\n[${label}](${src})\n\n`
    },
  })
  td.addRule('embedCard', {
    filter: (node) => isCard(node, 'kg-embed-card'),
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  })
}

function addEmbedRules(td: TurndownService, images: ImageCollector): void {
  td.addRule('iframe', {
    filter: 'iframe',
    replacement: (_content, node) => {
      const src = (node as Element).getAttribute('src') ?? ''
      const youtube = youtubeWatchUrl(src)
      if (youtube) return `\n\n${youtube}\n\n`
      if (src === '') return ''
      images.warn('An embed was turned into a link')
      return `\n\n[Embedded content](${src.startsWith('//') ? `https:${src}` : src})\n\n`
    },
  })
  td.addRule('tweet', {
    filter: (node) => node.nodeName === 'BLOCKQUOTE' && /\btwitter-tweet\b/.test(classOf(node)),
    replacement: (content, node) => {
      const url = tweetUrl(node as Element)
      return url ? `\n\n${url}\n\n` : `\n\n${content.trim()}\n\n`
    },
  })
}

function createTurndown(images: ImageCollector): TurndownService {
  // The same Markdown dialect as the editor's paste.
  const td = markdownTurndown()
  td.remove(['script', 'style', 'noscript', 'template'] as TurndownService.TagName[])
  addCardRules(td, images)
  addEmbedRules(td, images)
  td.addRule('image', {
    filter: 'img',
    // A bookmark card's icon and thumbnail are decoration, not the post's images.
    replacement: (_content, node) =>
      (node as Element).closest?.('.kg-bookmark-card') ? '' : imageMarkdown(node as Element, images),
  })
  return td
}

export function ghostHtmlToMarkdown(html: string, siteUrl: string | null): GhostHtmlResult {
  const images = new ImageCollector(siteUrl)
  // Links and images alike: the placeholder goes before parsing, images are resolved again as they are read.
  const markdown = createTurndown(images)
    .turndown(replaceGhostUrl(html, siteUrl))
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return { markdown, images: images.images, warnings: images.warnings }
}

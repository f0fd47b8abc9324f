import type TurndownService from 'turndown'
import { EXCERPT_SENTENCE_SHARE, excerptFromText, PASTE_EXCERPT_MAX } from '#common/excerpt.ts'
import { markdownTurndown } from '#common/markdown-dialect.ts'
import { DERIVED_SLUG_MAX, toSlug } from '#common/text-rules.ts'

// The excerpt rule lives in excerpt.ts, without turndown, for the server (docs/decisions/042).
export { EXCERPT_SENTENCE_SHARE, excerptFromText, PASTE_EXCERPT_MAX }

/**
 * The paste helper of the post editor (docs/product.md §2 Create post, §9 Paste processing): pasted text is
 * cleaned and turned into markdown, and empty title, slug and excerpt fields are filled from it.
 * Pure rules; turndown parses HTML with the browser's DOMParser, or its bundled parser in Node.
 */

/** A paste is processed when it is longer than this many characters. */
export const PASTE_MIN_LENGTH = 100
/** A title line is shorter than this many characters (and does not end with a period). */
export const TITLE_LINE_MAX = 100
/** A slug made from a pasted title has at most this many characters (the one slug rule's cap). */
export const PASTE_SLUG_MAX = DERIVED_SLUG_MAX
/** Plain-text lines at most this long (and without closing punctuation) may be headings. */
export const HEADING_LINE_MAX = 80

export function shouldProcessPaste(text: string): boolean {
  return text.length > PASTE_MIN_LENGTH
}

/**
 * Line endings to \n; invisible characters dropped; non-breaking spaces become spaces; runs of
 * spaces inside a line collapse; trailing spaces go; never more than one blank line in a row.
 */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00AD]/g, '')
    .replace(/[\u00A0\u2007\u202F]/g, ' ')
    .replace(/\t/g, ' ')
    .split('\n')
    .map((line) => line.replace(/(\S) {2,}/g, '$1 ').replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

// --- Unicode "styled" letters (LinkedIn and social posts fake bold and italic with them) -------

type Style = 'bold' | 'italic' | 'bolditalic'

const LETTER_BLOCKS: ReadonlyArray<[start: number, style: Style]> = [
  [0x1d400, 'bold'], // Mathematical Bold
  [0x1d434, 'italic'], // Italic
  [0x1d468, 'bolditalic'], // Bold Italic
  [0x1d5d4, 'bold'], // Sans-Serif Bold
  [0x1d608, 'italic'], // Sans-Serif Italic
  [0x1d63c, 'bolditalic'], // Sans-Serif Bold Italic
]
const DIGIT_BLOCKS: ReadonlyArray<number> = [0x1d7ce, 0x1d7ec] // Bold and Sans-Serif Bold digits

function styledChar(codePoint: number): { char: string; style: Style } | null {
  if (codePoint === 0x210e) return { char: 'h', style: 'italic' } // the italic h lives in Letterlike Symbols
  for (const [start, style] of LETTER_BLOCKS) {
    const offset = codePoint - start
    if (offset >= 0 && offset < 52) {
      return { char: String.fromCharCode(offset < 26 ? 65 + offset : 97 + offset - 26), style }
    }
  }
  for (const start of DIGIT_BLOCKS) {
    const offset = codePoint - start
    if (offset >= 0 && offset < 10) return { char: String(offset), style: 'bold' }
  }
  return null
}

const MARK: Record<Style, string> = { bold: '**', italic: '*', bolditalic: '***' }

/** Turns runs of Unicode bold/italic letters into markdown emphasis; reports what it found. */
export function unicodeStylesToMarkdown(line: string): { text: string; bold: boolean; italic: boolean } {
  let out = ''
  let bold = false
  let italic = false
  let run = ''
  let runStyle: Style | null = null
  let pendingSpaces = ''
  const flush = () => {
    if (runStyle) {
      out += `${MARK[runStyle]}${run}${MARK[runStyle]}`
      if (runStyle !== 'italic') bold = true
      if (runStyle !== 'bold') italic = true
    }
    run = ''
    runStyle = null
  }
  for (const ch of line) {
    const styled = styledChar(ch.codePointAt(0) ?? 0)
    if (styled) {
      if (runStyle === styled.style) {
        run += pendingSpaces + styled.char
      } else {
        flush()
        out += pendingSpaces
        run = styled.char
        runStyle = styled.style
      }
      pendingSpaces = ''
    } else if (ch === ' ' && runStyle) {
      pendingSpaces += ch
    } else {
      flush()
      out += pendingSpaces + ch
      pendingSpaces = ''
    }
  }
  flush()
  out += pendingSpaces
  return { text: out, bold, italic }
}

// --- Plain text → markdown ---------------------------------------------------------------------

const BULLET = /^(\s*)[•◦▪▫●○■□‣⁃∙·–—➤➢►▶→»*+-]\s+(\S.*)$/
const NUMBERED = /^(\s*)(?:\((\d{1,3})\)|(\d{1,3})[.)])\s+(\S.*)$/
const LEAD_IN = /^((?:[A-Z0-9][\w'’&/-]*)(?: [\w'’&/-]+){0,4}):\s+(\S.*)$/

export interface Converted {
  markdown: string
  /** True when headings, emphasis or lists were found (or the text was markdown already). */
  detected: boolean
}

/**
 * Markdown the writer typed or copied, kept as it is: it has markdown's own structure (ATX
 * headings or code fences). Text with only inline markdown (`**bold**`, links) is still plain text
 * whose headings need finding (issue 11 §7).
 */
export function looksLikeMarkdown(text: string): boolean {
  return /^#{1,6}\s+\S/m.test(text) || /^```/m.test(text)
}

type Block = { kind: 'para' | 'heading'; text: string } | { kind: 'list'; items: string[] }

function listItem(line: string, previousWasList: boolean): string | null {
  const bullet = BULLET.exec(line)
  if (bullet) {
    const nested = previousWasList && (bullet[1] ?? '').length >= 2
    return `${nested ? '  ' : ''}- ${bullet[2]}`
  }
  const numbered = NUMBERED.exec(line)
  if (numbered) {
    const nested = previousWasList && (numbered[1] ?? '').length >= 2
    return `${nested ? '   ' : ''}${numbered[2] ?? numbered[3]}. ${numbered[4]}`
  }
  return null
}

const hasLetters = (s: string) => /\p{L}/u.test(s)
const isAllCaps = (s: string) => hasLetters(s) && s === s.toUpperCase() && s !== s.toLowerCase()

/**
 * docs/product.md §2: detects headings, bold, italic and lists in plain text and writes them as markdown.
 * - Headings: a line in capitals, or a short line (at most 80 characters and 12 words, starting
 *   with a capital or a digit, not ending in . , ; : or !) followed by a list or a longer paragraph.
 *   A line underlined with === or --- (setext style) is a heading too.
 * - Lists: lines starting with a bullet (• ◦ ▪ ● – — ➤ ► → » * + -) or a number (1. 1) (1)).
 * - Bold and italic: Unicode bold/italic letters, and short "Label:" lead-ins become bold.
 * Every other non-empty line is a paragraph.
 */
export function plainTextToMarkdown(text: string): Converted {
  const lines = cleanText(text).split('\n')
  let detected = false
  const blocks: Block[] = []
  const nonEmpty = (from: number) => {
    for (let j = from; j < lines.length; j++) if ((lines[j] ?? '').trim() !== '') return j
    return -1
  }

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? ''
    if (raw.trim() === '') continue
    const styled = unicodeStylesToMarkdown(raw.trim())
    if (styled.bold || styled.italic) detected = true
    const last = blocks.at(-1)

    const item = listItem(raw, last?.kind === 'list')
    if (item !== null) {
      const styledItem = unicodeStylesToMarkdown(item)
      detected = true
      if (last?.kind === 'list') last.items.push(styledItem.text)
      else blocks.push({ kind: 'list', items: [styledItem.text] })
      continue
    }

    const line = styled.text
    const underline = lines[i + 1]?.trim() ?? ''
    if (/^(=+|-+)$/.test(underline) && underline.length >= 3) {
      blocks.push({ kind: 'heading', text: line })
      detected = true
      i++
      continue
    }

    const next = nonEmpty(i + 1)
    const nextLine = next === -1 ? '' : (lines[next] ?? '').trim()
    const nextIsList = next !== -1 && listItem(lines[next] ?? '', false) !== null
    const plain = raw.trim()
    const words = plain.split(/\s+/).length
    const capsHeading = isAllCaps(plain) && plain.replace(/[^\p{L}]/gu, '').length >= 3 && plain.length < TITLE_LINE_MAX
    const shortHeading =
      plain.length <= HEADING_LINE_MAX &&
      words <= 12 &&
      /^[\p{Lu}\p{N}]/u.test(plain) &&
      !/[.,;:!]$/.test(plain) &&
      (nextIsList || nextLine.length > plain.length)
    if (next !== -1 && (capsHeading || shortHeading) && !/^https?:\/\//i.test(plain)) {
      blocks.push({ kind: 'heading', text: line.replace(/^\*{1,3}([^*]+)\*{1,3}$/, '$1') })
      detected = true
      continue
    }

    const leadIn = LEAD_IN.exec(line)
    if (leadIn && (leadIn[1] ?? '').length <= 40 && !/^https?$/i.test(leadIn[1] ?? '')) {
      blocks.push({ kind: 'para', text: `**${leadIn[1]}:** ${leadIn[2]}` })
      detected = true
      continue
    }
    if (/(^|[^\w*])_[^_\s][^_]*_(?![\w])/.test(line)) detected = true
    blocks.push({ kind: 'para', text: line })
  }

  const markdown = blocks
    .map((b) => (b.kind === 'list' ? b.items.join('\n') : b.kind === 'heading' ? `## ${b.text}` : b.text))
    .join('\n\n')
  return { markdown, detected }
}

// --- HTML → markdown (turndown) ---------------------------------------------------------------

const styleOf = (node: HTMLElement) => (node.getAttribute?.('style') ?? '').toLowerCase()
const isBoldStyle = (style: string) => /font-weight\s*:\s*(bold|bolder|[6-9]00)\b/.test(style)
const isItalicStyle = (style: string) => /font-style\s*:\s*italic/.test(style)
const SAFE_SRC = /^(?:https?:\/\/|\/(?!\/)|data:image\/(?:png|jpe?g|gif|webp|avif);base64,)/i

/** Google Docs wraps links in a redirect; keep the real address. */
function unwrapRedirect(href: string): string {
  const match = /^https?:\/\/(?:www\.)?google\.[a-z.]+\/url\?(.*)$/i.exec(href)
  if (!match) return href
  const target = new URLSearchParams(match[1]).get('q')
  return target && /^https?:\/\//i.test(target) ? target : href
}

function createTurndown() {
  const td = markdownTurndown()
  td.remove(['script', 'style', 'title', 'meta', 'link', 'noscript', 'template'] as TurndownService.TagName[])
  // Word marks its list bullets "mso-list:Ignore"; the paragraph itself says it is a list item.
  td.addRule('wordListBullet', {
    filter: (node) => node.nodeName === 'SPAN' && /mso-list\s*:\s*ignore/.test(styleOf(node)),
    replacement: () => '',
  })
  td.addRule('wordListParagraph', {
    filter: (node) => node.nodeName === 'P' && /mso-list\s*:/.test(styleOf(node)),
    replacement: (content, node) => {
      const bullet = (node as HTMLElement).querySelector?.('span[style*="mso-list"]')?.textContent?.trim() ?? ''
      const number = /^(\d+)[.)]/.exec(bullet)?.[1]
      return `\n${number ? `${number}.` : '-'} ${content.trim()}\n`
    },
  })
  // Google Docs wraps the whole clipboard in <b style="font-weight:normal">: not bold at all.
  td.addRule('notBold', {
    filter: (node) =>
      (node.nodeName === 'B' || node.nodeName === 'STRONG') &&
      /font-weight\s*:\s*(normal|[1-4]00)\b/.test(styleOf(node)),
    replacement: (content) => content,
  })
  // Google Docs and many editors style spans instead of using <b>/<i>.
  td.addRule('styledSpan', {
    filter: (node) => node.nodeName === 'SPAN' && (isBoldStyle(styleOf(node)) || isItalicStyle(styleOf(node))),
    replacement: (content, node) => {
      if (content.trim() === '') return content
      const style = styleOf(node as HTMLElement)
      const mark = (isBoldStyle(style) ? '**' : '') + (isItalicStyle(style) ? '*' : '')
      return `${mark}${content}${mark}`
    },
  })
  td.addRule('safeImage', {
    filter: 'img',
    replacement: (_content, node) => {
      const el = node as HTMLElement
      const src = (el.getAttribute('src') ?? '').trim()
      if (!SAFE_SRC.test(src)) return ''
      const alt = (el.getAttribute('alt') ?? '').replace(/[[\]\n]/g, ' ').trim()
      return `![${alt}](${src})`
    },
  })
  td.addRule('link', {
    filter: (node) => node.nodeName === 'A' && Boolean(node.getAttribute('href')),
    replacement: (content, node) => {
      const href = unwrapRedirect((node as HTMLElement).getAttribute('href') ?? '')
      if (!/^(?:https?:|mailto:|\/|#)/i.test(href) || content.trim() === '') return content
      return `[${content}](${href.replace(/\)/g, '%29').replace(/ /g, '%20')})`
    },
  })
  return td
}

let turndown: TurndownService | null = null

/** Formatting markdown shows: headings, bold, italic, lists. */
export function hasFormatting(markdown: string): boolean {
  return (
    /^#{1,6}\s+\S/m.test(markdown) ||
    /\*\*[^*\n]+\*\*/.test(markdown) ||
    /(^|[^*\w])\*[^*\s][^*\n]*\*(?!\*)/.test(markdown) ||
    /(^|[^\w])_[^_\s][^_\n]*_(?!\w)/.test(markdown) ||
    /^\s*(?:[-*+]|\d+\.)\s+\S/m.test(markdown)
  )
}

/** HTML with structure worth keeping (as from a web page, Google Docs or Word). */
export function isRichHtml(html: string): boolean {
  return (
    /<(h[1-6]|strong|b|em|i|ul|ol|li|a|img|blockquote|table)\b/i.test(html) ||
    /font-weight\s*:\s*(bold|[6-9]00)|font-style\s*:\s*italic|mso-list/i.test(html)
  )
}

/** docs/product.md §2 with a real HTML-to-markdown converter: headings, bold, italic, lists, links, images. */
export function htmlToMarkdown(html: string): Converted {
  turndown ??= createTurndown()
  const markdown = cleanText(turndown.turndown(html))
  return { markdown, detected: hasFormatting(markdown) }
}

// --- Title, slug and excerpt ----------------------------------------------------------------

/** The text of one markdown line: markers, emphasis, links and images removed. */
export function lineText(line: string): string {
  return line
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*#{1,6}\s+/, '')
    .replace(/^\s*>\s?/, '')
    .replace(/(\*\*|__|\*|_|`)/g, '')
    .replace(/\\([\\`*_{}[\]()#+.!-])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim()
}

const isListLine = (line: string) => /^\s*(?:[-*+]|\d+[.)])\s+/.test(line)

/**
 * docs/product.md §2/§9: the first line shorter than 100 characters that does not end with a period.
 * List items and lines without letters or digits (images, rules) are skipped.
 */
export function titleFromText(markdown: string): string | null {
  for (const line of markdown.split('\n')) {
    if (isListLine(line)) continue
    const text = lineText(line)
    if (text === '' || !/[\p{L}\p{N}]/u.test(text)) continue
    if (text.length < TITLE_LINE_MAX && !text.endsWith('.')) return text
  }
  return null
}

// --- The whole paste ------------------------------------------------------------------------

export interface PasteInput {
  /** text/plain from the clipboard. */
  text: string
  /** text/html from the clipboard, when present. */
  html?: string
  /** The current field values: only empty ones are filled. */
  current: { title: string; slug: string; excerpt: string }
}

export interface PasteResult {
  markdown: string
  detected: boolean
  /** The toast's description: what was found. */
  message: string
  /** Set only for fields that were empty and could be filled. */
  title?: string
  slug?: string
  excerpt?: string
}

export const PASTE_TOAST_TITLE = 'Content Processed!'
export const PASTE_DETECTED_MESSAGE = 'Detected headers and formatting from your pasted content'
export const PASTE_HEADERS_MESSAGE = 'Detected headers from your pasted content'
export const PASTE_FORMATTING_MESSAGE = 'Detected formatting from your pasted content'
export const PASTE_CLEANED_MESSAGE = 'Content pasted and cleaned up'

/** What the toast says: what the converted text really holds (issue 11 §7), in docs/product.md §2's words. */
export function pasteMessage(markdown: string): string {
  const headings = /^#{1,6}\s+\S/m.test(markdown)
  const formatting =
    /\*\*[^*\n]+\*\*|(?:^|[^*\w])\*[^*\s][^*\n]*\*|(?:^|[^\w])_[^_\s][^_\n]*_/m.test(markdown) ||
    /^\s*(?:[-*+]|\d+\.)\s+\S/m.test(markdown) ||
    /\[[^\]\n]+\]\([^)\s]+\)/.test(markdown)
  if (headings && formatting) return PASTE_DETECTED_MESSAGE
  if (headings) return PASTE_HEADERS_MESSAGE
  if (formatting) return PASTE_FORMATTING_MESSAGE
  return PASTE_CLEANED_MESSAGE
}

/** The text a paste's length is measured on: the plain text, or the HTML's text if there is none. */
export function pasteLength(input: { text: string; html?: string }): number {
  if (input.text) return input.text.length
  return (input.html ?? '').replace(/<[^>]*>/g, '').length
}

/**
 * Converts a paste longer than 100 characters (null otherwise: the browser pastes as usual).
 * Markdown stays markdown; rich HTML goes through turndown; plain text through the detection.
 */
export function processPaste(input: PasteInput): PasteResult | null {
  if (!shouldProcessPaste(input.text) && !(input.text === '' && pasteLength(input) > PASTE_MIN_LENGTH)) return null
  let converted: Converted
  if (input.text && looksLikeMarkdown(input.text)) converted = { markdown: cleanText(input.text), detected: true }
  else if (input.html && isRichHtml(input.html)) converted = htmlToMarkdown(input.html)
  else converted = plainTextToMarkdown(input.text)

  const message = pasteMessage(converted.markdown)
  const result: PasteResult = { ...converted, detected: message !== PASTE_CLEANED_MESSAGE, message }
  const title = input.current.title.trim() === '' ? titleFromText(converted.markdown) : null
  if (title) result.title = title
  const effectiveTitle = title ?? input.current.title.trim()
  if (input.current.slug.trim() === '' && effectiveTitle) {
    const slug = toSlug(effectiveTitle)
    if (slug) result.slug = slug
  }
  if (input.current.excerpt.trim() === '') {
    const excerpt = excerptFromText(summaryText(converted.markdown, title))
    if (excerpt) result.excerpt = excerpt
  }
  return result
}

/** The body's plain text for a summary: headings and the line used as the title are left out. */
export function summaryText(markdown: string, title: string | null): string {
  const lines = markdown.split('\n')
  let titleSkipped = false
  const kept: string[] = []
  for (const line of lines) {
    if (/^\s*#{1,6}\s/.test(line)) {
      if (!titleSkipped && title && lineText(line) === title) titleSkipped = true
      continue
    }
    const text = lineText(line)
    if (!titleSkipped && title && text === title) {
      titleSkipped = true
      continue
    }
    if (text) kept.push(text)
  }
  const body = kept.join(' ')
  return body || lines.map(lineText).join(' ')
}

// --- Embedded data images -------------------------------------------------------------------

/** One data-URL image of the content, shown in the editor as a camera-marked placeholder. */
export interface DataImage {
  index: number
  /** The exact markdown of the image in the content. */
  original: string
  /** What the editor shows instead, e.g. `![📷 image 1](data-image:1)`. */
  placeholder: string
  url: string
  /** Alt text as shown in the placeholder (after the camera). */
  alt: string
}

export const CAMERA = '📷'
const DATA_IMAGE_MARKDOWN = /!\[([^\]\n]*)\]\((data:image\/[a-z0-9.+-]+;base64,[a-z0-9+/=]+)(\s+"[^"\n]*")?\)/gi
const PLACEHOLDER = /!\[([^\]\n]*)\]\(data-image:(\d+)\)/g

/**
 * Replaces each embedded data image with a short placeholder numbered from `first`, so a
 * multi-megabyte base64 string never sits in the textarea.
 */
export function hideDataImages(markdown: string, first = 1): { text: string; images: DataImage[] } {
  const images: DataImage[] = []
  const text = markdown.replace(DATA_IMAGE_MARKDOWN, (original, rawAlt: string, url: string) => {
    const index = first + images.length
    const alt = rawAlt.trim() || `image ${index}`
    const placeholder = `![${CAMERA} ${alt}](data-image:${index})`
    images.push({ index, original, placeholder, url, alt })
    return placeholder
  })
  return { text, images }
}

/**
 * Puts the data images back: an untouched placeholder becomes its original markdown byte for
 * byte; one whose alt text was edited keeps the new alt with the original image.
 */
export function restoreDataImages(text: string, images: Iterable<DataImage>): string {
  const byIndex = new Map<number, DataImage>()
  for (const image of images) byIndex.set(image.index, image)
  if (byIndex.size === 0) return text
  return text.replace(PLACEHOLDER, (match, rawAlt: string, n: string) => {
    const image = byIndex.get(Number(n))
    if (!image) return match
    if (match === image.placeholder) return image.original
    const alt = rawAlt.replace(new RegExp(`^\\s*${CAMERA}\\s*`, 'u'), '').trim()
    return `![${alt}](${image.url})`
  })
}

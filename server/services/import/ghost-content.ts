import { ghostHtmlToMarkdown, type ImageCollector, MEDIA_CARDS } from '#server/services/import/ghost-html.ts'

/**
 * Issue 31: a Ghost post's body when its export has no rendered html: Ghost 5/6 keep the editor's
 * Lexical tree, Ghost 4 its Mobiledoc document. Both are walked here into Markdown; anything
 * unknown keeps its text, so nothing a writer wrote silently disappears.
 */

interface LexicalNode {
  type?: string
  children?: LexicalNode[]
  text?: string
  format?: number | string
  tag?: string
  listType?: string
  start?: number
  url?: string
  src?: string
  altText?: string
  alt?: string
  caption?: string
  code?: string
  language?: string
  markdown?: string
  html?: string
  images?: LexicalNode[]
  metadata?: { title?: string }
}

const BOLD = 1
const ITALIC = 2
const CODE = 16

function stripTags(html: string | undefined): string {
  return (html ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Marks go inside the text's edge spaces: '** bold **' is not bold in Markdown. */
function formatText(node: LexicalNode): string {
  const [, lead = '', text = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(node.text ?? '') ?? []
  const format = typeof node.format === 'number' ? node.format : 0
  if (text === '') return node.text ?? ''
  let out = text
  if (format & CODE) out = `\`${out}\``
  else {
    if (format & ITALIC) out = `*${out}*`
    if (format & BOLD) out = `**${out}**`
  }
  return `${lead}${out}${trail}`
}

function inline(nodes: LexicalNode[] | undefined, images: ImageCollector, siteUrl: string | null): string {
  return (nodes ?? []).map((node) => inlineNode(node, images, siteUrl)).join('')
}

function inlineNode(node: LexicalNode, images: ImageCollector, siteUrl: string | null): string {
  switch (node.type) {
    case 'text':
    case 'extended-text':
      return formatText(node)
    case 'linebreak':
      return '  \n'
    case 'link':
    case 'autolink':
      return `[${inline(node.children, images, siteUrl)}](${resolveLink(node.url ?? '', siteUrl)})`
    default:
      return node.children ? inline(node.children, images, siteUrl) : (node.text ?? '')
  }
}

function resolveLink(url: string, siteUrl: string | null): string {
  return url.replace(/__GHOST_URL__/g, (siteUrl ?? '').replace(/\/+$/, ''))
}

function imageLines(node: LexicalNode, images: ImageCollector): string {
  const src = node.src ?? ''
  if (src === '') return ''
  const alt = (node.altText ?? node.alt ?? '').replace(/[[\]\n]/g, ' ').trim()
  const caption = stripTags(node.caption)
  return `![${alt}](${images.add(src)})${caption === '' ? '' : `\n\n*${caption}*`}`
}

/** A list; an item holding a nested list (Lexical puts it in its own listitem) is indented under the previous one. */
function listBlock(node: LexicalNode, images: ImageCollector, siteUrl: string | null, indent = ''): string {
  const start = node.start ?? 1
  const lines: string[] = []
  let number = start
  for (const item of node.children ?? []) {
    const nested = item.children?.find((child) => child.type === 'list')
    if (nested) {
      lines.push(listBlock(nested, images, siteUrl, `${indent}   `))
      continue
    }
    const marker = node.listType === 'number' ? `${number++}.` : '-'
    lines.push(`${indent}${marker} ${inline(item.children, images, siteUrl).trim()}`)
  }
  return lines.join('\n')
}

/** One top-level Lexical node as a Markdown block ('' when it holds nothing). */
function block(node: LexicalNode, images: ImageCollector, siteUrl: string | null): string {
  switch (node.type) {
    case 'heading':
    case 'extended-heading': {
      const level = Number(/^h([1-6])$/.exec(node.tag ?? '')?.[1] ?? 2)
      return `${'#'.repeat(level)} ${inline(node.children, images, siteUrl).trim()}`
    }
    case 'quote':
    case 'extended-quote':
    case 'aside':
      return `> ${inline(node.children, images, siteUrl).trim().replace(/\n/g, '\n> ')}`
    case 'list':
      return listBlock(node, images, siteUrl)
    case 'image':
      return imageLines(node, images)
    case 'gallery':
      return (node.images ?? []).map((image) => imageLines({ ...image, caption: undefined }, images)).join('\n')
    case 'horizontalrule':
      return '---'
    case 'codeblock':
      return `\`\`\`${node.language ?? ''}\n${node.code ?? ''}\n\`\`\``
    case 'embed':
      return embedLine(node, images)
    case 'bookmark':
      return node.url ? `[${node.metadata?.title || node.url}](${resolveLink(node.url, siteUrl)})` : ''
    case 'markdown':
      return node.markdown ?? ''
    case 'html':
      return htmlBlock(node.html ?? '', images, siteUrl)
    case 'video':
    case 'audio':
    case 'file':
      return mediaLink(node, images, siteUrl)
    default:
      return inline(node.children, images, siteUrl).trim()
  }
}

/** YouTube and X embeds become their bare address (the site's renderer embeds those); others a link. */
function embedLine(node: LexicalNode, images: ImageCollector): string {
  const url = node.url ?? ''
  if (url === '') return ''
  if (/^https?:\/\/(?:www\.)?(?:youtube\.com|youtu\.be|twitter\.com|x\.com)\//i.test(url)) return url
  images.warn('An embed was turned into a link')
  return `[Embedded content](${url})`
}

/** Video, audio and file cards: the site has no player for them, so a link to the file keeps them reachable. */
function mediaLink(node: LexicalNode, images: ImageCollector, siteUrl: string | null): string {
  const [label, warning] = MEDIA_CARDS[`kg-${node.type}-card`] ?? ['File', '']
  if (!node.src) return ''
  if (warning) images.warn(warning)
  return `[${label}](${resolveLink(node.src, siteUrl)})`
}

function htmlBlock(html: string, images: ImageCollector, siteUrl: string | null): string {
  const converted = ghostHtmlToMarkdown(html, siteUrl)
  for (const image of converted.images) images.add(image)
  for (const warning of converted.warnings) images.warn(warning)
  return converted.markdown
}

/** Lexical JSON (as stored in posts.lexical) to Markdown. */
export function lexicalToMarkdown(lexical: string, images: ImageCollector, siteUrl: string | null): string {
  const root = parseJson<{ root?: LexicalNode }>(lexical)?.root
  return (root?.children ?? [])
    .map((node) => block(node, images, siteUrl))
    .filter((text) => text.trim() !== '')
    .join('\n\n')
}

// --- Mobiledoc (Ghost 4) ---------------------------------------------------------------------

type Marker = [kind: number, openMarkups: number[], closed: number, value: unknown]
type Section = [kind: number, ...rest: unknown[]]
interface Mobiledoc {
  markups?: [tag: string, attributes?: string[]][]
  cards?: [name: string, payload: LexicalNode][]
  sections?: Section[]
}

const MARKUP_MARKS: Record<string, [open: string, close: string]> = {
  strong: ['**', '**'],
  b: ['**', '**'],
  em: ['*', '*'],
  i: ['*', '*'],
  code: ['`', '`'],
}

/** Markers as Markdown: markups open on a marker and close after `closed` of them (the Mobiledoc rule). */
function markersText(markers: Marker[], doc: Mobiledoc, siteUrl: string | null): string {
  const open: string[] = []
  let out = ''
  for (const [kind, opens, closed, value] of markers) {
    for (const index of opens) {
      const [tag, attributes = []] = doc.markups?.[index] ?? ['']
      if (tag === 'a') {
        const href = attributes[attributes.indexOf('href') + 1] ?? ''
        out += '['
        open.push(`](${resolveLink(href, siteUrl)})`)
      } else {
        const marks = MARKUP_MARKS[tag] ?? ['', '']
        out += marks[0]
        open.push(marks[1])
      }
    }
    out += kind === 0 && typeof value === 'string' ? value : ''
    for (let i = 0; i < closed; i++) out += open.pop() ?? ''
  }
  return out + open.reverse().join('')
}

function mobiledocSection(section: Section, doc: Mobiledoc, images: ImageCollector, siteUrl: string | null): string {
  const [kind, ...rest] = section
  if (kind === 1) {
    const [tag, markers] = rest as [string, Marker[]]
    const text = markersText(markers, doc, siteUrl).trim()
    const level = /^h([1-6])$/.exec(tag)?.[1]
    if (level) return `${'#'.repeat(Number(level))} ${text}`
    return tag === 'blockquote' ? `> ${text}` : text
  }
  if (kind === 3) {
    const [tag, items] = rest as [string, Marker[][]]
    return items.map((item, i) => `${tag === 'ol' ? `${i + 1}.` : '-'} ${markersText(item, doc, siteUrl)}`).join('\n')
  }
  if (kind === 10) {
    const [name, payload] = doc.cards?.[rest[0] as number] ?? ['', {}]
    return mobiledocCard(name, payload, images, siteUrl)
  }
  return ''
}

function mobiledocCard(name: string, payload: LexicalNode, images: ImageCollector, siteUrl: string | null): string {
  switch (name) {
    case 'markdown':
    case 'card-markdown':
      return payload.markdown ?? ''
    case 'image':
      return imageLines(payload, images)
    case 'hr':
      return '---'
    case 'code':
      return block({ ...payload, type: 'codeblock' }, images, siteUrl)
    case 'html':
      return htmlBlock(payload.html ?? '', images, siteUrl)
    case 'embed':
      return embedLine(payload, images)
    case 'bookmark':
      return block({ ...payload, type: 'bookmark' }, images, siteUrl)
    default:
      return ''
  }
}

/** Mobiledoc JSON (as stored in posts.mobiledoc) to Markdown. */
export function mobiledocToMarkdown(mobiledoc: string, images: ImageCollector, siteUrl: string | null): string {
  const doc = parseJson<Mobiledoc>(mobiledoc)
  return (doc?.sections ?? [])
    .map((section) => mobiledocSection(section, doc ?? {}, images, siteUrl))
    .filter((text) => text.trim() !== '')
    .join('\n\n')
}

function parseJson<T>(text: string): T | null {
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === 'object' ? (value as T) : null
  } catch {
    return null
  }
}

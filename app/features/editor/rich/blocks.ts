import type { Editor } from '@tiptap/core'

/** A block the '/' menu inserts; `run` turns the current empty line into it. */
export interface BlockItem {
  id: string
  label: string
  /** Words the '/' query also matches. */
  keywords: string
  run: (editor: Editor) => void
}

export const BLOCK_ITEMS: readonly BlockItem[] = [
  {
    id: 'h2',
    label: 'Heading 2',
    keywords: 'title section h2',
    run: (e) => e.chain().focus().setHeading({ level: 2 }).run(),
  },
  {
    id: 'h3',
    label: 'Heading 3',
    keywords: 'subsection h3',
    run: (e) => e.chain().focus().setHeading({ level: 3 }).run(),
  },
  { id: 'h4', label: 'Heading 4', keywords: 'h4', run: (e) => e.chain().focus().setHeading({ level: 4 }).run() },
  {
    id: 'bullets',
    label: 'Bulleted list',
    keywords: 'ul unordered',
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    id: 'numbers',
    label: 'Numbered list',
    keywords: 'ol ordered',
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    id: 'quote',
    label: 'Quote',
    keywords: 'blockquote citation',
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  { id: 'code', label: 'Code block', keywords: 'pre snippet', run: (e) => e.chain().focus().toggleCodeBlock().run() },
  {
    id: 'hr',
    label: 'Divider',
    keywords: 'horizontal rule hr line separator',
    run: (e) => e.chain().focus().setHorizontalRule().run(),
  },
  {
    id: 'table',
    label: 'Table',
    keywords: 'grid rows columns',
    run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 2, withHeaderRow: true }).run(),
  },
]

/**
 * The '/' menu's blocks, its Image doing what the toolbar's 'Insert image' does: `chooseImages`
 * opens the file chooser, and the chosen files go through the same upload and are placed on the
 * line the menu was opened on. Embed asks for a YouTube or X address (`chooseEmbed`, a dialog)
 * and puts its card on that line.
 */
export function blockItems({
  chooseImages,
  chooseEmbed,
}: {
  chooseImages: () => void
  chooseEmbed: () => void
}): BlockItem[] {
  const image: BlockItem = {
    id: 'image',
    label: 'Image',
    keywords: 'picture photo img figure upload',
    run: () => chooseImages(),
  }
  const embed: BlockItem = {
    id: 'embed',
    label: 'Embed',
    keywords: 'video youtube x twitter tweet post',
    run: () => chooseEmbed(),
  }
  return BLOCK_ITEMS.flatMap((item) => (item.id === 'hr' ? [item, image, embed] : [item]))
}

export function matchBlocks(query: string, items: readonly BlockItem[] = BLOCK_ITEMS): BlockItem[] {
  const q = query.trim().toLowerCase()
  if (!q) return [...items]
  return items.filter((item) => `${item.label} ${item.keywords}`.toLowerCase().includes(q))
}

/** Words and reading time under the surface (about 230 words a minute, at least one minute). */
export function textStats(text: string): { words: number; minutes: number } {
  const words = text.trim() === '' ? 0 : text.trim().split(/\s+/).length
  return { words, minutes: words === 0 ? 0 : Math.max(1, Math.round(words / 230)) }
}

/** A pasted line that is only the address of a picture. */
export function imageUrl(text: string): string | null {
  const t = text.trim()
  return /^https?:\/\/\S+\.(?:png|jpe?g|gif|webp|avif)(?:[?#]\S*)?$/i.test(t) ? t : null
}

/** 'summer-launch_banner.png' → 'summer launch banner' (as the image manager names copies). */
export function altFromName(name: string): string {
  return name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim()
}

/**
 * Pasted HTML without script elements and event-handler attributes, before anything parses it:
 * nothing in it could run anyway (the HTML becomes Markdown, whose renderer escapes raw HTML, and
 * the CSP has no 'unsafe-inline'), but Chromium reports each handler a parser meets as a CSP
 * violation on the console. Not a sanitizer: a filter of noise in front of the converter.
 */
export function withoutHandlers(html: string): string {
  let out = html.replace(/<script\b[\s\S]*?(?:<\/script\s*>|$)/gi, '')
  let before: string
  do {
    before = out
    out = out.replace(/(<[^>]*?)\s(?:on[a-z]+|formaction)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, '$1')
  } while (out !== before)
  return out
}

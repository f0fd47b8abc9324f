import { type Extensions, type NodeViewRenderer, textblockTypeInputRule } from '@tiptap/core'
import Heading from '@tiptap/extension-heading'
import Image from '@tiptap/extension-image'
import { ListItem, OrderedList } from '@tiptap/extension-list'
import Paragraph from '@tiptap/extension-paragraph'
import { TableKit } from '@tiptap/extension-table'
import { Placeholder } from '@tiptap/extensions'
import { Markdown, MarkdownManager } from '@tiptap/markdown'
import type { Node as ProseMirrorNode } from '@tiptap/pm/model'
import StarterKit from '@tiptap/starter-kit'
import { EmbedNode } from '#app/features/editor/rich/embed.ts'

/** Headings a writer makes (H1 is the post's title); other levels in existing content are kept. */
export const WRITER_HEADING_LEVELS = [2, 3, 4] as const

/**
 * Line starts that would begin another block when the Markdown is read again (a paragraph "1986. A
 * year" would become a list): their marker is backslash-escaped, as CommonMark allows.
 */
const BLOCK_START = [
  /^(\s*)(#{1,6})(?=\s|$)/, // ATX heading
  /^(\s*)([-+])(?=\s)/, // bullet (* is escaped inline already)
  /^(\s*\d{1,9})([.)])(?=\s|$)/, // ordered list
  /^(\s*)(>)/, // quote
  /^(\s*)(=+)(?=\s*$)/, // setext underline
  /^(\s*)(\|)/, // table row
]

export function escapeBlockStarts(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => {
      for (const pattern of BLOCK_START) {
        if (pattern.test(line))
          return line.replace(pattern, (_all, lead: string, marker: string) => `${lead}\\${marker}`)
      }
      return line
    })
    .join('\n')
}

/**
 * Text written back as Markdown: the characters that would start emphasis, code, links or
 * strikethrough are escaped (as @tiptap/markdown does), `_` only where it could open or close
 * emphasis (not inside snake_case), and `<` only where it could start HTML or an autolink. `&` and
 * `>` stay as they are (TipTap's default writes `&amp;` and `&gt;`, which is noise in Markdown mode).
 */
export function escapeMarkdownText(text: string): string {
  const word = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c)
  return text.replace(/[\\`*[\]~_]|<(?=[A-Za-z/!?])/g, (c, offset: number) =>
    c === '_' && word(text[offset - 1]) && word(text[offset + 1]) ? c : `\\${c}`,
  )
}

type Manager = {
  codeTypes: Set<string>
  htmlAsLiteralText: (html: string, isBlock: boolean) => unknown
}

/**
 * markdown-it renders raw HTML as text (`html: false`), so the editor reads it as text too, never
 * as markup: `<b>x</b>` in a post stays visible characters, and pasted HTML cannot bring elements.
 */
const proto = MarkdownManager.prototype as unknown as Record<string, unknown>
proto.parseHTMLToken = function parseHTMLToken(this: Manager, token: { raw?: string; text?: string; block?: boolean }) {
  const html = token.raw || token.text || ''
  return html.trim() ? this.htmlAsLiteralText(html, !!token.block) : null
}
proto.encodeTextForMarkdown = function encodeTextForMarkdown(
  this: Manager,
  text: string,
  node: { marks?: ({ type: string } | string)[] },
  parentNode?: { type?: string },
) {
  const inCode =
    (parentNode?.type != null && this.codeTypes.has(parentNode.type)) ||
    (node.marks ?? []).some((m) => this.codeTypes.has(typeof m === 'string' ? m : m.type))
  return inCode ? text : escapeMarkdownText(text)
}

/** `![alt](src "title")` with the characters that would end alt or title escaped. */
export function imageMarkdown(attrs: { src?: string | null; alt?: string | null; title?: string | null }): string {
  const alt = (attrs.alt ?? '').replace(/([\\[\]])/g, '\\$1')
  const src = attrs.src ?? ''
  const target = /[\s()<>]/.test(src) ? `<${src}>` : src
  const title = attrs.title ? ` "${attrs.title.replace(/(["\\])/g, '\\$1')}"` : ''
  return `![${alt}](${target}${title})`
}

/** Pictures the admin page may load (its CSP: this site, data: and blob:); others wait for the save's import. */
const LOCAL_IMAGE = /^(?:\/(?!\/)|data:image\/|blob:)/i

/**
 * An image shown as the public page shows it: a figure with its caption (title, else alt). A
 * picture from another site is not requested (the CSP and issue 32: no outside requests); it is
 * named instead, and the server imports it when the post is saved (docs/decisions/023).
 */
function imageView({ node }: { node: ProseMirrorNode }) {
  const dom = document.createElement('figure')
  dom.className = 'rich-figure'
  const draw = (n: ProseMirrorNode) => {
    const { src, alt, title } = n.attrs as { src: string; alt: string | null; title: string | null }
    dom.replaceChildren()
    if (LOCAL_IMAGE.test(src ?? '')) {
      const img = document.createElement('img')
      img.src = src
      img.alt = alt ?? ''
      dom.append(img)
    } else {
      const note = document.createElement('div')
      note.className = 'rich-outside-image'
      let host = src
      try {
        host = new URL(src).host
      } catch {}
      note.textContent = `Image from ${host}: copied to this site when you save`
      dom.append(note)
    }
    const caption = title || alt
    if (caption) {
      const figcaption = document.createElement('figcaption')
      figcaption.textContent = caption
      dom.append(figcaption)
    }
  }
  draw(node)
  return {
    dom,
    update: (next: ProseMirrorNode) => {
      if (next.type !== node.type) return false
      draw(next)
      return true
    },
  }
}

/**
 * The rich editor's schema: what our Markdown renderer (common/markdown.ts, markdown-it) shows.
 * Markdown is read by @tiptap/markdown (marked) and written back; where the two readers differ
 * the editor is brought in line with markdown-it (docs/decisions/051).
 */
export function richExtensions(
  options: { placeholder?: string; extra?: Extensions; embedView?: NodeViewRenderer } = {},
): Extensions {
  return [
    StarterKit.configure({
      heading: false,
      listItem: false,
      paragraph: false,
      orderedList: false,
      link: { openOnClick: false, autolink: true, linkOnPaste: true, defaultProtocol: 'https' },
      underline: false,
    }),
    Heading.extend({
      addKeyboardShortcuts() {
        return Object.fromEntries(
          WRITER_HEADING_LEVELS.map((level) => [
            `Mod-Alt-${level}`,
            () => this.editor.commands.toggleHeading({ level }),
          ]),
        )
      },
      addInputRules() {
        return WRITER_HEADING_LEVELS.map((level) =>
          textblockTypeInputRule({
            find: new RegExp(`^(#{2,${level}})\\s$`),
            type: this.type,
            getAttributes: { level },
          }),
        )
      },
    }).configure({ levels: [1, 2, 3, 4, 5, 6] }),
    Paragraph.extend({
      renderMarkdown(node, h, ctx) {
        const parent = this.parent as ((...args: unknown[]) => string) | undefined
        return escapeBlockStarts(parent?.(node, h, ctx) ?? '')
      },
    }),
    // TipTap's own ordered-list reader also takes "a." and "No." as list markers; markdown-it
    // (CommonMark) does not, so marked's CommonMark list reader is used instead.
    OrderedList.extend({
      markdownTokenizer: { name: 'orderedList', level: 'block', start: () => -1, tokenize: () => undefined },
    }),
    // markdown-it has no task lists: "- [ ] x" is an item whose text starts with "[ ] ".
    ListItem.extend({
      parseMarkdown(token, helpers) {
        const parent = this.parent as NonNullable<typeof this.parent>
        if (!token.task || !Array.isArray(token.tokens)) return parent(token, helpers)
        const box = `[${token.checked ? 'x' : ' '}] `
        const tokens = token.tokens.filter((t) => t.type !== 'checkbox')
        const first = tokens[0]
        if (first?.type === 'text' || first?.type === 'paragraph') {
          tokens[0] = { ...first, tokens: [{ type: 'text', raw: box, text: box }, ...(first.tokens ?? [])] }
        } else tokens.unshift({ type: 'text', raw: box, text: box, tokens: [{ type: 'text', raw: box, text: box }] })
        return parent({ ...token, task: false, tokens }, helpers)
      },
    }),
    Image.extend({
      renderMarkdown: (node) => imageMarkdown(node.attrs ?? {}),
      addNodeView: () => imageView,
    }).configure({
      allowBase64: true,
      inline: false,
    }),
    TableKit.configure({ table: { resizable: false } }),
    // The card is a React view (embed-card.tsx), given by the editor component; without it the
    // node is drawn by renderHTML, which the Markdown tests need no more than.
    EmbedNode(options.embedView),
    Markdown.configure({ indentation: { style: 'space', size: 2 } }),
    ...(options.extra ?? []),
    ...(options.placeholder ? [Placeholder.configure({ placeholder: options.placeholder })] : []),
  ]
}

/** The editor's Markdown: no blank lines before the first block or after the last. */
export function editorMarkdown(editor: { getMarkdown: () => string }): string {
  return editor.getMarkdown().replace(/^\n+/, '').trimEnd()
}

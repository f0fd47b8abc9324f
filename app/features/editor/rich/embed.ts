import { type Editor, Node, type NodeViewRenderer } from '@tiptap/core'
import { MarkdownManager } from '@tiptap/markdown'
import { TextSelection } from '@tiptap/pm/state'
import { embedLink, parseEmbedUrl } from '#common/embeds.ts'

/**
 * Embeds in the rich editor (issue 32, docs/decisions/054): a YouTube or X address on a line of its
 * own is a card in the public page, so here it is one block, `embed`, whose Markdown is that line.
 */

type MarkedToken = { type: string; raw: string; href?: string; text?: string; tokens?: MarkedToken[] }

/**
 * The address a top-level paragraph holds when it is a lone embed, as common/markdown.ts decides: one
 * bare URL or one `<…>` autolink that parseEmbedUrl accepts. A written `[text](url)` link is the
 * writer's choice of a link and stays one.
 */
export function loneEmbedUrl(token: MarkedToken): string | null {
  if (token.type !== 'paragraph' || token.tokens?.length !== 1) return null
  const [link] = token.tokens
  if (link?.type !== 'link' || !link.href) return null
  // `www.…` is linkified with an added `http://`; the editor writes it back as the link it reads.
  const bare = link.raw === link.href || link.raw === `<${link.href}>`
  return bare && parseEmbedUrl(link.href) ? link.href : null
}

/**
 * Only top-level paragraphs become embeds (an address in a list or a quote is a link on the public
 * page), and the manager's token walker does not say how deep it is, so the top-level tokens are
 * rewritten where the whole document is lexed: the first parseTokens call of a parse.
 */
const proto = MarkdownManager.prototype as unknown as Record<string, unknown> & { embedTop?: boolean }
const parse = proto.parse as (this: typeof proto, markdown: string) => unknown
const parseTokens = proto.parseTokens as (this: typeof proto, tokens: MarkedToken[], implicit?: boolean) => unknown
proto.parse = function parseWithEmbeds(this: typeof proto, markdown: string) {
  this.embedTop = true
  try {
    return parse.call(this, markdown)
  } finally {
    this.embedTop = false
  }
}
proto.parseTokens = function parseTokensWithEmbeds(this: typeof proto, tokens: MarkedToken[], implicit?: boolean) {
  if (!this.embedTop) return parseTokens.call(this, tokens, implicit)
  this.embedTop = false
  const mapped = tokens.map((token) => {
    const url = loneEmbedUrl(token)
    return url ? { type: 'embed', raw: token.raw, href: url } : token
  })
  return parseTokens.call(this, mapped, implicit)
}

/**
 * The address to store for one a writer pastes or types: as given when it reads back as an embed,
 * else the canonical address of the same video or post (a trailing dot in a query would end the
 * linkified URL early, and the public page would show a link). Null when it is not an embed.
 */
export function embedUrlFor(text: string, parseMarkdown: (markdown: string) => unknown): string | null {
  const url = text.trim()
  const embed = parseEmbedUrl(url)
  if (!embed) return null
  const doc = parseMarkdown(url) as { content?: { type: string; attrs?: { url?: string } }[] }
  const [only, ...rest] = doc.content ?? []
  return only?.type === 'embed' && rest.length === 0 && only.attrs?.url === url ? url : embedLink(embed)
}

/** A YouTube video or X post: one block, selected and deleted whole, written as its address alone. */
export function EmbedNode(view?: NodeViewRenderer) {
  return Node.create({
    name: 'embed',
    group: 'block',
    atom: true,
    selectable: true,
    draggable: false,
    addAttributes: () => ({ url: { default: '' } }),
    parseHTML: () => [{ tag: 'div[data-embed-url]', getAttrs: (el) => ({ url: el.getAttribute('data-embed-url') }) }],
    renderHTML: ({ node }) => ['div', { 'data-embed-url': node.attrs.url }, node.attrs.url],
    renderText: ({ node }) => node.attrs.url,
    markdownTokenName: 'embed',
    parseMarkdown: (token) => ({ type: 'embed', attrs: { url: String(token.href ?? '') } }),
    renderMarkdown: (node: { attrs?: { url?: string } }) => node.attrs?.url ?? '',
    ...(view ? { addNodeView: () => view } : {}),
  })
}

/** True when the cursor stands on an empty top-level paragraph: the line an embed may take. */
export function onEmptyLine(editor: Editor): boolean {
  const { selection } = editor.state
  const { $from } = selection
  return (
    selection.empty && $from.depth === 1 && $from.parent.type.name === 'paragraph' && $from.parent.content.size === 0
  )
}

/**
 * Puts the card for `text` on the current line; false when `text` is not a YouTube or X address.
 * An empty line is replaced by the card; a line with text is split where the cursor is. The cursor
 * goes to the line after the card (a new one if none): left on the card, typing would replace it.
 */
export function insertEmbed(editor: Editor, text: string): boolean {
  const url = embedUrlFor(text, (markdown) => editor.markdown?.parse(markdown))
  if (!url) return false
  return editor
    .chain()
    .focus()
    .insertContent({ type: 'embed', attrs: { url } })
    .command(({ tr, state }) => {
      const after = tr.selection.to
      if (!tr.doc.nodeAt(after)?.isTextblock) tr.insert(after, state.schema.node('paragraph'))
      tr.setSelection(TextSelection.create(tr.doc, after + 1))
      return true
    })
    .run()
}

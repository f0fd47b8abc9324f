// @vitest-environment happy-dom
import type { Editor } from '@tiptap/core'
import { describe, expect, test } from 'vitest'
import { embedUrlFor, insertEmbed, onEmptyLine } from '#app/features/editor/rich/embed.ts'
import { editorMarkdown } from '#app/features/editor/rich/extensions.ts'
import { renderMarkdown } from '#common/markdown.ts'
import { richEditorLoader } from '#tests/helpers/rich-editor.ts'

/** Issue 32: an embed is a card in the rich editor, and its Markdown stays the address on its own line. */
const load = richEditorLoader()
const blocks = (editor: Editor) => editor.getJSON().content?.map((n) => n.type)
const embedUrls = (editor: Editor) =>
  (editor.getJSON().content ?? []).filter((n) => n.type === 'embed').map((n) => n.attrs?.url)

const YOUTUBE_T = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90'
const X_STATUS = 'https://x.com/jack/status/20'

describe('Markdown → rich editor → Markdown', () => {
  const documents: Record<string, { markdown: string; embeds: string[] }> = {
    'a YouTube address with a start time': { markdown: `Before.\n\n${YOUTUBE_T}\n\nAfter.`, embeds: [YOUTUBE_T] },
    'an x.com status': { markdown: `## Said on X\n\n${X_STATUS}`, embeds: [X_STATUS] },
    'two embeds in a row, short and shorts forms': {
      markdown: 'https://youtu.be/dQw4w9WgXcQ?t=1m30s\n\nhttps://www.youtube.com/shorts/abcdefghijk',
      embeds: ['https://youtu.be/dQw4w9WgXcQ?t=1m30s', 'https://www.youtube.com/shorts/abcdefghijk'],
    },
    'an address with underscores and dashes is written as read, not escaped': {
      markdown: 'https://twitter.com/some_user/status/1234567890123456789\n\nhttps://youtu.be/a_b-c_d-e_f',
      embeds: ['https://twitter.com/some_user/status/1234567890123456789', 'https://youtu.be/a_b-c_d-e_f'],
    },
    'a written link to a video stays a link': {
      markdown: `[${YOUTUBE_T}](${YOUTUBE_T})\n\n[Watch it](https://youtu.be/dQw4w9WgXcQ)`,
      embeds: [],
    },
    'an address in a list, a quote or code stays text': {
      markdown: `- [${X_STATUS}](${X_STATUS})\n\n> [${X_STATUS}](${X_STATUS})\n\n\`\`\`\n${X_STATUS}\n\`\`\``,
      embeds: [],
    },
  }
  for (const [name, { markdown, embeds }] of Object.entries(documents)) {
    test(`${name}: the same bytes come back, with the cards the public page shows`, () => {
      const editor = load(markdown)
      expect(embedUrls(editor)).toEqual(embeds)
      const written = editorMarkdown(editor)
      expect(written).toBe(markdown)
      expect(renderMarkdown(written).match(/class="md-embed /g) ?? []).toHaveLength(embeds.length)
      // A second trip (what a second save does) is the same again.
      expect(editorMarkdown(load(written))).toBe(markdown)
    })
  }

  test('a bare address in a list or a quote stays a link (its normal form), not a card', () => {
    const editor = load(`- ${X_STATUS}\n\n> ${X_STATUS}`)
    expect(blocks(editor)).toEqual(['bulletList', 'blockquote'])
    expect(editorMarkdown(editor)).toBe(`- [${X_STATUS}](${X_STATUS})\n\n> [${X_STATUS}](${X_STATUS})`)
  })

  test('an address inside a sentence stays text with a link in it', () => {
    const editor = load(`Watch ${YOUTUBE_T} before reading.`)
    expect(blocks(editor)).toEqual(['paragraph'])
    expect(editorMarkdown(editor)).toBe(`Watch [${YOUTUBE_T}](${YOUTUBE_T}) before reading.`)
  })

  test('a lone address that is not a video or post stays a paragraph (the normal form of a bare link)', () => {
    const editor = load('Read on.\n\nhttps://example.com/watch?v=dQw4w9WgXcQ\n\nhttps://x.com/i/status/20')
    expect(blocks(editor)).toEqual(['paragraph', 'paragraph', 'paragraph'])
    expect(editorMarkdown(editor)).toBe(
      'Read on.\n\n[https://example.com/watch?v=dQw4w9WgXcQ](https://example.com/watch?v=dQw4w9WgXcQ)\n\n[https://x.com/i/status/20](https://x.com/i/status/20)',
    )
  })

  test('an autolink `<…>` is a card too, written back as the bare address (the same card)', () => {
    const editor = load('<https://youtu.be/dQw4w9WgXcQ>')
    expect(embedUrls(editor)).toEqual(['https://youtu.be/dQw4w9WgXcQ'])
    expect(editorMarkdown(editor)).toBe('https://youtu.be/dQw4w9WgXcQ')
  })

  test('a card inserted by the writer is written as its address on a line of its own', () => {
    const editor = load('First.\n\nLast.')
    editor
      .chain()
      .setTextSelection(editor.state.doc.child(0).nodeSize)
      .insertContent({ type: 'embed', attrs: { url: X_STATUS } })
      .run()
    expect(editorMarkdown(editor)).toBe(`First.\n\n${X_STATUS}\n\nLast.`)
  })
})

describe('embedUrlFor', () => {
  const parse = (markdown: string) => load('').markdown?.parse(markdown)

  test('keeps an address as given when it reads back as the same card', () => {
    expect(embedUrlFor(`  ${YOUTUBE_T}\n`, (m) => parse(m))).toBe(YOUTUBE_T)
    expect(embedUrlFor(X_STATUS, (m) => parse(m))).toBe(X_STATUS)
  })

  test('writes the canonical address when the given one would not read back as a card', () => {
    // The linkifier ends the URL before a trailing dot, so the line would be a link and a dot.
    expect(embedUrlFor('https://www.youtube.com/watch?t=90&v=dQw4w9WgXcQ&x=.', (m) => parse(m))).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90s',
    )
  })

  test('refuses what is not a YouTube video or an X post', () => {
    for (const text of ['https://example.com', 'https://x.com/i/status/20', 'not a url', ''])
      expect(embedUrlFor(text, (m) => parse(m))).toBeNull()
  })
})

describe('insertEmbed', () => {
  test('an empty line becomes the card', () => {
    const editor = load('First.\n\n\n\nLast.')
    expect(blocks(editor)).toEqual(['paragraph', 'paragraph', 'paragraph'])
    editor.commands.setTextSelection(editor.state.doc.child(0).nodeSize + 1)
    expect(onEmptyLine(editor)).toBe(true)
    expect(insertEmbed(editor, YOUTUBE_T)).toBe(true)
    expect(blocks(editor)).toEqual(['paragraph', 'embed', 'paragraph'])
    // Typing goes on after the card, not over it.
    editor.commands.insertContent('Then. ')
    expect(editorMarkdown(editor)).toBe(`First.\n\n${YOUTUBE_T}\n\nThen. Last.`)
  })

  test('a card on the last line is followed by a new line to type on', () => {
    const editor = load('First.')
    editor.chain().setTextSelection(7).enter().run()
    expect(insertEmbed(editor, X_STATUS)).toBe(true)
    editor.commands.insertContent('After.')
    expect(editorMarkdown(editor)).toBe(`First.\n\n${X_STATUS}\n\nAfter.`)
  })

  test('a line with text or inside a list is not an empty line; an address that is no embed is refused', () => {
    const editor = load('First.\n\n- item')
    editor.commands.setTextSelection(2)
    expect(onEmptyLine(editor)).toBe(false)
    expect(insertEmbed(editor, 'https://example.com/video')).toBe(false)
    expect(editorMarkdown(editor)).toBe('First.\n\n- item')
  })
})

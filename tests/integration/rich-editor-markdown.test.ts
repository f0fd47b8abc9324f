// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { editorMarkdown, escapeMarkdownText } from '#app/features/editor/rich/extensions.ts'
import { renderMarkdown } from '#common/markdown.ts'
import { htmlToMarkdown, processPaste } from '#common/paste.ts'
import { samplePosts } from '#server/db/sample-posts.ts'
import { richEditorLoader } from '#tests/helpers/rich-editor.ts'

/**
 * Issue 32: Markdown → rich editor → Markdown keeps every post as it was, or brings it to the
 * normal form listed in docs/decisions/051 (which renders the same and is stable).
 */
const load = richEditorLoader()
const roundTrip = (markdown: string) => editorMarkdown(load(markdown))

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

/** Constructs of common/markdown.ts (markdown-it, linkify) that come back byte for byte. */
const UNCHANGED: Record<string, string> = {
  headings: '# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six',
  emphasis: 'Plain *italic* **bold** ***both*** `code` ~~struck~~ and snake_case_name.',
  links: 'A [link](https://example.com) and a [titled one](/blog/post "Title") and [mail](mailto:a@b.co).',
  bullets: '- one\n- two\n  - nested\n  - nested two\n    - deeper\n- three',
  ordered: '1. one\n2. two\n3. three',
  'ordered with start': '7. seven\n8. eight\n   1. inner',
  'list item with a paragraph': '1. a\n2. b\n\n   more of b\n3. c',
  quote: '> A quote\n> on two lines\n>\n> and a second paragraph',
  'quote with list': '> - a\n> - b',
  'code block with language': '```ts\nconst a = 1 < 2 && b\n```',
  'code block': '```\nplain *not em*\n```',
  rule: 'Above\n\n---\n\nBelow',
  'image with caption': '![A chart](/images/chart.png "Completion by format")',
  'image without caption': '![A chart](/images/chart.png)',
  'image inline in text': 'Before ![icon](/images/i.png) after',
  'data image': `![pasted](${PNG})`,
  'hard break': 'line one  \nline two',
  escapes: '\\*not emphasis\\* and \\_not\\_ and \\`not code\\` and \\[not a link\\]',
  'block-start escapes': '\\# not a heading\n\n\\- not a list\n\n1986\\. A fine year\n\n\\> not a quote',
  'words that look like markers': 'No. It works.\n\nA. Smith wrote it.',
  'raw html shown as text': 'The \\<video> tag and AT&T and 1 < 2 > 0',
  entities: 'Copyright &copy; 2026',
}

/** Input → the editor's normal form (docs/decisions/051). */
const NORMAL: Record<string, [input: string, normal: string]> = {
  'bare URL (linkify)': [
    'See https://example.com/page for more',
    'See [https://example.com/page](https://example.com/page) for more',
  ],
  autolink: ['<https://example.com>', '[https://example.com](https://example.com)'],
  'star bullets': ['* a\n* b', '- a\n- b'],
  'plus bullets': ['+ a\n+ b', '- a\n- b'],
  'underscore emphasis': ['_it_ and __bold__', '*it* and **bold**'],
  'backslash hard break': ['one\\\ntwo', 'one  \ntwo'],
  'setext heading': ['Title\n=====\n\nSub\n---', '# Title\n\n## Sub'],
  'indented code': ['    code line', '```\ncode line\n```'],
  'tilde fence': ['~~~\ncode\n~~~', '```\ncode\n```'],
  'other rules': ['***\n\n___', '---\n\n---'],
  'raw html tag': ['<b>bold</b>', '\\<b>bold\\</b>'],
  'decoded entity': ['AT&amp;T', 'AT&T'],
  'task list (text in markdown-it)': ['- [ ] todo\n- [x] done', '- \\[ \\] todo\n- \\[x\\] done'],
  table: ['| a | b |\n|:--|--:|\n| 1 | 2 |', '| a | b |\n| :--- | ---: |\n| 1 | 2 |'],
  'trailing newline': ['text\n', 'text'],
}
/** Normal forms that render differently: loose lists become tight (no <p> in each item). */
const RENDERS_DIFFERENTLY: Record<string, [input: string, normal: string]> = {
  'loose list': ['- a\n\n- b', '- a\n- b'],
}

describe('Markdown → editor → Markdown', () => {
  for (const [name, markdown] of Object.entries(UNCHANGED)) {
    test(`unchanged: ${name}`, () => {
      expect(roundTrip(markdown)).toBe(markdown)
    })
  }
  for (const [name, [input, normal]] of Object.entries({ ...NORMAL, ...RENDERS_DIFFERENTLY })) {
    test(`normal form: ${name}`, () => {
      const out = roundTrip(input)
      // The table's column widths are padded; compare it without them.
      if (name === 'table') expect(out.replace(/ +/g, ' ')).toBe(normal.replace(/ +/g, ' '))
      else expect(out).toBe(normal)
      expect(roundTrip(out)).toBe(out)
      if (!(name in RENDERS_DIFFERENTLY)) expect(renderMarkdown(out)).toBe(renderMarkdown(input))
    })
  }
  test('every sample post comes back unchanged', () => {
    for (const post of samplePosts) {
      expect(roundTrip(post.content), post.slug).toBe(post.content.trimEnd())
    }
  })
  test('a large data: image survives byte for byte among other content', () => {
    const big = `data:image/png;base64,${'iVBORw0KGgo'.repeat(2000)}AAAA==`
    const markdown = `## Shot\n\nText before.\n\n![screen](${big} "A screenshot")\n\nText after.`
    expect(roundTrip(markdown)).toBe(markdown)
  })
  test('the text escaper leaves intraword underscores and lone < alone', () => {
    expect(escapeMarkdownText('snake_case _x_ a < b <b>')).toBe('snake_case \\_x\\_ a < b \\<b>')
  })
})

describe('paste', () => {
  const HOSTILE = `<h2>Title part</h2><p onclick="alert(1)">Hello <b>world</b> and
    <a href="javascript:alert(2)">a bad link</a> and <a href="https://ok.example/">a good one</a>.</p>
    <script>alert(3)</script><img src="x" onerror="alert(4)" alt="x"><img src="https://ok.example/a.png" alt="fine">
    <svg onload="alert(5)"><circle r="1"/></svg><iframe srcdoc="&lt;script&gt;alert(7)&lt;/script&gt;"></iframe>
    <p style="color:red">&lt;script&gt;alert(6)&lt;/script&gt; typed as text</p>
    <ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul>`

  test('HTML with scripts and handlers leaves nothing executable, in the editor or on the page', () => {
    const { markdown } = htmlToMarkdown(HOSTILE)
    const editor = load('')
    editor.commands.insertContent(markdown, { contentType: 'markdown' })
    const stored = editorMarkdown(editor)
    const html = renderMarkdown(stored)
    for (const out of [editor.view.dom.innerHTML, html]) {
      expect(out).not.toMatch(/<script/i)
      expect(out).not.toMatch(/<(?:iframe|svg)/i)
      expect(out).not.toMatch(/\son\w+\s*=/i)
      expect(out).not.toMatch(/href="javascript:/i)
    }
    expect(stored).toContain('**world**')
    expect(stored).toContain('[a good one](https://ok.example/)')
    expect(stored).toContain('![fine](https://ok.example/a.png)')
    expect(stored).toMatch(/- one\n- two\n {2}- nested/)
  })

  test('a Google-Docs-like paste keeps headings, nested lists, links, bold and images', () => {
    const html = `<meta charset="utf-8"><b style="font-weight:normal" id="docs-internal-guid-1"><h1 dir="ltr"><span style="font-size:20pt">Launch notes</span></h1>
      <h2 dir="ltr"><span>What changed</span></h2><p dir="ltr"><span style="font-weight:700">Bold claim</span><span> and a </span><a href="https://example.com/x"><span style="text-decoration:underline">link</span></a><span>.</span></p>
      <ul><li dir="ltr"><p><span>First point</span></p></li><li dir="ltr"><p><span>Second</span></p><ul><li><p><span>Nested</span></p></li></ul></li></ul>
      <p><span><img src="https://lh3.example/pic.png" alt="Team photo"></span></p></b>`
    const result = processPaste({
      text: 'Launch notes\nWhat changed\nBold claim and a link, which is long enough to be treated as a real paste.\nFirst point\nSecond\nNested',
      html,
      current: { title: '', slug: '', excerpt: '' },
    })
    expect(result).not.toBeNull()
    const editor = load('')
    editor.commands.insertContent(result?.markdown ?? '', { contentType: 'markdown' })
    const stored = editorMarkdown(editor)
    expect(stored).toContain('## What changed')
    expect(stored).toContain('**Bold claim**')
    expect(stored).toContain('[link](https://example.com/x)')
    expect(stored).toMatch(/- First point\n- Second\n {2}- Nested/)
    expect(stored).toContain('![Team photo](https://lh3.example/pic.png)')
  })
})

import { describe, expect, test } from 'vitest'
import { extractFaq, markdownToText, renderMarkdown } from '#common/markdown.ts'

describe('renderMarkdown', () => {
  test('renders headings 1-4, bold, italic, bullet lists and paragraphs split on blank lines', () => {
    const html = renderMarkdown(
      '# One\n\n## Two\n\n### Three\n\n#### Four\n\n**bold** and *italic*\n\n- a\n- b\n\nlast',
    )
    for (const tag of [
      '<h1>One</h1>',
      '<h2>Two</h2>',
      '<h3>Three</h3>',
      '<h4>Four</h4>',
      '<strong>bold</strong>',
      '<em>italic</em>',
      '<li>a</li>',
      '<p>last</p>',
    ]) {
      expect(html).toContain(tag)
    }
  })

  test('opens links in a new tab with rel noopener noreferrer', () => {
    expect(renderMarkdown('[site](https://example.com)')).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">site</a>',
    )
  })

  test('turns an image on its own line into a figure with a caption', () => {
    const html = renderMarkdown('![A chart](/images/chart.png "Completion by format")')
    expect(html).toContain(
      '<figure class="md-figure"><img src="/images/chart.png" alt="A chart" loading="lazy" decoding="async"><figcaption>Completion by format</figcaption></figure>',
    )
  })

  test('escapes raw HTML: script tags and event handlers never come through', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n<a href="#" onclick="x()">y</a>',
    )
    // No real tag carries an event handler, and no script element exists (the text is escaped).
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/<[a-z][^>]*\son\w+=/i)
    expect(html).not.toMatch(/<img src=x/i)
    expect(html).toContain('&lt;script&gt;')
  })

  test('drops javascript:, vbscript: and data: links', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
    ]) {
      expect(renderMarkdown(`[x](${url})`)).not.toContain('href=')
    }
    expect(renderMarkdown('![x](javascript:alert(1))')).not.toContain('<img')
  })

  test('keeps embedded data images', () => {
    expect(renderMarkdown('![pic](data:image/png;base64,iVBORw0KGgo=)')).toContain(
      'src="data:image/png;base64,iVBORw0KGgo="',
    )
  })

  test('survives broken markdown', () => {
    expect(() => renderMarkdown('**unclosed [link](\n\n#######\n\n- ')).not.toThrow()
  })
})

test('markdownToText gives the plain text', () => {
  expect(markdownToText('## Title\n\nSome **bold** & [link](/x).')).toBe('Title Some bold & link.')
})

describe('extractFaq', () => {
  test('reads question headings with their answers under an FAQ section', () => {
    const faq = extractFaq(
      [
        '## Why it works',
        '',
        '### What is a quest?',
        '',
        'Not in the FAQ section.',
        '',
        '## Frequently asked questions',
        '',
        '### Does rewarded video only work in games?',
        '',
        'No. It works **anywhere** people watch video.',
        '',
        '- on the web',
        '- in apps',
        '',
        '### A heading that is not a question',
        '',
        'Ignored.',
        '',
        '### How long should it be?',
        '',
        'About 30 seconds.',
        '',
        '### Is there an answer?',
        '',
        '## Next steps',
        '',
        '### Is this still the FAQ?',
        '',
        'No.',
      ].join('\n'),
    )
    expect(faq).toEqual([
      {
        question: 'Does rewarded video only work in games?',
        answer: 'No. It works anywhere people watch video. on the web in apps',
      },
      { question: 'How long should it be?', answer: 'About 30 seconds.' },
    ])
  })

  test('finds nothing in a post without an FAQ section', () => {
    expect(extractFaq('## Why?\n\nBecause.\n\n### How?\n\nLike this.')).toEqual([])
  })
})

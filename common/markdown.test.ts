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

describe('embeds (issue 32): a YouTube or X address on a line of its own', () => {
  const ID = 'dQw4w9WgXcQ'

  test.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `<https://youtu.be/${ID}>`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/embed/${ID}`,
    `https://m.youtube.com/watch?v=${ID}&feature=share`,
  ])('%s becomes a YouTube card with a plain link and a hidden play button', (line) => {
    const html = renderMarkdown(`Intro.\n\n${line}\n\nOutro.`)
    expect(html).toContain(
      `<div class="md-embed md-embed-youtube" data-embed="youtube" data-embed-src="https://www.youtube-nocookie.com/embed/${ID}?autoplay=1&amp;rel=0" data-embed-title="YouTube video">`,
    )
    expect(html).toContain(
      `<a class="md-embed-link" href="https://www.youtube.com/watch?v=${ID}" target="_blank" rel="noopener noreferrer">Watch on YouTube</a>`,
    )
    expect(html).toContain('<button type="button" class="md-embed-play" data-embed-play hidden>')
    expect(html).toContain('<p>Intro.</p>')
    expect(html).toContain('<p>Outro.</p>')
    // Nothing in the card asks another host for anything: no image, no frame, no script.
    expect(html).not.toMatch(/<(?:img|iframe|script)\b/)
    expect(html).not.toContain('ytimg')
  })

  test('a start time reaches the link and the player', () => {
    const html = renderMarkdown(`https://youtu.be/${ID}?t=1m30s`)
    expect(html).toContain(
      `data-embed-src="https://www.youtube-nocookie.com/embed/${ID}?autoplay=1&amp;rel=0&amp;start=90"`,
    )
    expect(html).toContain(`href="https://www.youtube.com/watch?v=${ID}&amp;t=90s"`)
  })

  test.each([
    'https://x.com/jack/status/20',
    'https://twitter.com/jack/status/20',
    'https://mobile.twitter.com/jack/status/20?s=21',
    '<https://x.com/jack/status/20>',
  ])('%s becomes an X card naming the author', (line) => {
    const html = renderMarkdown(line)
    expect(html).toBe(
      '<div class="md-embed md-embed-x" data-embed="x" data-embed-src="https://platform.twitter.com/embed/Tweet.html?id=20&amp;dnt=true" data-embed-title="Post by @jack on X">' +
        '<div class="md-embed-stage"><span class="md-embed-mark" aria-hidden="true">𝕏</span>' +
        '<button type="button" class="md-embed-play" data-embed-play hidden>Show the post, loads X</button>' +
        '<a class="md-embed-link" href="https://x.com/jack/status/20" target="_blank" rel="noopener noreferrer">Post by @jack on X</a>' +
        '</div></div>\n',
    )
  })

  test.each([
    [`Watch https://youtu.be/${ID} today.`, 'inside a sentence'],
    [`[My talk](https://youtu.be/${ID})`, 'as a written link with its own text'],
    [`[https://youtu.be/${ID}](https://youtu.be/${ID})`, 'as a written link'],
    [`- https://youtu.be/${ID}`, 'in a list'],
    [`> https://youtu.be/${ID}`, 'in a quote'],
    [`https://youtu.be/${ID}\nhttps://x.com/jack/status/20`, 'with another line in its paragraph'],
    [`**https://youtu.be/${ID}**`, 'in bold'],
  ])('%s stays a link (%s)', (source) => {
    const html = renderMarkdown(source)
    expect(html).not.toContain('md-embed')
    expect(html).toContain(`href="https://youtu.be/${ID}"`)
  })

  test.each([
    [`\`https://youtu.be/${ID}\``, 'a code span'],
    [`    https://youtu.be/${ID}`, 'an indented code block'],
    [`\`\`\`\nhttps://youtu.be/${ID}\n\`\`\``, 'a fenced code block'],
  ])('%s stays code (%s)', (source) => {
    const html = renderMarkdown(source)
    expect(html).not.toContain('md-embed')
    expect(html).not.toContain('href=')
    expect(html).toContain(`<code>https://youtu.be/${ID}`)
  })

  test.each([
    'https://youtu.be/abc"onmouseover="x',
    'https://www.youtube.com/watch?v=%22%3E%3Cscript%3Ealert(1)%3C/script%3E',
    'https://x.com/jack/status/20"><script>alert(1)</script>',
    'https://x.com/<img src=x onerror=alert(1)>/status/20',
    'https://www.youtube.com/watch?v=dQw4w9WgXc%22',
  ])('an odd id is refused: %s is no card, and nothing of it runs', (line) => {
    const html = renderMarkdown(line)
    expect(html).not.toContain('md-embed')
    expect(html).not.toMatch(/<script/i)
    expect(html).not.toMatch(/<[a-z][^>]*\son\w+=/i)
  })

  test('feeds and text get the plain link the writer wrote, never the card', () => {
    const source = `Before.\n\nhttps://youtu.be/${ID}\n\n<https://x.com/jack/status/20>\n\nAfter.`
    expect(renderMarkdown(source, { embeds: 'link' })).toBe(
      `<p>Before.</p>\n<p><a href="https://youtu.be/${ID}" target="_blank" rel="noopener noreferrer">https://youtu.be/${ID}</a></p>\n` +
        '<p><a href="https://x.com/jack/status/20" target="_blank" rel="noopener noreferrer">https://x.com/jack/status/20</a></p>\n<p>After.</p>\n',
    )
    const text = markdownToText(source)
    expect(text).toBe(`Before. https://youtu.be/${ID} https://x.com/jack/status/20 After.`)
    expect(text).not.toMatch(/Watch on YouTube|Play video|Show the post|Post by/)
  })

  test('an FAQ answer holding an embed reads as its address', () => {
    const faq = extractFaq(`## FAQ\n\n### Is there a video?\n\nYes:\n\nhttps://youtu.be/${ID}`)
    expect(faq).toEqual([{ question: 'Is there a video?', answer: `Yes: https://youtu.be/${ID}` }])
  })
})

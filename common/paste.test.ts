import { describe, expect, test } from 'vitest'
import {
  CAMERA,
  cleanText,
  EXCERPT_SENTENCE_SHARE,
  excerptFromText,
  hideDataImages,
  htmlToMarkdown,
  PASTE_CLEANED_MESSAGE,
  PASTE_DETECTED_MESSAGE,
  PASTE_EXCERPT_MAX,
  PASTE_MIN_LENGTH,
  PASTE_SLUG_MAX,
  PASTE_TOAST_TITLE,
  plainTextToMarkdown,
  processPaste,
  restoreDataImages,
  shouldProcessPaste,
  TITLE_LINE_MAX,
  titleFromText,
  unicodeStylesToMarkdown,
} from '#common/paste.ts'

const empty = { title: '', slug: '', excerpt: '' }

test('the spec numbers: over 100 characters, title under 100, slug up to 60, excerpt up to 160, 70%', () => {
  expect([PASTE_MIN_LENGTH, TITLE_LINE_MAX, PASTE_SLUG_MAX, PASTE_EXCERPT_MAX, EXCERPT_SENTENCE_SHARE]).toEqual([
    100, 100, 60, 160, 0.7,
  ])
  expect([PASTE_TOAST_TITLE, PASTE_DETECTED_MESSAGE, PASTE_CLEANED_MESSAGE]).toEqual([
    'Content Processed!',
    'Detected headers and formatting from your pasted content',
    'Content pasted and cleaned up',
  ])
})

describe('shouldProcessPaste', () => {
  test('processes only text longer than 100 characters', () => {
    expect(shouldProcessPaste('x'.repeat(100))).toBe(false)
    expect(shouldProcessPaste('x'.repeat(101))).toBe(true)
  })
  test('a paste of exactly 100 characters is left to the browser', () => {
    expect(processPaste({ text: 'a'.repeat(100), current: empty })).toBeNull()
  })
})

test('cleanText normalises line endings, invisible characters, spaces and blank lines', () => {
  expect(cleanText('  Hello\u00a0world\u200b  \r\n\r\n\r\n\r\nNext   line\t here  \n')).toBe(
    'Hello world\n\nNext line here',
  )
})

describe('plainTextToMarkdown', () => {
  test.each([
    [
      'a short line followed by a longer paragraph becomes a heading',
      'Why rewarded video works\nViewers choose to watch, so they pay attention until the very end of the ad.',
      '## Why rewarded video works\n\nViewers choose to watch, so they pay attention until the very end of the ad.',
      true,
    ],
    [
      'bullets and numbers become markdown lists',
      'We saw three things.\n• Higher completion\n● More claims\n– Better recall\n1) First\n2) Second',
      'We saw three things.\n\n- Higher completion\n- More claims\n- Better recall\n1. First\n2. Second',
      true,
    ],
    [
      'plain paragraphs stay paragraphs and report no formatting',
      'This is the first paragraph, which ends properly.\nThis is the second one, also complete.',
      'This is the first paragraph, which ends properly.\n\nThis is the second one, also complete.',
      false,
    ],
  ])('%s', (_title, text, markdown, detected) => {
    const result = plainTextToMarkdown(text)
    expect(result.markdown).toBe(markdown)
    expect(result.detected).toBe(detected)
  })

  test('a short line without closing punctuation followed by a list becomes a heading', () => {
    expect(plainTextToMarkdown('What we measured\n• Completion\n• Claims').markdown).toBe(
      '## What we measured\n\n- Completion\n- Claims',
    )
    expect(plainTextToMarkdown('We measured this:\n• Completion').markdown).toBe('We measured this:\n\n- Completion')
  })

  test('a line in capitals and a setext-underlined line become headings', () => {
    expect(plainTextToMarkdown('KEY RESULTS\nShort.').markdown).toBe('## KEY RESULTS\n\nShort.')
    expect(plainTextToMarkdown('Results\n=======\nThey were good.').markdown).toBe('## Results\n\nThey were good.')
  })

  test('Unicode bold and italic letters become markdown emphasis', () => {
    expect(unicodeStylesToMarkdown('This is 𝗯𝗼𝗹𝗱 𝘁𝗲𝘅𝘁 and 𝘪𝘵𝘢𝘭𝘪𝘤 words')).toEqual({
      text: 'This is **bold text** and *italic* words',
      bold: true,
      italic: true,
    })
    expect(plainTextToMarkdown('A sentence with 𝐁𝐨𝐥𝐝 in it, long enough to be a paragraph.').detected).toBe(true)
  })

  test('a short "Label:" lead-in becomes bold', () => {
    expect(plainTextToMarkdown('Key takeaway: brands that reward attention get more of it.').markdown).toBe(
      '**Key takeaway:** brands that reward attention get more of it.',
    )
  })
})

describe('htmlToMarkdown', () => {
  test('converts headings, bold, italic, lists, links and images', () => {
    const { markdown, detected } = htmlToMarkdown(
      '<h1>Big News</h1><p>Some <strong>bold</strong> and <em>italic</em> text with a <a href="https://example.com/a">link</a>.</p>' +
        '<ul><li>One</li><li>Two</li></ul><ol><li>First</li><li>Second</li></ol><p><img src="/images/a.png" alt="Chart"></p>',
    )
    expect(markdown).toBe(
      '# Big News\n\nSome **bold** and *italic* text with a [link](https://example.com/a).\n\n- One\n- Two\n\n1. First\n2. Second\n\n![Chart](/images/a.png)',
    )
    expect(detected).toBe(true)
  })

  test('understands Google Docs: the non-bold wrapper, styled spans and redirect links', () => {
    const html =
      '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1"><p dir="ltr"><span style="font-weight:700;">Strong</span> and <span style="font-style:italic;">slanted</span> <a href="https://www.google.com/url?q=https://vidquest.io/x&amp;sa=D">site</a></p></b>'
    expect(htmlToMarkdown(html).markdown).toBe('**Strong** and *slanted* [site](https://vidquest.io/x)')
  })

  test('understands Word list paragraphs', () => {
    const html =
      '<p class=MsoListParagraphCxSpFirst style="mso-list:l0 level1 lfo1"><span style="mso-list:Ignore">·<span>&nbsp;&nbsp;</span></span>Apples</p>' +
      '<p class=MsoListParagraphCxSpLast style="mso-list:l0 level1 lfo1"><span style="mso-list:Ignore">·<span>&nbsp;</span></span>Pears</p>'
    expect(htmlToMarkdown(html).markdown).toBe('- Apples\n- Pears')
  })

  test('drops scripts, styles and images from unsafe sources', () => {
    const { markdown } = htmlToMarkdown(
      '<style>p{color:red}</style><script>alert(1)</script><p>Text</p><img src="file:///C:/x.png" alt="local"><img src="javascript:alert(1)">',
    )
    expect(markdown).toBe('Text')
  })
})

describe('titleFromText', () => {
  test('takes the first line under 100 characters that does not end with a period', () => {
    expect(titleFromText('This first line is a full sentence.\n## A Real Title\nBody text.')).toBe('A Real Title')
  })
  test('a line of 99 characters qualifies, one of 100 does not', () => {
    expect(titleFromText(`${'a'.repeat(99)}`)).toBe('a'.repeat(99))
    expect(titleFromText(`${'b'.repeat(100)}\nShort one`)).toBe('Short one')
  })
  test('skips list items and images, and strips markdown', () => {
    expect(titleFromText('![x](/a.png)\n- item\n**Bold [title](/x)**')).toBe('Bold title')
    expect(titleFromText('Only sentences here.\nAnd here.')).toBeNull()
  })
})

describe('excerptFromText', () => {
  test('keeps text of 160 characters or fewer whole', () => {
    const text = 'w'.repeat(160)
    expect(excerptFromText(text)).toBe(text)
  })

  test('cuts at a sentence end when it falls after 70% of 160 (112 characters)', () => {
    const first = `${'a'.repeat(112)}.` // ends at character 113
    const text = `${first} ${'b '.repeat(60)}`
    expect(excerptFromText(text)).toBe(first)
  })

  test('cuts at a word with an ellipsis when the last sentence end is at or before 112', () => {
    const first = `${'a'.repeat(111)}.` // ends at character 112: not after 70%
    const text = `${first} ${'word '.repeat(20)}`
    const excerpt = excerptFromText(text)
    expect(excerpt.endsWith('...')).toBe(true)
    expect(excerpt.length).toBeLessThanOrEqual(160)
    expect(excerpt).toBe(`${first} ${'word '.repeat(8)}word...`)
  })

  test('uses whole words and stays within 160 characters when there is no sentence end', () => {
    const excerpt = excerptFromText('lorem ipsum dolor '.repeat(20))
    expect(excerpt.length).toBeLessThanOrEqual(160)
    expect(excerpt).toMatch(/^(lorem ipsum dolor )*lorem( ipsum( dolor)?)?\.\.\.$/)
  })
})

describe('processPaste', () => {
  const article =
    'Rewarded Video Is Eating Display\nBrands are moving budgets from banners to rewarded video because viewers opt in. Completion rates pass 90%, and the claim step captures consented first-party data.\n• Higher completion\n• Better recall'

  test('plain text: converts, and fills empty title, slug and excerpt', () => {
    const result = processPaste({ text: article, current: empty })
    expect(result).toEqual({
      markdown:
        '## Rewarded Video Is Eating Display\n\nBrands are moving budgets from banners to rewarded video because viewers opt in. Completion rates pass 90%, and the claim step captures consented first-party data.\n\n- Higher completion\n- Better recall',
      detected: true,
      message: 'Detected headers and formatting from your pasted content',
      title: 'Rewarded Video Is Eating Display',
      slug: 'rewarded-video-is-eating-display',
      excerpt:
        'Brands are moving budgets from banners to rewarded video because viewers opt in. Completion rates pass 90%, and the claim step captures consented first-party...',
    })
  })

  test('never overwrites fields that already have a value', () => {
    const result = processPaste({ text: article, current: { title: 'Mine', slug: 'mine', excerpt: 'Mine too' } })
    expect(result).not.toHaveProperty('title')
    expect(result).not.toHaveProperty('slug')
    expect(result).not.toHaveProperty('excerpt')
  })

  test('a typed title still gives the slug when only the slug is empty', () => {
    expect(processPaste({ text: article, current: { title: 'My Own Title', slug: '', excerpt: 'x' } })?.slug).toBe(
      'my-own-title',
    )
  })

  test('HTML on the clipboard wins over its plain text', () => {
    const html = `<h2>Launch Day</h2><p>${'Some text. '.repeat(12)}</p><ul><li><b>Fast</b></li></ul>`
    const result = processPaste({ text: `Launch Day\n${'Some text. '.repeat(12)}\nFast`, html, current: empty })
    expect(result?.markdown.startsWith('## Launch Day\n\nSome text.')).toBe(true)
    expect(result?.markdown.endsWith('- **Fast**')).toBe(true)
    expect(result?.title).toBe('Launch Day')
  })

  test('markdown stays as it is', () => {
    const md = `## Already Markdown\n\n${'Text with **bold**. '.repeat(8)}`
    expect(processPaste({ text: md, current: empty })?.markdown).toBe(md.trim())
  })

  test('plain prose without formatting reports that it was only cleaned', () => {
    const prose = `${'This is a calm sentence without any structure at all. '.repeat(3)}`
    expect(processPaste({ text: prose, current: empty })).toMatchObject({
      detected: false,
      message: 'Content pasted and cleaned up',
    })
  })

  test('plain text with some **bold** still gets its headings found (issue 11 §7)', () => {
    const text = [
      'WHY REWARDS WORK',
      'Viewers who choose to watch stay to the end. That is **the whole point** of a rewarded video quest for a brand.',
      'Measuring success',
      'Count completions, claims and store visits after each claim, then compare them with your display campaigns.',
    ].join('\n')
    const result = processPaste({ text, current: empty })
    expect(result?.markdown).toContain('## WHY REWARDS WORK')
    expect(result?.markdown).toContain('## Measuring success')
    expect(result?.markdown).toContain('**the whole point**')
    expect(result?.message).toBe('Detected headers and formatting from your pasted content')
  })

  test('the toast says what was found: headings only, formatting only', () => {
    const headingsOnly = `Launch Day Plans\n${'A plain sentence about the launch that goes on for a while. '.repeat(3)}`
    expect(processPaste({ text: headingsOnly, current: empty })?.message).toBe(
      'Detected headers from your pasted content',
    )
    const boldOnly = `${'A plain sentence about the launch that goes on. '.repeat(2)}It has **one bold phrase** and ends here.`
    expect(processPaste({ text: boldOnly, current: empty })?.message).toBe(
      'Detected formatting from your pasted content',
    )
  })
})

describe('data images', () => {
  const png =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg=='
  const content = `Intro\n\n![A chart](${png} "Caption")\n\nMiddle ![](${png}) end`

  test('are shown as camera-marked placeholders', () => {
    const { text, images } = hideDataImages(content)
    expect(text).toBe(`Intro\n\n![${CAMERA} A chart](data-image:1)\n\nMiddle ![${CAMERA} image 2](data-image:2) end`)
    expect(images.map((i) => i.index)).toEqual([1, 2])
  })

  test('are restored byte for byte when the placeholders are untouched', () => {
    const { text, images } = hideDataImages(content)
    expect(restoreDataImages(`${text}\n\nMore text.`, images)).toBe(`${content}\n\nMore text.`)
  })

  test('keep an edited alt text and drop a deleted placeholder', () => {
    const { text, images } = hideDataImages(content)
    const edited = text.replace(`${CAMERA} A chart`, `${CAMERA} Completion chart`).replace(/Middle.*$/, 'Middle')
    expect(restoreDataImages(edited, images)).toBe(`Intro\n\n![Completion chart](${png})\n\nMiddle`)
  })

  test('numbering can continue from an earlier set', () => {
    expect(hideDataImages(`![x](${png})`, 3).text).toBe(`![${CAMERA} x](data-image:3)`)
  })
})

import { describe, expect, test } from 'vitest'
import { checkSeo, readingEaseBand, type SeoInput, scoreLabel, seoScore } from '#common/seo-check.ts'

const chars = (n: number) => 'x'.repeat(n)
/** n words of one syllable, as one sentence ending with a full stop. */
const sentence = (n: number) => `${Array.from({ length: n }, () => 'cat').join(' ')}.`

const paragraphOf = (sentences: number) => Array.from({ length: sentences }, () => sentence(11)).join(' ')

/** A post every check calls good: the base the edge tests change one field of. */
const goodPost: SeoInput = {
  title: 'Cat care basics: a short guide for new owners', // 46
  slug: 'cat-care-basics-guide',
  excerpt: `${chars(100)} cat care for new owners.`, // 125
  content: [
    `Cat care starts with food. ${paragraphOf(12)}`,
    '## Why cat care matters',
    `${paragraphOf(13)} See [our guide](/blog/cats) and [the vet page](https://vets.example.org/cats).`,
    '### Food',
    `![A grey cat eating](/images/cat.png) ${paragraphOf(4)}`,
  ].join('\n\n'),
  focusKeyword: 'cat care',
  siteUrl: 'https://blog.example.com',
}

const run = (change: Partial<SeoInput>) => checkSeo({ ...goodPost, ...change })
const check = (change: Partial<SeoInput>, id: string) => run(change).checks.find((c) => c.id === id)
const status = (change: Partial<SeoInput>, id: string) => check(change, id)?.status

/** A length check's bands: empty is a problem, below `min` or above `max` wants improving, between is good. */
function lengthBands(field: 'title' | 'excerpt', id: string, min: number, max: number) {
  test.each([
    [0, 'problem'],
    [min - 1, 'improve'],
    [min, 'good'],
    [max, 'good'],
    [max + 1, 'improve'],
  ])('%i characters → %s', (n, expected) => {
    expect(status({ [field]: chars(n) }, id)).toBe(expected)
  })
}

test('a post that follows every rule scores 100 with every check good', () => {
  const result = checkSeo(goodPost)
  expect(result.checks.filter((c) => c.status !== 'good')).toEqual([])
  expect(result.score).toBe(100)
  expect(result.checks.map((c) => c.id)).toEqual([
    'title-length',
    'excerpt-length',
    'keyword-in-title',
    'keyword-in-slug',
    'keyword-in-first-paragraph',
    'keyword-in-subheading',
    'single-h1',
    'heading-order',
    'image-alt',
    'internal-link',
    'external-link',
    'text-length',
    'paragraph-length',
    'sentence-length',
    'reading-ease',
  ])
})

describe('title length: 30–60 characters', () => {
  lengthBands('title', 'title-length', 30, 60)

  test('counts characters, not UTF-16 units, and tells the writer what to do', () => {
    expect(status({ title: '😀'.repeat(30) }, 'title-length')).toBe('good')
    expect(check({ title: chars(29) }, 'title-length')?.message).toBe(
      'The title is 29 characters; make it at least 30, so it says enough in search results.',
    )
    expect(check({ title: chars(61) }, 'title-length')?.message).toMatch(/61 characters; .*shorten it/)
  })
})

describe('excerpt (meta description) length: 120–160 characters', () => {
  lengthBands('excerpt', 'excerpt-length', 120, 160)
})

describe('focus keyword', () => {
  test('without one, a single check asks to set one and no keyword check runs', () => {
    const ids = run({ focusKeyword: '  ' }).checks.map((c) => c.id)
    expect(ids.filter((id) => id.includes('keyword'))).toEqual(['focus-keyword'])
    expect(check({ focusKeyword: undefined }, 'focus-keyword')).toMatchObject({
      status: 'improve',
      message: expect.stringMatching(/^Set a focus keyword/),
    })
  })

  test('is matched without case, as whole words only', () => {
    expect(status({ focusKeyword: 'CAT  CARE' }, 'keyword-in-title')).toBe('good')
    expect(status({ title: 'Cat careers: a short guide for new owners' }, 'keyword-in-title')).toBe('improve')
  })

  test('is looked for in the slug as a whole slug part', () => {
    expect(status({ slug: 'basics-cat-care' }, 'keyword-in-slug')).toBe('good')
    expect(status({ slug: 'cat-cares-guide' }, 'keyword-in-slug')).toBe('improve')
  })

  test('is looked for in the first paragraph and in a subheading', () => {
    const content = 'Food first.\n\nCat care later.\n\n## Food\n\nText.'
    expect(status({ content }, 'keyword-in-first-paragraph')).toBe('improve')
    expect(status({ content }, 'keyword-in-subheading')).toBe('improve')
    expect(status({ content: 'Cat care.\n\n### About cat care' }, 'keyword-in-subheading')).toBe('good')
  })
})

describe('headings', () => {
  test('an H1 in the text is a problem: the title is the H1', () => {
    expect(status({ content: '# Big\n\nText.' }, 'single-h1')).toBe('problem')
    expect(status({ content: 'Big\n===\n\nText.' }, 'single-h1')).toBe('problem')
    expect(check({ content: '# Big\n\nText.' }, 'single-h1')?.message).toContain('make it “## …”')
    expect(status({ content: '## Section\n\nText.' }, 'single-h1')).toBe('good')
  })

  test('a skipped level is named with the level to use', () => {
    expect(check({ content: '## A\n\n#### B' }, 'heading-order')).toMatchObject({
      status: 'improve',
      message: '“B” is an H4 after an H2: make it an H3 (###) so no level is skipped.',
    })
    expect(status({ content: '### First' }, 'heading-order')).toBe('improve')
    expect(status({ content: '## A\n\n### B\n\n## C\n\n### D' }, 'heading-order')).toBe('good')
  })
})

describe('image alt text', () => {
  test('an image with empty alt text is a problem', () => {
    expect(check({ content: '![](/a.png) and ![ok](/b.png)' }, 'image-alt')).toMatchObject({
      status: 'problem',
      message: expect.stringMatching(/^1 image of 2 has no alt text/),
    })
  })

  test('unless the post gives it alt text or marks it decorative (alt "")', () => {
    expect(status({ content: '![](/a.png)', imageAlts: { '/a.png': '' } }, 'image-alt')).toBe('good')
    expect(status({ content: '![](/a.png)', imageAlts: { '/a.png': 'A cat' } }, 'image-alt')).toBe('good')
    expect(status({ content: '![](/a.png)', imageAlts: { '/b.png': '' } }, 'image-alt')).toBe('problem')
  })
})

describe('links', () => {
  test('relative links and links to the site host are internal; others are external', () => {
    expect(status({ content: '[a](https://blog.example.com/blog/x)' }, 'internal-link')).toBe('good')
    expect(status({ content: '[a](https://blog.example.com/blog/x)' }, 'external-link')).toBe('improve')
    expect(status({ content: '[a](/blog/x)' }, 'internal-link')).toBe('good')
    expect(status({ content: '[a](https://other.example/x)' }, 'internal-link')).toBe('improve')
    expect(status({ content: '[a](https://other.example/x)' }, 'external-link')).toBe('good')
  })

  test('mail links, same-page anchors and protocol-relative links count as neither internal', () => {
    const content = '[m](mailto:a@b.c) [h](#top) [p](//cdn.example/x)'
    expect(status({ content }, 'internal-link')).toBe('improve')
    expect(status({ content: '[m](mailto:a@b.c) [h](#top)' }, 'external-link')).toBe('improve')
  })
})

describe('text, paragraph and sentence length', () => {
  const words = (n: number) => Array.from({ length: n }, () => 'cat').join(' ')

  test.each([
    [0, 'problem'],
    [299, 'improve'],
    [300, 'good'],
  ])('%i words of text → %s', (n, expected) => {
    // Paragraphs of at most 100 words, so only the length check moves.
    const content = Array.from({ length: Math.ceil(n / 100) }, (_, i) => words(Math.min(100, n - i * 100))).join('\n\n')
    expect(status({ content }, 'text-length')).toBe(expected)
  })

  test('an embed card (issue 32) counts as its address, one word, never its button or title text', () => {
    const content = `${words(298)}\n\nhttps://youtu.be/dQw4w9WgXcQ\n\nhttps://x.com/jack/status/20`
    // 298 words and two addresses: the cards' 'Watch on YouTube', 'Play video, loads YouTube' and
    // 'Post by @jack on X' would have made it far more than 300.
    expect(check({ content }, 'text-length')?.message).toBe('The text has 300 words.')
    expect(status({ content }, 'external-link')).toBe('good')
  })

  test.each([
    [150, 'good'],
    [151, 'improve'],
  ])('a paragraph of %i words → %s', (n, expected) => {
    expect(status({ content: words(n) }, 'paragraph-length')).toBe(expected)
  })

  test('more than 25 % of sentences over 20 words asks to shorten them', () => {
    // 1 of 4 sentences over 20 words = 25 %: fine. 2 of 7 = 29 %: too many. 20 words is not long.
    const quarter = [sentence(21), sentence(5), sentence(5), sentence(5)].join(' ')
    expect(status({ content: quarter }, 'sentence-length')).toBe('good')
    const over = [sentence(21), sentence(21), ...Array.from({ length: 5 }, () => sentence(5))].join(' ')
    expect(check({ content: over }, 'sentence-length')).toMatchObject({
      status: 'improve',
      message: expect.stringMatching(/^29 % of sentences have more than 20 words/),
    })
    expect(status({ content: [sentence(20), sentence(20)].join(' ') }, 'sentence-length')).toBe('good')
  })

  test('with no text, the readability checks ask for some instead of passing', () => {
    const checks = run({ content: '' }).checks
    for (const id of ['paragraph-length', 'sentence-length', 'reading-ease']) {
      expect(checks.find((c) => c.id === id)?.status).toBe('improve')
    }
  })
})

describe('Flesch reading ease (English)', () => {
  test.each([
    [100, 'good', 'very easy to read'],
    [60, 'good', 'plain English'],
    [59.9, 'improve', 'fairly difficult to read'],
    [30, 'improve', 'difficult to read'],
    [29.9, 'problem', 'very difficult to read'],
  ])('%d is %s (%s)', (score, expectedStatus, band) => {
    expect(readingEaseBand(score)).toEqual({ status: expectedStatus, band })
  })

  test('short words in short sentences are easy; long words in one long sentence are not', () => {
    expect(check({ content: 'The cat sat on the mat. It was warm.' }, 'reading-ease')).toMatchObject({
      status: 'good',
      message: 'Flesch reading ease 100 (English): very easy to read.',
    })
    const hard =
      'Organizational interdependencies necessitate comprehensive institutional considerations regarding ' +
      'administrative responsibilities and individualized professional documentation.'
    expect(check({ content: hard }, 'reading-ease')).toMatchObject({
      status: 'problem',
      message: expect.stringMatching(/^Flesch reading ease 0 \(English\): very difficult to read\. Use shorter/),
    })
  })
})

describe('score', () => {
  test('good = 1, improve = 0.5, problem = 0, averaged × 100 and rounded', () => {
    expect(seoScore([{ status: 'good' }, { status: 'improve' }, { status: 'problem' }])).toBe(50)
    expect(seoScore([{ status: 'good' }, { status: 'good' }, { status: 'improve' }])).toBe(83)
    expect(seoScore([])).toBe(0)
  })

  test('fixing a too-short title raises the score by half a check', () => {
    // 15 checks: one 'improve' costs 0.5 / 15 = 3.3 points.
    expect(run({ title: `Cat care ${chars(20)}` }).score).toBe(97)
    expect(run({ title: `Cat care ${chars(21)}` }).score).toBe(100)
  })

  test.each([
    [80, 'Good'],
    [79, 'Needs work'],
    [50, 'Needs work'],
    [49, 'Poor'],
  ])('a score of %i reads "%s"', (score, label) => {
    expect(scoreLabel(score).label).toBe(label)
  })
})

import { describe, expect, test } from 'vitest'
import { cleanAltText, featuredImageAlt, suggestedAltText } from '#common/alt-text.ts'
import { ALT_MAX } from '#common/limits.ts'

describe('cleanAltText', () => {
  test('drops the "Image of" lead-in and capitalizes what is left', () => {
    expect(cleanAltText('Image of a purple square on white')).toBe('A purple square on white')
    expect(cleanAltText('A photo showing two phones side by side.')).toBe('Two phones side by side.')
    expect(cleanAltText('"Alt text: chart of weekly views"')).toBe('Chart of weekly views')
    expect(cleanAltText(' "Image of" ')).toBe('')
  })

  test('keeps a description that does not start with a lead-in', () => {
    expect(cleanAltText('Imagery of the launch event stage')).toBe('Imagery of the launch event stage')
  })

  test('joins lines', () => {
    expect(cleanAltText('A red square\non a white page')).toBe('A red square on a white page')
  })
})

describe('suggestedAltText (issue 27 §10)', () => {
  test('plain text within ALT_MAX is the alt text, cleaned', () => {
    expect(suggestedAltText('Image of a purple square on white')).toEqual({ ok: true, alt: 'A purple square on white' })
    expect(suggestedAltText('Two phones, side by side (one shows a reward).')).toMatchObject({ ok: true })
    expect(suggestedAltText('x'.repeat(ALT_MAX))).toMatchObject({ ok: true })
  })

  test.each([
    ['{"alt": "A red square"}', 'a JSON object'],
    ['[ "A red square" ]', 'a JSON list'],
    ['```\nA red square\n```', 'a code fence'],
    ['A `red` square', 'inline code'],
    ['<img alt="A red square">', 'HTML'],
    ['A <b>red</b> square', 'HTML inside a sentence'],
    ['![A red square](/images/a.png)', 'a markdown image'],
    ['A red [square](https://example.com)', 'a markdown link'],
    ['## A red square', 'a heading'],
    ['- A red square\n- On white', 'a list'],
    ['A **red** square', 'emphasis'],
  ])('%j (%s) is refused as not plain', (raw) => {
    expect(suggestedAltText(raw)).toEqual({ ok: false, reason: 'not-plain' })
  })

  test('an answer longer than ALT_MAX once cleaned is refused, not cut', () => {
    expect(suggestedAltText(`A ${'very '.repeat(60)}long line`)).toEqual({ ok: false, reason: 'too-long' })
  })

  test('an answer that is only a lead-in is empty', () => {
    expect(suggestedAltText(' "Image of" ')).toEqual({ ok: false, reason: 'empty' })
  })
})

describe('featuredImageAlt', () => {
  const post = { title: 'Launch day', featuredImage: '/images/a.png', imageAlts: {} as Record<string, string> }
  test("the writer's alt text, '' kept as decorative, else the title", () => {
    expect(featuredImageAlt({ ...post, imageAlts: { '/images/a.png': 'A crowd at the stage' } })).toBe(
      'A crowd at the stage',
    )
    expect(featuredImageAlt({ ...post, imageAlts: { '/images/a.png': '' } })).toBe('')
    expect(featuredImageAlt({ ...post, imageAlts: { '/images/b.png': 'Another' } })).toBe('Launch day')
  })
})

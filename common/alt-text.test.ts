import { describe, expect, test } from 'vitest'
import { cleanAltText, featuredImageAlt } from '#common/alt-text.ts'
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

  test('joins lines and cuts a long answer at a word, within ALT_MAX', () => {
    const long = `A ${'very '.repeat(80)}long line`
    const cleaned = cleanAltText(`${long}\nsecond line`)
    expect(cleaned.length).toBeLessThanOrEqual(ALT_MAX)
    expect(cleaned.endsWith('very')).toBe(true)
    expect(cleaned).not.toContain('\n')
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

import { describe, expect, test } from 'vitest'
import { planOf } from '#app/features/social/social-text.ts'
import * as channels from '#common/channels.ts'

const LINK = 'https://example.com/s/Ab12Cd34?utm_source=x'

describe('planOf: what the counter shows is what the server keeps', () => {
  test('one post: the text, a space and the link, counted as the network counts', () => {
    const plan = planOf(channels, 'threads', { text: '  Hello  ', asThread: false, linkAt: 'last' }, LINK)
    expect(plan.parts).toEqual([`Hello ${LINK}`])
    expect(plan).toMatchObject({ used: 6 + LINK.length, limit: 500, fits: true, hookFits: true })
  })

  test('Mastodon counts a link as 23', () => {
    const plan = planOf(channels, 'mastodon', { text: 'Hi', asThread: false, linkAt: 'last' }, LINK)
    expect(plan.used).toBe(2 + 1 + 23)
  })

  test('LinkedIn: over 3,000 does not fit, and a long first paragraph does not fit before see more', () => {
    const long = planOf(
      channels,
      'linkedin',
      { text: `Hook.\n\n${'a '.repeat(1600)}`, asThread: false, linkAt: 'last' },
      LINK,
    )
    expect(long).toMatchObject({ fits: false, hookFits: true, limit: 3000 })
    const hook = planOf(
      channels,
      'linkedin',
      { text: `${'word '.repeat(50)}\n\nRest.`, asThread: false, linkAt: 'last' },
      LINK,
    )
    expect(hook).toMatchObject({ fits: false, hookFits: false })
  })

  test('LinkedIn ignores asThread (it has no threads): one part', () => {
    const plan = planOf(channels, 'linkedin', { text: 'Short.', asThread: true, linkAt: 'first' }, LINK)
    expect(plan.parts).toHaveLength(1)
  })

  test('a thread: numbered parts that each fit, the link in the part chosen', () => {
    const text = ['One. '.repeat(60), 'Two. '.repeat(60), 'Three. '.repeat(40)].join('\n\n')
    const last = planOf(channels, 'threads', { text, asThread: true, linkAt: 'last' }, LINK)
    expect(last.parts.length).toBeGreaterThan(1)
    expect(last.fits).toBe(true)
    for (const [i, part] of last.parts.entries()) expect(part.endsWith(` ${i + 1}/${last.parts.length}`)).toBe(true)
    expect(last.parts.at(-1)).toContain(LINK)
    const first = planOf(channels, 'threads', { text, asThread: true, linkAt: 'first' }, LINK)
    expect(first.parts[0]).toContain(LINK)
    expect(first.parts.at(-1)).not.toContain(LINK)
  })
})

import { describe, expect, test } from 'vitest'
import { CHANNEL_RULES, CHANNELS, type Channel, checkText, isChannel, splitThread } from '#common/channels.ts'

const LINK = 'https://vidquest.io/s/Ab3dE9z'
const LONG_LINK = `https://vidquest.io/blog/${'a-very-long-slug-'.repeat(6)}end`
const count = (channel: Channel, text: string) => CHANNEL_RULES[channel].count(text)

describe('each network counts as it does itself', () => {
  test('X: twitter-text weights, a link is 23', () => {
    expect(count('x', LONG_LINK)).toBe(23)
    expect(count('x', '🎮')).toBe(2)
    expect(CHANNEL_RULES.x.limit).toBe(280)
  })

  test('Bluesky: 300 graphemes; an emoji with its modifiers is one, a link counts as its text', () => {
    expect(count('bluesky', '👩🏽‍💻')).toBe(1)
    expect(count('bluesky', 'é')).toBe(1)
    expect(count('bluesky', LONG_LINK)).toBe(LONG_LINK.length)
    expect(checkText('bluesky', 'a'.repeat(300)).fits).toBe(true)
    expect(checkText('bluesky', 'a'.repeat(301)).fits).toBe(false)
  })

  test('Mastodon: 500 characters, any link counts 23', () => {
    expect(count('mastodon', `Read ${LONG_LINK} now`)).toBe(5 + 23 + 4)
    expect(checkText('mastodon', 'a'.repeat(476), LONG_LINK)).toMatchObject({ used: 500, fits: true })
    expect(checkText('mastodon', 'a'.repeat(477), LONG_LINK).fits).toBe(false)
  })

  test('Threads: 500 characters, the link as its text', () => {
    expect(checkText('threads', 'a'.repeat(500 - LINK.length - 1), LINK)).toMatchObject({ used: 500, fits: true })
    expect(checkText('threads', 'a'.repeat(500 - LINK.length), LINK).fits).toBe(false)
  })

  test("LinkedIn: 3,000 characters, and the hook must show before 'see more' (~210)", () => {
    expect(checkText('linkedin', 'a'.repeat(3_000)).fits).toBe(true)
    expect(checkText('linkedin', 'a'.repeat(3_001)).fits).toBe(false)
    expect(checkText('linkedin', `A short hook.\n\n${'More. '.repeat(100)}`).hookFits).toBe(true)
    expect(checkText('linkedin', `${'A hook that runs on '.repeat(12)}\n\nMore.`).hookFits).toBe(false)
    expect(checkText('x', 'Hello').hookFits).toBeNull()
  })

  test('the channel names are the five of the issue', () => {
    expect(CHANNELS).toEqual(['x', 'linkedin', 'bluesky', 'mastodon', 'threads'])
    expect(isChannel('bluesky')).toBe(true)
    expect(isChannel('myspace')).toBe(false)
    expect(CHANNELS.map((c) => CHANNEL_RULES[c].label)).toEqual(['X', 'LinkedIn', 'Bluesky', 'Mastodon', 'Threads'])
  })
})

const STORY = [
  'Rewarded video turns a viewer into a participant. The viewer chooses to watch, and the brand earns attention it did not have to interrupt for.',
  'Completion rates above 90% are common, because the reward is the reason to stay. Interstitials cannot say that: their viewers wait for the close button.',
  'For a brand, the question is what happens after the reward. A landing page that keeps the promise of the ad turns the claim into a customer.',
  'Measure it end to end: views, claims, visits and leads. Then put the budget where the leads come from, not where the impressions are cheapest.',
].join('\n\n')

describe('a long text as a thread', () => {
  test.each(['x', 'bluesky', 'mastodon', 'threads'] as const)(
    '%s: every part fits, numbered, no word cut',
    (channel) => {
      const parts = splitThread(channel, STORY.repeat(channel === 'x' || channel === 'bluesky' ? 1 : 3))
      expect(parts.length).toBeGreaterThan(1)
      parts.forEach((part, i) => {
        expect(checkText(channel, part).fits).toBe(true)
        expect(part.endsWith(` ${i + 1}/${parts.length}`)).toBe(true)
      })
      // Joined again, the words are the text's words in order: nothing lost, nothing cut.
      const words = parts.flatMap((p) => p.replace(/ \d+\/\d+$/, '').split(/\s+/))
      expect(words.join(' ')).toBe(
        STORY.repeat(channel === 'x' || channel === 'bluesky' ? 1 : 3)
          .split(/\s+/)
          .join(' '),
      )
    },
  )

  test('parts break at sentence ends when a paragraph is too long for one post', () => {
    const paragraph = STORY.replace(/\n\n/g, ' ')
    const parts = splitThread('x', paragraph, { numbered: false })
    expect(parts.length).toBeGreaterThan(2)
    for (const part of parts) expect(part).toMatch(/[.!?]$/)
    expect(parts.join(' ')).toBe(paragraph)
  })

  test('a text that fits stays one post, without a number', () => {
    expect(splitThread('bluesky', 'One short post.', { link: { url: LINK, at: 'last' } })).toEqual([
      `One short post. ${LINK}`,
    ])
  })

  test('the tracked link goes in the part the writer chose, and that part still fits', () => {
    const first = splitThread('x', STORY, { link: { url: LONG_LINK, at: 'first' } })
    expect(first[0]).toContain(LONG_LINK)
    expect(first.slice(1).some((p) => p.includes(LONG_LINK))).toBe(false)
    const last = splitThread('bluesky', STORY, { link: { url: LINK, at: 'last' } })
    expect(last.at(-1)).toContain(LINK)
    expect(last.slice(0, -1).some((p) => p.includes(LINK))).toBe(false)
    for (const part of [...first, ...last]) expect(checkText(part === first[0] ? 'x' : 'bluesky', part).fits).toBe(true)
  })

  test('ten parts or more get two-digit numbers and still fit', () => {
    const parts = splitThread('x', STORY.repeat(4))
    expect(parts.length).toBeGreaterThanOrEqual(10)
    expect(parts.at(-1)).toMatch(new RegExp(` ${parts.length}/${parts.length}$`))
    for (const part of parts) expect(checkText('x', part).fits).toBe(true)
  })

  test('LinkedIn has no threads: the text comes back whole, and the check refuses it when too long', () => {
    const long = 'Word '.repeat(700).trim()
    expect(splitThread('linkedin', long)).toEqual([long])
    expect(checkText('linkedin', long).fits).toBe(false)
  })
})

import { describe, expect, test } from 'vitest'
import {
  applyContentEvent,
  createLineSplitter,
  emptyDraft,
  parseEventLine,
  readContentEvents,
  type StreamDraft,
  wordCount,
} from '#app/features/ai/content-stream.ts'
import type { ContentStreamEvent, GeneratedContent } from '#common/contract/ai.ts'

const post: GeneratedContent = {
  title: 'Rewarded Video for Brands',
  excerpt: 'Why viewers stay to the end.',
  content: '## Why\n\nBecause they chose to watch.',
  category: 'market-trends',
  tags: ['video', 'gen z', 'rewards'],
}

function bodyOf(chunks: Array<string | Uint8Array>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk)
      controller.close()
    },
  })
}

async function collect(body: ReadableStream<Uint8Array>) {
  const events: ContentStreamEvent[] = []
  for await (const event of readContentEvents(body)) events.push(event)
  return events
}

describe('line splitter', () => {
  test('keeps an unfinished line until its newline arrives', () => {
    const lines = createLineSplitter()
    expect(lines.push('{"a":1}\n{"b"')).toEqual(['{"a":1}'])
    expect(lines.push(':2}\n')).toEqual(['{"b":2}'])
    expect(lines.flush()).toEqual([])
  })

  test('gives the last line on flush when the stream ended without a newline', () => {
    const lines = createLineSplitter()
    expect(lines.push('{"a":1}')).toEqual([])
    expect(lines.flush()).toEqual(['{"a":1}'])
  })
})

describe('event lines', () => {
  test('parses the events of the contract', () => {
    expect(parseEventLine('{"type":"delta","text":"Hi"}')).toEqual({ type: 'delta', text: 'Hi' })
  })

  test('ignores blank lines, broken JSON and unknown shapes', () => {
    expect(parseEventLine('   ')).toBeNull()
    expect(parseEventLine('{"type":"delta",')).toBeNull()
    expect(parseEventLine('{"type":"party"}')).toBeNull()
    expect(parseEventLine('{"type":"done","content":{"title":"only"}}')).toBeNull()
  })
})

describe('reading an NDJSON body', () => {
  test('yields every event in order, however the bytes were cut', async () => {
    const text = [
      JSON.stringify({ type: 'start', attempt: 1 }),
      JSON.stringify({ type: 'delta', text: 'Café — naïve ' }),
      JSON.stringify({ type: 'done', content: post }),
    ].join('\n')
    // A 'done' line without notices (an older server) reads as no notices.
    const bytes = new TextEncoder().encode(text)
    // Cut inside the multi-byte 'é' and in the middle of lines; no trailing newline.
    const cut = text.indexOf('é') + 1
    const chunks = [bytes.slice(0, 5), bytes.slice(5, cut), bytes.slice(cut, cut + 7), bytes.slice(cut + 7)]
    const events = await collect(bodyOf(chunks))
    expect(events.map((e) => e.type)).toEqual(['start', 'delta', 'done'])
    expect(events[1]).toEqual({ type: 'delta', text: 'Café — naïve ' })
    expect(events[2]).toEqual({ type: 'done', content: post, notices: [] })
  })

  test('skips lines that are not events', async () => {
    const events = await collect(bodyOf(['garbage\n', '{"type":"delta","text":"a"}\n', '\n']))
    expect(events).toEqual([{ type: 'delta', text: 'a' }])
  })
})

describe('assembling the draft', () => {
  const run = (events: ContentStreamEvent[], from: StreamDraft = emptyDraft) => events.reduce(applyContentEvent, from)

  test('meta fills the fields and deltas append to the content', () => {
    const draft = run([
      { type: 'start', attempt: 1 },
      { type: 'meta', title: 'T', excerpt: 'E', category: 'company', tags: ['a'] },
      { type: 'delta', text: '## One' },
      { type: 'delta', text: '\n\nTwo' },
    ])
    expect(draft).toMatchObject({ attempt: 1, title: 'T', excerpt: 'E', category: 'company', tags: ['a'] })
    expect(draft.content).toBe('## One\n\nTwo')
    expect(draft.final).toBeNull()
  })

  test('retry throws away what was shown and remembers why', () => {
    const draft = run([
      { type: 'start', attempt: 1 },
      { type: 'meta', title: 'T', excerpt: 'E', category: 'company', tags: ['a'] },
      { type: 'delta', text: 'too short' },
      { type: 'retry', attempt: 2, reason: 'The article is too short.' },
      { type: 'start', attempt: 2 },
      { type: 'delta', text: 'fresh' },
    ])
    expect(draft).toMatchObject({ attempt: 2, title: '', content: 'fresh', retryReason: 'The article is too short.' })
  })

  test('done replaces what was assembled with the validated post', () => {
    const draft = run([
      { type: 'start', attempt: 1 },
      { type: 'meta', title: 'Draft title', excerpt: '', category: '', tags: [] },
      { type: 'delta', text: 'partial text that was repaired' },
      { type: 'done', content: post, notices: ['1,020 words; you asked for 1,200–1,800.'] },
    ])
    expect(draft.final).toEqual(post)
    expect(draft).toMatchObject({ title: post.title, content: post.content, tags: post.tags })
    expect(draft.notices).toEqual(['1,020 words; you asked for 1,200–1,800.'])
  })

  test('section events name the part being written; the same part again starts it over', () => {
    const draft = run([
      { type: 'start', attempt: 1 },
      { type: 'section', index: 1, total: 3, heading: 'Introduction' },
      { type: 'delta', text: 'Intro.' },
      { type: 'section', index: 2, total: 3, heading: 'Why' },
      { type: 'delta', text: '\n\n## Why\n\n' },
      { type: 'delta', text: 'garbled' },
    ])
    expect(draft.section).toEqual({ index: 2, total: 3, heading: 'Why' })
    const again = run(
      [
        { type: 'section', index: 2, total: 3, heading: 'Why' },
        { type: 'delta', text: '\n\n## Why\n\nBecause.' },
      ],
      draft,
    )
    expect(again.content).toBe('Intro.\n\n## Why\n\nBecause.')
  })

  test("Expand's last line replaces the content and brings its notices", () => {
    const draft = run([
      { type: 'start', attempt: 1 },
      { type: 'section', index: 1, total: 1, heading: 'Introduction' },
      { type: 'delta', text: 'Longer text.' },
      { type: 'expanded', content: 'Longer text, kept.', notices: [] },
    ])
    expect(draft).toMatchObject({ content: 'Longer text, kept.', notices: [], section: null })
  })

  test('error keeps the text written so far and records the message', () => {
    const draft = run([
      { type: 'delta', text: 'half' },
      { type: 'error', error: 'The AI provider did not answer in time.', status: 504 },
    ])
    expect(draft.content).toBe('half')
    expect(draft.error).toEqual({ message: 'The AI provider did not answer in time.', status: 504 })
  })
})

test('word count counts words, not markdown marks', () => {
  expect(wordCount('## Why it works\n\n- Gen Z’s **choice** — 90%')).toBe(7)
  expect(wordCount('')).toBe(0)
})

import { ContentStreamEvent, type GeneratedContent } from '#common/contract/ai.ts'

/**
 * Reading POST /api/blog/ai/generate-content/stream (docs/decisions/010): NDJSON, one event a
 * line. Chunks arrive cut anywhere, even inside a line or a multi-byte character, so text is
 * decoded with a streaming TextDecoder and only complete lines are parsed.
 */

/** Splits text into complete lines, keeping an unfinished last line for the next chunk. */
export function createLineSplitter() {
  let rest = ''
  return {
    push(chunk: string): string[] {
      const lines = (rest + chunk).split('\n')
      rest = lines.pop() ?? ''
      return lines
    },
    /** The last line, when the stream ended without a newline. */
    flush(): string[] {
      const last = rest
      rest = ''
      return last.trim() === '' ? [] : [last]
    },
  }
}

/** One line as an event; blank lines and anything that is not an event of the contract give null. */
export function parseEventLine(line: string): ContentStreamEvent | null {
  if (line.trim() === '') return null
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return null
  }
  const event = ContentStreamEvent.safeParse(value)
  return event.success ? event.data : null
}

/** The events of an NDJSON body, in order, as they arrive. */
export async function* readContentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ContentStreamEvent> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const lines = createLineSplitter()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true })
      for (const line of [...lines.push(text), ...(done ? lines.flush() : [])]) {
        const event = parseEventLine(line)
        if (event) yield event
      }
      if (done) return
    }
  } finally {
    reader.releaseLock()
  }
}

/** What the review step shows while the post is written, and what it ended as. */
export interface StreamDraft {
  attempt: number
  title: string
  excerpt: string
  category: string
  tags: string[]
  content: string
  /** Why the first draft was refused, once a second one is being written. */
  retryReason: string | null
  /** The part being written (medium and long posts, Expand): 'section 3 of 7'. */
  section: { index: number; total: number; heading: string } | null
  /** Where the part being written begins in `content`, to start it over. */
  sectionStart: number
  /** The validated post of the 'done' event: the truth, replacing what was assembled. */
  final: GeneratedContent | null
  /** What the writer should know about the kept draft ('done' and 'expanded'). */
  notices: string[]
  error: { message: string; status: number } | null
}

export const emptyDraft: StreamDraft = {
  attempt: 0,
  title: '',
  excerpt: '',
  category: '',
  tags: [],
  content: '',
  retryReason: null,
  section: null,
  sectionStart: 0,
  final: null,
  notices: [],
  error: null,
}

export function applyContentEvent(draft: StreamDraft, event: ContentStreamEvent): StreamDraft {
  switch (event.type) {
    case 'start':
      return { ...emptyDraft, attempt: event.attempt, retryReason: draft.retryReason }
    case 'meta':
      return { ...draft, title: event.title, excerpt: event.excerpt, category: event.category, tags: event.tags }
    case 'section': {
      // The same part again: it starts over, so what it appended goes.
      const again = draft.section?.index === event.index
      const content = again ? draft.content.slice(0, draft.sectionStart) : draft.content
      return {
        ...draft,
        content,
        section: { index: event.index, total: event.total, heading: event.heading },
        sectionStart: content.length,
      }
    }
    case 'delta':
      return { ...draft, content: draft.content + event.text }
    case 'retry':
      // "Discard what you showed, a new draft follows."
      return { ...emptyDraft, attempt: event.attempt, retryReason: event.reason }
    case 'done':
      return { ...draft, ...event.content, final: event.content, notices: event.notices, section: null, error: null }
    case 'expanded':
      return { ...draft, content: event.content, notices: event.notices, section: null, error: null }
    case 'error':
      return { ...draft, error: { message: event.error, status: event.status } }
  }
}

/** Words written so far, for the progress line. */
export function wordCount(text: string): number {
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)
  return words ? words.length : 0
}

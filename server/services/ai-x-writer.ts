// Who writes an X post's text: the AI provider when it is configured (issue 4's studio), else a
// template. Whatever the writer returns is fitted to X's limit again by server/services/x-posts.ts,
// which also falls back to the template when the AI call fails.
import { templateXText, truncateToWeight } from '#common/x-post-text.ts'
import type { CallContext } from '#server/services/ai/call.ts'
import type { AiStudio } from '#server/services/ai/studio.ts'

export interface XPostWriterInput {
  title: string
  excerpt: string | null
  tags: readonly string[]
  /** The admin's own text; when given, the X post is written from it. */
  customContent: string | null
  /** Weighted characters (twitter-text) the text may use: 280 minus a space and the link (23). */
  budget: number
}

export interface XPostWriter {
  /** 'template' or 'ai'; for logs. */
  readonly name: string
  /** The X post text without the link. Whatever comes back is fitted to the budget again by the caller. */
  write(input: XPostWriterInput): Promise<string>
}

/** No AI: the custom text as given, or title + teaser + up to three hashtags. */
export const templateXPostWriter: XPostWriter = {
  name: 'template',
  async write(input) {
    if (input.customContent) return truncateToWeight(input.customContent, input.budget)
    return templateXText(input, input.budget)
  },
}

/** The provider writes the text (from the custom text when given, else from title, excerpt and tags). */
export function aiXPostWriter(studio: AiStudio, ctx: CallContext): XPostWriter {
  return { name: 'ai', write: (input) => studio.writeXPost(input, ctx) }
}

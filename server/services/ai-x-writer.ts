// Who writes an X post's text. The template writer is always there; the AI writer (issue 4's
// provider in server/services/ai/) plugs in through `XPostWriter` without touching x-posts.ts.
import { templateXText, truncateToWeight, X_TEXT_BUDGET } from '#common/x-post-text.ts'

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
  write(input: XPostWriterInput, signal?: AbortSignal): Promise<string>
}

/** No AI: the custom text as given, or title + teaser + up to three hashtags. */
export const templateXPostWriter: XPostWriter = {
  name: 'template',
  async write(input) {
    if (input.customContent) return truncateToWeight(input.customContent, input.budget)
    return templateXText(input, input.budget)
  },
}

export const DEFAULT_BUDGET = X_TEXT_BUDGET

/**
 * AI HOOK (issue 4 × issue 5): when the AI provider is configured, return an XPostWriter that
 * asks it for the text (from customContent when given, else from title, excerpt and tags), e.g.
 *
 *   if (aiConfigured(config)) return aiXPostWriter(config.ai)   // server/services/ai/…
 *
 * and give it to AppServices.xPostWriter where the services are built (server/boot.ts). Until
 * then, and whenever the AI call fails, the template writer is used (server/services/x-posts.ts).
 */
export function defaultXPostWriter(): XPostWriter {
  return templateXPostWriter
}

import {
  acceptedWordRange,
  countWords,
  type GeneratedContent,
  type RewriteResult,
  SOURCE_TITLE_MAX,
} from '#common/contract/ai.ts'
import { toSlug } from '#common/text-rules.ts'
import { type CallContext, type Checked, generateStructured } from '#server/services/ai/call.ts'
import { checkPost, PostDraftSchema } from '#server/services/ai/content.ts'
import { AiError } from '#server/services/ai/errors.ts'
import { type Brand, rewritePrompt, voice } from '#server/services/ai/prompts.ts'
import type { AiProvider } from '#server/services/ai/provider.ts'
import { type SafeFetchError, type SafeFetchOptions, safeFetchHtml } from '#server/services/ai/safe-fetch.ts'

/** A run of this many words found in both texts counts as a copied sentence. */
export const COPY_RUN_WORDS = 12

const normalizedWords = (text: string) =>
  text
    .toLowerCase()
    .replace(/[*_`#>[\]()!-]/g, ' ')
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean)

/** The first run of COPY_RUN_WORDS words of `source` that `output` repeats verbatim, or null. */
export function copiedRun(source: string, output: string): string | null {
  const runs = new Set<string>()
  const src = normalizedWords(source)
  for (let i = 0; i + COPY_RUN_WORDS <= src.length; i++) runs.add(src.slice(i, i + COPY_RUN_WORDS).join(' '))
  const out = normalizedWords(output)
  for (let i = 0; i + COPY_RUN_WORDS <= out.length; i++) {
    const run = out.slice(i, i + COPY_RUN_WORDS).join(' ')
    if (runs.has(run)) return run
  }
  return null
}

/** The rewrite's word range follows the source: about as long, within sensible bounds. */
export function rewriteWordRange(sourceWords: number): { min: number; max: number } {
  const min = Math.min(1500, Math.max(600, Math.round(sourceWords * 0.8)))
  const max = Math.max(min + 400, Math.min(2200, Math.round(sourceWords * 1.3)))
  return { min, max }
}

/**
 * How a refused or failed fetch of an address the admin gave is answered (the rewriter, alt text).
 * An outside host that is slow or unreachable is the caller's 422, as when a save imports the
 * same picture (issue 27): 502/504 stay for our own AI provider.
 * docs/decisions/040-outside-host-failures-are-422.md
 */
export const FETCH_STATUS: Record<SafeFetchError['code'], 400 | 422 | 499> = {
  'invalid-url': 400,
  scheme: 400,
  credentials: 400,
  'private-address': 400,
  dns: 422,
  'too-many-redirects': 422,
  timeout: 422,
  'too-large': 422,
  'not-html': 422,
  'http-status': 422,
  network: 422,
  aborted: 499,
}

export interface RewriteOptions {
  brand: Brand
  /** Tests only (allowPrivateHosts, a resolver, shorter limits); production passes nothing. */
  fetch?: SafeFetchOptions
}

/**
 * docs/product.md §3 rewrite: fetch the page safely, extract the article, have the model write an original
 * article from it (facts kept, new structure and wording, no copied sentences) in our voice.
 */
export async function rewriteArticle(
  provider: AiProvider,
  ctx: CallContext,
  address: string,
  options: RewriteOptions,
): Promise<RewriteResult> {
  await provider.text() // the 503 before any fetch when AI is not configured
  let page: Awaited<ReturnType<typeof safeFetchHtml>>
  try {
    page = await safeFetchHtml(address, { ...options.fetch, signal: ctx.signal })
  } catch (error) {
    const e = error as SafeFetchError
    if (e?.name !== 'SafeFetchError') throw error
    ctx.log.info({ event: 'rewrite_fetch_refused', code: e.code }, 'article fetch refused')
    throw new AiError(FETCH_STATUS[e.code], e.message, {
      fields: FETCH_STATUS[e.code] === 400 ? { url: e.message } : {},
      cause: e,
    })
  }
  // Readability and linkedom load with the first imported page, not at start (docs/decisions/039).
  const { extractArticle } = await import('#server/services/ai/readability.ts')
  const article = extractArticle(page.html, page.url)
  if (!article) {
    throw new AiError(422, 'No readable article was found at that address. Try the address of the article page itself.')
  }
  ctx.log.info(
    {
      event: 'rewrite_source',
      bytes: page.bytes,
      redirects: page.chain.length - 1,
      chars: article.length,
      truncated: article.truncated,
    },
    'article extracted',
  )
  const words = rewriteWordRange(countWords(article.markdown))
  const draft = await generateStructured(provider, ctx, {
    op: 'rewrite-article',
    name: 'rewritten_article',
    description: 'An original article based on the facts of a source article.',
    schema: PostDraftSchema,
    instructions: voice(options.brand),
    prompt: rewritePrompt({ title: article.title, markdown: article.markdown, url: page.url }, words, options.brand),
    check: (output): Checked<GeneratedContent> => {
      const checked = checkPost(output, { length: words, faq: false, keyPoints: [], callToAction: null })
      if (!checked.ok) return checked
      const copied = copiedRun(article.markdown, checked.value.content)
      if (copied) return { ok: false, reason: `it copies the source verbatim ("${copied.slice(0, 60)}…")` }
      // Outside its word range a rewrite is asked for once more, and the second one is kept (issue 11 §6).
      const length = acceptedWordRange(words)
      const count = countWords(checked.value.content)
      if (count < length.min || count > length.max) {
        return {
          ok: false,
          reason: `the content has ${count} words instead of ${words.min} to ${words.max}`,
          usable: checked.value,
        }
      }
      return checked
    },
    maxOutputTokens: 8_000,
  })
  return {
    success: true,
    title: draft.title,
    excerpt: draft.excerpt,
    content: draft.content,
    tags: draft.tags,
    category: draft.category,
    slug: toSlug(draft.title) || 'rewritten-article',
    author: options.brand.teamName,
    sourceUrl: page.url,
    sourceTitle: (article.title || new URL(page.url).hostname).slice(0, SOURCE_TITLE_MAX),
  }
}

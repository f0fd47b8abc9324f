import { ExternalLinkIcon, ImagePlusIcon, LightbulbIcon, RefreshCwIcon } from 'lucide-react'
import { useState } from 'react'
import { DraftAndPublishButtons } from '#app/components/post-form/save-button.tsx'
import { useSavePost } from '#app/components/post-form/use-save-post.ts'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { uniqueItems } from '#app/components/ui/list-rules.ts'
import { IMAGE_DURATION } from '#app/features/ai/messages.ts'
import { useFeaturedImage } from '#app/features/ai/use-featured-image.ts'
import type { RewriteResult } from '#common/contract/ai.ts'
import { TAGS_MAX } from '#common/limits.ts'
import { rewritePreview } from '#common/rewrite-preview.ts'
import { categoryLabel } from '#common/text-rules.ts'

/**
 * docs/product.md §2 AI Rewriter result: title, excerpt, category, tags, the image if generated and the
 * first 500 characters of the content, with the source; Generate Image, Save Draft, Publish Now.
 */
export function RewriteResultCard({
  article,
  headingRef,
}: {
  article: RewriteResult
  headingRef: React.Ref<HTMLHeadingElement>
}) {
  const image = useFeaturedImage()
  const [featuredImage, setFeaturedImage] = useState('')
  const { save: send, intent, busy } = useSavePost('rewrite')

  const save = (publish: boolean) =>
    send(publish ? 'publish' : 'draft', {
      title: article.title,
      slug: article.slug,
      excerpt: article.excerpt,
      content: article.content,
      featuredImage: featuredImage || null,
      images: [],
      category: article.category,
      tags: uniqueItems(article.tags, TAGS_MAX),
      author: article.author,
      isPublished: publish,
      // docs/product.md §4: the rewriter's posts are always AI generated.
      aiGenerated: true,
      sourceUrl: article.sourceUrl,
      sourceTitle: article.sourceTitle,
    })

  return (
    <section
      aria-labelledby="rewrite-result-heading"
      className="scroll-mt-6 overflow-hidden rounded-xl border bg-white shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b px-5 py-4 sm:px-6">
        <h2
          id="rewrite-result-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          Rewritten article
        </h2>
        <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
          <span className="font-medium text-slate-700">Source:</span>
          <a
            href={article.sourceUrl}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex min-w-0 items-center gap-1 rounded-sm font-medium text-violet-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="truncate">{article.sourceTitle || article.sourceUrl}</span>
            <ExternalLinkIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </p>
      </div>

      <div className="grid gap-6 px-5 py-5 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <article className="grid min-w-0 content-start gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <span className="rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-800">
              {categoryLabel(article.category)}
            </span>
            <span className="text-xs text-muted-foreground">by {article.author}</span>
          </div>
          <h3 className="text-2xl font-bold tracking-tight text-balance text-slate-900">{article.title}</h3>
          <p className="text-slate-700">{article.excerpt}</p>
          {article.tags.length > 0 && (
            <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
              {article.tags.map((tag) => (
                <li key={tag} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                  {tag}
                </li>
              ))}
            </ul>
          )}
          <div className="grid gap-2">
            <h4 className="text-sm font-medium text-slate-800">Content preview</h4>
            <p className="rounded-lg border bg-slate-50 p-4 font-mono text-sm leading-relaxed whitespace-pre-wrap text-slate-700">
              {rewritePreview(article.content)}
            </p>
          </div>
        </article>

        <aside aria-label="Featured image" className="grid content-start gap-3">
          {featuredImage ? (
            <img
              src={featuredImage}
              alt={`Cover for "${article.title}"`}
              className="aspect-video w-full rounded-lg border object-cover"
            />
          ) : (
            <div className="flex aspect-video flex-col items-center justify-center gap-2 rounded-lg border border-dashed bg-gradient-to-br from-violet-50 via-white to-pink-50 p-4 text-center text-sm text-slate-600">
              <ImagePlusIcon className="size-7 text-violet-400" aria-hidden="true" />
              No image yet.
            </div>
          )}
          <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">
            <LightbulbIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span>
              Tip: image generation takes 20-30 seconds. You can publish the post first and add an image later.
            </span>
          </p>
          {image.message && (
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {image.message}
            </p>
          )}
        </aside>
      </div>

      <div className="flex flex-wrap items-center justify-end gap-2 border-t px-5 py-3 sm:px-6">
        <Button
          type="button"
          variant="outline"
          className="mr-auto"
          disabled={image.pending}
          onClick={async () => {
            const url = await image.generate({ title: article.title, excerpt: article.excerpt })
            if (url) setFeaturedImage(url)
          }}
        >
          <BusyIcon busy={image.pending} icon={featuredImage ? RefreshCwIcon : ImagePlusIcon} />
          {image.pending ? `Generating Image... (${IMAGE_DURATION})` : 'Generate Image'}
        </Button>
        <DraftAndPublishButtons intent={intent} disabled={busy} onSave={save} draftLabel="Save Draft" />
      </div>
    </section>
  )
}

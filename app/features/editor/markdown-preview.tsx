import { useDeferredValue, useMemo } from 'react'
import { cn } from '#app/lib/utils.ts'
import { renderMarkdown } from '#common/markdown.ts'

/** Type matching the public article body: same renderer (sanitized), same rhythm. */
export const ARTICLE_BODY_CLASSES = cn(
  'text-[15px] leading-7 text-slate-700 break-words',
  '[&>:first-child]:mt-0 [&>:last-child]:mb-0',
  '[&_h1]:mt-8 [&_h1]:mb-4 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:tracking-tight [&_h1]:text-slate-900',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_h4]:mt-5 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:font-semibold [&_h4]:text-slate-900',
  '[&_p]:my-4 [&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_a]:font-medium [&_a]:text-violet-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-violet-900',
  '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1 [&_li]:pl-1',
  '[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-violet-300 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_figure]:my-6 [&_img]:max-w-full [&_img]:rounded-lg [&_img]:border',
  '[&_figcaption]:mt-2 [&_figcaption]:text-center [&_figcaption]:text-sm [&_figcaption]:text-slate-500',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-[0.9em]',
  '[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-100',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_hr]:my-8',
)

/** The content as the public post page will show it, re-rendered as the writer types. */
export function MarkdownPreview({ content, className }: { content: string; className?: string }) {
  const deferred = useDeferredValue(content)
  const html = useMemo(() => renderMarkdown(deferred), [deferred])
  if (deferred.trim() === '') {
    return (
      <p className={cn('text-sm text-muted-foreground', className)}>
        Nothing to preview yet. Write or paste your article in Markdown and it appears here.
      </p>
    )
  }
  return (
    <div
      className={cn(ARTICLE_BODY_CLASSES, className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes raw HTML and vets every link and image source (common/markdown.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}

import { useDeferredValue, useMemo } from 'react'
import { cn } from '#app/lib/utils.ts'
import { renderMarkdown } from '#common/markdown.ts'

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
      data-testid="markdown-preview"
      className={cn('prose-article', className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: renderMarkdown escapes raw HTML and vets every link and image source (common/markdown.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}

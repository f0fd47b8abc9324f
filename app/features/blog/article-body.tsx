import { cn } from '#app/lib/utils.ts'

/**
 * The post body: HTML rendered and sanitized on the server by common/markdown.ts (raw HTML in
 * content is escaped, unsafe link and image addresses dropped), so it is safe to insert.
 */
export function ArticleBody({ html, className }: { html: string; className?: string }) {
  return (
    <div
      data-testid="article-body"
      className={cn('prose-article', className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized server-side by renderMarkdown
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}

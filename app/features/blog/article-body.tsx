import { useEffect, useRef } from 'react'
import { attachEmbeds } from '#app/lib/embeds.ts'
import { cn } from '#app/lib/utils.ts'

/**
 * The post body: HTML rendered and sanitized on the server by common/markdown.ts (raw HTML in
 * content is escaped, unsafe link and image addresses dropped), so it is safe to insert. When React
 * renders it in the browser (a post reached from a hydrated page), the embed cards get their play
 * buttons here; on a page sent without React the island does it (app/islands/public-page.ts).
 */
export function ArticleBody({ html, className }: { html: string; className?: string }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (ref.current && html) attachEmbeds(ref.current)
  }, [html])
  return (
    <div
      ref={ref}
      data-testid="article-body"
      className={cn('prose-article', className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized server-side by renderMarkdown
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}

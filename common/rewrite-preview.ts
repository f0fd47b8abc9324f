/** docs/product.md §2 AI Rewriter / §9: the result shows the first 500 characters of the content. */
export const REWRITE_PREVIEW_LENGTH = 500

/** The first 500 characters, cut at a whole character (not inside an emoji), '...' when shortened. */
export function rewritePreview(content: string): string {
  const chars = Array.from(content)
  if (chars.length <= REWRITE_PREVIEW_LENGTH) return content
  return `${chars.slice(0, REWRITE_PREVIEW_LENGTH).join('').trimEnd()}...`
}

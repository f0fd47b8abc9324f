import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react'
import { cn } from '#app/lib/utils.ts'
import { parseEmbedUrl } from '#common/embeds.ts'

/** '1:30', '1:02:03': a start time as YouTube shows it. */
function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = String(seconds % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/**
 * An embed in the rich editor: the public card's look (app/app.css `.md-embed*`), with no player,
 * thumbnail or any request to YouTube or X (docs/decisions/054). It names what the line is and
 * shows the address that is stored; the whole card is one block, selected and deleted as one.
 */
export function EmbedCard({ node, selected }: ReactNodeViewProps) {
  const url = String(node.attrs.url ?? '')
  const embed = parseEmbedUrl(url)
  const kind = embed?.kind ?? 'youtube'
  const title = embed?.kind === 'x' ? `Post by @${embed.user} on X` : 'YouTube video'
  const start = embed?.kind === 'youtube' && embed.start ? `, from ${clock(embed.start)}` : ''
  return (
    <NodeViewWrapper
      role="figure"
      aria-label={`${title}${start}: ${url}`}
      data-embed={kind}
      className={cn('md-embed rich-embed', `md-embed-${kind}`, selected && 'rich-embed-selected')}
    >
      <div className="md-embed-stage" aria-hidden="true">
        {kind === 'youtube' ? (
          <span className="rich-embed-play">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
            </svg>
          </span>
        ) : (
          <span className="md-embed-mark">𝕏</span>
        )}
        <span className="rich-embed-title">
          {title}
          {start}
        </span>
        <span className="rich-embed-url">{url}</span>
      </div>
    </NodeViewWrapper>
  )
}

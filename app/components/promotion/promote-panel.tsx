import { MegaphoneIcon, SparklesIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { SectionCard } from '#app/components/ui/section-card.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import type { ArticleTiming } from '#common/contract/schedule.ts'
import { CUSTOM_CONTENT_MAX } from '#common/contract/x-posts.ts'

/** The panel's anchor: /admin/blog/edit/{postId}#promote (each network's row has its own, '#x-posts'). */
export const PROMOTE_PANEL_ID = 'promote'

/** What every Generate button of the panel writes from: the optional custom content, and how to empty it. */
export interface Prompt {
  customContent: string
  clear: () => void
}

/** What a network's row is given by the route: the article, and the panel's prompt. */
export interface PromoteRowProps {
  blogPostId: number
  article: ArticleTiming
  prompt: Prompt
}

/**
 * Issue 29: the edit screen's 'Promote' panel (docs/decisions/059-promote-panel.md): one custom
 * content field for every network, `generateAll` beside it, then one row per network. The route
 * composes the rows (features do not import each other). No <form>: it sits inside the edit form.
 */
export function PromotePanel({
  generateAll,
  children,
}: {
  generateAll: (prompt: Prompt) => React.ReactNode
  children: (prompt: Prompt) => React.ReactNode
}) {
  const [customContent, setCustomContent] = useState('')
  const fieldId = useId()
  const hintId = useId()
  const prompt: Prompt = { customContent, clear: () => setCustomContent('') }

  return (
    <SectionCard
      id={PROMOTE_PANEL_ID}
      headingId={useId()}
      title="Promote"
      description="A post for each network, written from this article, with a short link that counts its clicks: edit, post or schedule each."
      icon={<MegaphoneIcon />}
    >
      <div className="grid gap-3">
        <div className="grid gap-2">
          <Label htmlFor={fieldId}>Custom content (optional)</Label>
          <Textarea
            id={fieldId}
            value={customContent}
            onChange={(e) => setCustomContent(e.target.value)}
            maxLength={CUSTOM_CONTENT_MAX}
            rows={3}
            aria-describedby={hintId}
            placeholder="What should the posts say? Leave empty to write them from the title, excerpt and tags."
            className="min-h-20 resize-y"
          />
          <div id={hintId} className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
            <span>Used by the Generate button you press next; each network gets a post written for it.</span>
            <span className="ml-auto tabular-nums">
              {customContent.length.toLocaleString('en-US')}/{CUSTOM_CONTENT_MAX.toLocaleString('en-US')}
            </span>
          </div>
        </div>
        {generateAll(prompt)}
      </div>
      {children(prompt)}
    </SectionCard>
  )
}

/** A network row's Generate button ('Generate X Post'). */
export function GenerateButton({
  label,
  pendingLabel,
  pending,
  onClick,
}: {
  label: string
  pendingLabel: string
  pending: boolean
  onClick: () => void
}) {
  return (
    <Button type="button" variant="outline" size="sm" disabled={pending} onClick={onClick}>
      <BusyIcon busy={pending} icon={SparklesIcon} />
      {pending ? pendingLabel : label}
    </Button>
  )
}

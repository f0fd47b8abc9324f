import { SparklesIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { cn } from '#app/lib/utils.ts'
import { CUSTOM_CONTENT_MAX } from '#common/contract/x-posts.ts'

/**
 * The Generate form of a promotion panel: the optional custom content with its counter, and the
 * Generate button (Ctrl+Enter in the field too). No <form>: the panels sit inside the edit form.
 */
export function GenerateForm({
  hint,
  label,
  pendingLabel,
  pending,
  onGenerate,
  children,
}: {
  /** Under the field, beside the counter. */
  hint: string
  label: string
  pendingLabel: string
  /** The panel's generate mutation is running. */
  pending: boolean
  /** Starts the mutation; `clear` empties the field once it has worked. */
  onGenerate: (customContent: string, clear: () => void) => void
  /** More choices above the field (e.g. the network). */
  children?: React.ReactNode
}) {
  const [customContent, setCustomContent] = useState('')
  const fieldId = useId()
  const hintId = useId()

  const submit = () => {
    if (pending) return
    onGenerate(customContent, () => setCustomContent(''))
  }

  return (
    <div className={cn('grid', children ? 'gap-4' : 'gap-3')}>
      {children}
      <div className="grid gap-2">
        <Label htmlFor={fieldId}>Custom content (optional)</Label>
        <Textarea
          id={fieldId}
          value={customContent}
          onChange={(e) => setCustomContent(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault()
              submit()
            }
          }}
          maxLength={CUSTOM_CONTENT_MAX}
          rows={3}
          aria-describedby={hintId}
          placeholder="What should the post say? Leave empty to write it from the title, excerpt and tags."
          className="min-h-20 resize-y"
        />
        <div id={hintId} className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
          <span>{hint}</span>
          <span className="ml-auto tabular-nums">
            {customContent.length.toLocaleString('en-US')}/{CUSTOM_CONTENT_MAX.toLocaleString('en-US')}
          </span>
        </div>
      </div>
      <div>
        <Button variant="gradient" disabled={pending} onClick={submit}>
          <BusyIcon busy={pending} icon={SparklesIcon} />
          {pending ? pendingLabel : label}
        </Button>
      </div>
    </div>
  )
}

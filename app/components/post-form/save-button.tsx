import { LoaderCircleIcon, SaveIcon, SendIcon } from 'lucide-react'
import type { SaveIntent } from '#app/components/post-form/use-save-post.ts'
import { Button } from '#app/components/ui/button.tsx'
import { useMayPublish } from '#app/lib/admin-me.ts'

/** A save or publish button: a spinner and the busy label while its save is under way. */
export function SaveButton({
  pending,
  publish = false,
  label,
  pendingLabel,
  ...props
}: Omit<React.ComponentProps<typeof Button>, 'children'> & {
  pending: boolean
  /** The send icon of 'Publish Now' in place of the disk. */
  publish?: boolean
  label: string
  pendingLabel: string
}) {
  const Icon = publish ? SendIcon : SaveIcon
  return (
    <Button type="button" {...props}>
      {pending ? (
        <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
      ) : (
        <Icon aria-hidden="true" />
      )}
      {pending ? pendingLabel : label}
    </Button>
  )
}

/**
 * The create screens' pair: save as a draft or publish, each busy while its own save runs. A
 * Contributor (issue 28) gets only the draft button: publishing and scheduling are not theirs.
 */
export function DraftAndPublishButtons({
  intent,
  disabled,
  onSave,
  draftLabel = 'Save as Draft',
  beforePublish,
}: {
  intent: SaveIntent | null
  disabled: boolean
  onSave: (publish: boolean) => void
  /** docs/product.md §2: the rewriter's card says 'Save Draft'. */
  draftLabel?: string
  /** Issue 14: 'Schedule' sits between the two. */
  beforePublish?: React.ReactNode
}) {
  const mayPublish = useMayPublish()
  return (
    <>
      <SaveButton
        variant={mayPublish ? 'outline' : 'gradient'}
        disabled={disabled}
        onClick={() => onSave(false)}
        pending={intent === 'draft'}
        label={draftLabel}
        pendingLabel="Saving..."
      />
      {mayPublish && beforePublish}
      {mayPublish && (
        <SaveButton
          variant="gradient"
          publish
          disabled={disabled}
          onClick={() => onSave(true)}
          pending={intent === 'publish'}
          label="Publish Now"
          pendingLabel="Publishing..."
        />
      )}
    </>
  )
}

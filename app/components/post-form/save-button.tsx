import { LoaderCircleIcon, SaveIcon, SendIcon } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'

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

import { CheckCircle2, type LucideIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#app/components/ui/dialog.tsx'

/**
 * A landing card that opens a modal with the card's details: title, description, the given body,
 * and a footer of Close plus the card's own action, which also closes the modal.
 * Radix returns focus to the card on close.
 */
export function DetailDialog({
  trigger,
  title,
  description,
  action,
  onAction,
  children,
  ...contentProps
}: Omit<React.ComponentProps<typeof DialogContent>, 'title'> & {
  trigger: React.ReactNode
  title: string
  description: string
  /** The action button's content (label and icon). */
  action: React.ReactNode
  onAction: () => void
}) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent showClose={false} {...contentProps}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="text-base text-slate-600">{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
          <Button
            variant="gradient"
            onClick={() => {
              onAction()
              setOpen(false)
            }}
          >
            {action}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** A list of short points, each behind a violet check mark. */
export function CheckList({
  items,
  icon: Icon = CheckCircle2,
  className,
}: {
  items: string[]
  icon?: LucideIcon
  className?: string
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2 text-sm text-slate-700">
          <Icon className="mt-0.5 size-4 shrink-0 text-violet-700" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  )
}

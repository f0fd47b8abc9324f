import { Button } from '#app/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#app/components/ui/dialog.tsx'

/** What a landing card gives its DetailDialog. */
export type DetailDialogProps = Omit<React.ComponentProps<typeof DialogContent>, 'title'> & {
  trigger: React.ReactElement<React.HTMLAttributes<HTMLElement>>
  title: string
  description: string
  /** The action button's content (label and icon). */
  action: React.ReactNode
  onAction: () => void
}

/** The modal of a DetailDialog, loaded on demand (Radix traps focus, closes on Escape and outside). */
export default function DetailDialogContent({
  open,
  onOpenChange,
  opener,
  title,
  description,
  action,
  onAction,
  children,
  onCloseAutoFocus,
  ...contentProps
}: Omit<DetailDialogProps, 'trigger'> & {
  open: boolean
  onOpenChange: (open: boolean) => void
  opener: React.RefObject<HTMLElement | null>
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        showClose={false}
        {...contentProps}
        onCloseAutoFocus={(e) => {
          onCloseAutoFocus?.(e)
          if (e.defaultPrevented) return
          // There is no Radix trigger (the card is rendered before this module loads): focus by hand.
          e.preventDefault()
          if (opener.current?.isConnected) opener.current.focus()
        }}
      >
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
              onOpenChange(false)
            }}
          >
            {action}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

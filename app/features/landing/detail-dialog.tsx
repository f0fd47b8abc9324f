import { CheckCircle2, type LucideIcon } from 'lucide-react'
import { cloneElement, isValidElement } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/utils.ts'

/** The classes of a landing modal: a native `<dialog>`, shown only while open (`open:`). */
export const MODAL_CLASS =
  'fixed top-1/2 left-1/2 z-50 m-0 -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border shadow-xl backdrop:bg-black/60'

/**
 * A landing card that opens a modal with the card's details: title, description, the given body,
 * and a footer of Close plus the card's own action (Demo, or Learn More to the contact form), which
 * also closes the modal. The modal is a native `<dialog>` rendered closed beside its card; the
 * landing page's plain DOM code opens it (`data-opens`), closes it on Escape, Close or the backdrop,
 * keeps Tab inside and focuses the card again (dialogs.ts).
 */
export function DetailDialog({
  id,
  trigger,
  title,
  description,
  action,
  actionKind,
  className,
  children,
  'data-testid': testId,
}: {
  id: string
  trigger: React.ReactElement<React.HTMLAttributes<HTMLElement>>
  title: string
  description: string
  /** The action button's content (label and icon). */
  action: React.ReactNode
  actionKind: 'demo' | 'contact'
  className?: string
  children: React.ReactNode
  'data-testid'?: string
}) {
  if (!isValidElement(trigger)) return null
  const card = cloneElement(trigger, {
    'data-opens': id,
    'aria-haspopup': 'dialog',
    'aria-expanded': false,
    'aria-controls': id,
  } as React.HTMLAttributes<HTMLElement>)
  return (
    <>
      {card}
      <dialog
        id={id}
        // biome-ignore lint/a11y/noRedundantRoles: said too, so `[role=dialog]` finds it as it found Radix's
        role="dialog"
        data-landing-modal=""
        data-testid={testId}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        className={cn(
          MODAL_CLASS,
          'max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg gap-4 bg-background p-6 text-foreground open:grid',
          className,
        )}
      >
        <div className="flex flex-col gap-2 text-left">
          <h2 id={`${id}-title`} className="text-xl leading-tight font-semibold">
            {title}
          </h2>
          <p id={`${id}-description`} className="text-base text-slate-600">
            {description}
          </p>
        </div>
        {children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" data-dialog-close="">
            Close
          </Button>
          <Button type="button" variant="gradient" data-action={actionKind}>
            {action}
          </Button>
        </div>
      </dialog>
    </>
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

import { CheckCircle2, type LucideIcon } from 'lucide-react'
import { cloneElement, isValidElement, lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { DetailDialogProps } from '#app/features/landing/detail-dialog-content.tsx'

// Radix Dialog (focus trap, scroll lock, dismissable layer: ~10 KB gzipped) is fetched when a card
// is first pointed at, focused or opened, not with the landing page (docs/decisions/037).
const loadContent = () => import('#app/features/landing/detail-dialog-content.tsx')
const DetailDialogContent = lazy(loadContent)

/**
 * A landing card that opens a modal with the card's details: title, description, the given body,
 * and a footer of Close plus the card's own action, which also closes the modal.
 * Focus goes back to the card on close.
 */
export function DetailDialog({ trigger, ...rest }: DetailDialogProps) {
  const [open, setOpen] = useState(false)
  const [mounted, setMounted] = useState(false)
  const opener = useRef<HTMLElement | null>(null)
  useEscapeWhileLoading(open, setOpen)
  if (!isValidElement(trigger)) return null
  const own = trigger.props
  const card = cloneElement(trigger, {
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    onPointerEnter: (e: React.PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(e)
      void loadContent()
    },
    onFocus: (e: React.FocusEvent<HTMLElement>) => {
      own.onFocus?.(e)
      void loadContent()
    },
    onClick: (e: React.MouseEvent<HTMLElement>) => {
      own.onClick?.(e)
      if (e.defaultPrevented) return
      opener.current = e.currentTarget
      setMounted(true)
      setOpen(true)
    },
  } as React.HTMLAttributes<HTMLElement>)
  return (
    <>
      {card}
      {mounted && (
        <Suspense fallback={null}>
          <DetailDialogContent {...rest} open={open} onOpenChange={setOpen} opener={opener} />
        </Suspense>
      )}
    </>
  )
}

/**
 * Escape pressed between the click and the modal's code arriving still closes it (Radix listens
 * only once it is mounted; after that both close it, which is the same).
 */
export function useEscapeWhileLoading(open: boolean, setOpen: (open: boolean) => void) {
  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, setOpen])
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

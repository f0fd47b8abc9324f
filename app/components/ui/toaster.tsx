import { XIcon } from 'lucide-react'
import { Toast as ToastPrimitive } from 'radix-ui'
import { dismissToast, useToasts } from '#app/lib/toast.ts'
import { cn } from '#app/lib/utils.ts'

/** Renders the toast queue (at most one at a time); mounted once in the root layout. */
export function Toaster() {
  const toasts = useToasts()
  return (
    <ToastPrimitive.Provider swipeDirection="up" duration={5000}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id)
          }}
          data-variant={t.variant ?? 'default'}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg',
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'border-border bg-background text-foreground',
          )}
        >
          <div className="grid gap-1">
            {t.title && <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>}
            {t.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
            )}
          </div>
          {t.action && (
            <ToastPrimitive.Action altText={t.action.label} asChild>
              <button
                type="button"
                onClick={t.action.onClick}
                className="inline-flex h-8 shrink-0 items-center rounded-md border px-3 text-sm font-medium"
              >
                {t.action.label}
              </button>
            </ToastPrimitive.Action>
          )}
          <ToastPrimitive.Close
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
            aria-label="Close"
          >
            <XIcon className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Top centre, narrower than a phone: it never covers a form's actions (at the bottom of
          forms and dialogs) and never spans the whole screen (issue 11 §4). */}
      <ToastPrimitive.Viewport className="fixed top-0 left-1/2 z-[100] flex max-h-screen w-[calc(100%-2rem)] max-w-[420px] -translate-x-1/2 flex-col gap-2 py-4" />
    </ToastPrimitive.Provider>
  )
}

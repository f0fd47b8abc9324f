import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/utils.ts'

/**
 * What an admin screen shows in place of its list when the first load failed: what could not be
 * loaded (`children`), the advice, and Try again, disabled while the retry is on its way.
 */
export function LoadFailure({
  children,
  onRetry,
  retrying,
  className,
}: {
  children: React.ReactNode
  onRetry: () => void
  retrying: boolean
  className?: string
}) {
  return (
    <div role="alert" className={cn('space-y-3 px-6 py-16 text-center', className)}>
      <p className="font-medium text-slate-900">{children}</p>
      <p className="text-sm text-muted-foreground">Check your connection, then try again.</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        Try again
      </Button>
    </div>
  )
}

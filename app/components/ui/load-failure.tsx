import { Button } from '#app/components/ui/button.tsx'
import { ApiError } from '#app/lib/api-client.ts'
import { cn } from '#app/lib/utils.ts'

/**
 * What an admin screen shows in place of its list when the `query`'s first load failed: what could
 * not be loaded (`children`), the advice, and Try again, disabled while the retry is on its way.
 */
export function LoadFailure({
  children,
  query,
  className,
}: {
  children: React.ReactNode
  query: { refetch: () => unknown; isFetching: boolean }
  className?: string
}) {
  return (
    <div role="alert" className={cn('space-y-3 px-6 py-16 text-center', className)}>
      <p className="font-medium text-slate-900">{children}</p>
      <p className="text-sm text-muted-foreground">Check your connection, then try again.</p>
      <Button variant="outline" onClick={() => query.refetch()} disabled={query.isFetching}>
        Try again
      </Button>
    </div>
  )
}

/** What a screen some roles may not open says when it failed: the server's 403 reason, or `fallback`. */
export const forbiddenOr = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status === 403
    ? (error.serverMessage ?? 'Your role cannot open this screen.')
    : fallback

/** The same inside a card or a dialog: what failed to load, in a line, and Try again. */
export function InlineLoadFailure({
  children,
  onRetry,
  className,
}: {
  children: React.ReactNode
  onRetry: () => void
  className?: string
}) {
  return (
    <div role="alert" className={cn('flex flex-wrap items-center gap-3 text-sm text-red-800', className)}>
      {children}
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}

import { WifiOffIcon } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { AdminPage } from '#app/features/admin/admin-page.tsx'

/** The status request itself failed (offline, server down): say so and offer a retry. */
export function SessionCheckFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <AdminPage>
      <div role="alert" className="mx-auto mt-16 max-w-md rounded-xl border bg-white p-8 text-center shadow-sm">
        <WifiOffIcon className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="mt-4 text-xl font-semibold">We couldn't check your session</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          The server did not answer. Check your connection, then try again.
        </p>
        <Button className="mt-6" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Checking...' : 'Try again'}
        </Button>
      </div>
    </AdminPage>
  )
}

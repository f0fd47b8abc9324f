import { LogOutIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { flashToast } from '#app/features/admin/flash-toast.ts'
import { useLogout } from '#app/features/admin/queries.ts'
import { toast } from '#app/lib/toast.ts'

/** 'Logout' (or the shell's 'Sign out') / 'Logging out...' with the toasts of docs/product.md §8, then the login screen. */
export function LogoutButton({ label = 'Logout' }: { label?: string }) {
  const logout = useLogout()
  const [leaving, setLeaving] = useState(false)
  const busy = logout.isPending || leaving
  return (
    <Button
      variant="outline"
      disabled={busy}
      onClick={() =>
        logout.mutate(undefined, {
          onSuccess: () => {
            setLeaving(true)
            flashToast({ title: 'Logged Out', description: 'Successfully logged out of admin panel.' })
            // A document load, not a client navigation: it drops every post and message this
            // tab holds in memory, and the server's admin guard answers React Router's data
            // requests without a session with a redirect to an HTML page.
            window.location.assign('/admin/login')
          },
          onError: () =>
            toast({
              variant: 'destructive',
              title: 'Logout Error',
              description: 'Failed to logout. Please try again.',
            }),
        })
      }
    >
      <LogOutIcon aria-hidden="true" />
      {busy ? 'Logging out...' : label}
    </Button>
  )
}

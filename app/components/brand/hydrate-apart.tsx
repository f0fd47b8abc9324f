import { Suspense } from 'react'

/**
 * A part of a server-rendered page that React hydrates on its own, after the rest: a Suspense
 * boundary whose content never suspends, so the server's HTML is shown as is and nothing is ever
 * replaced by a fallback. React hydrates such boundaries one by one in separate tasks (and one
 * the reader clicks or types into first), instead of the whole page in one commit: no task long
 * enough to block input. docs/decisions/016 (second addendum), issue 13 §5.
 */
export function HydrateApart({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>
}

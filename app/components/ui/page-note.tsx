import { XIcon } from 'lucide-react'

/**
 * The toast of a page that is not hydrated: server-rendered hidden, filled and shown by its island
 * script (app/islands/public-page.ts, `showNote`). Where the toaster of hydrated pages puts its
 * toasts (top centre, narrower than a phone), so it never covers a button at the foot of the page.
 */
export function PageNote() {
  return (
    <div
      id="page-note"
      role="status"
      hidden
      className="fixed top-4 left-1/2 z-[100] w-[calc(100%-2rem)] max-w-[420px] -translate-x-1/2 rounded-lg border border-border bg-background p-4 pr-8 text-foreground shadow-lg data-[variant=destructive]:border-red-700 data-[variant=destructive]:bg-red-700 data-[variant=destructive]:text-white"
    >
      <p data-note-title="" className="text-sm font-semibold" />
      <p data-note-text="" className="mt-1 text-sm break-words opacity-90" />
      <button
        type="button"
        data-note-close=""
        aria-label="Close"
        className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
      >
        <XIcon className="size-4" aria-hidden="true" />
      </button>
    </div>
  )
}

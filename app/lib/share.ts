import type { ToastInput } from '#app/lib/toast.ts'

/**
 * docs/product.md §2: the device's share sheet when there is one, else the page address is copied
 * to the clipboard and a 'Copied' note confirms it. Plain code: the Share button of a hydrated page
 * and the island script of a page that is not hydrated (app/islands/public-page.ts) both call it,
 * each with its own way to show the note.
 */
export async function sharePage({ title, text }: { title: string; text: string }, notify: (note: ToastInput) => void) {
  const url = window.location.href
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url })
      return
    } catch (error) {
      // The person closed the share sheet: nothing to do. Any other failure: copy instead.
      if (error instanceof DOMException && error.name === 'AbortError') return
    }
  }
  try {
    await navigator.clipboard.writeText(url)
    notify({ title: 'Copied', description: 'The link to this article is on your clipboard.' })
  } catch {
    notify({ title: 'Could not copy the link', description: url, variant: 'destructive' })
  }
}

import { Share2 } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { toast } from '#app/lib/toast.ts'

/**
 * docs/product.md §2: the device's share sheet when there is one, else the page address is copied to the
 * clipboard and a 'Copied' toast confirms it.
 */
export function ShareButton({ title, text }: { title: string; text: string }) {
  async function share() {
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
      toast({ title: 'Copied', description: 'The link to this article is on your clipboard.' })
    } catch {
      toast({ title: 'Could not copy the link', description: url, variant: 'destructive' })
    }
  }
  return (
    <Button variant="outline" size="sm" onClick={share}>
      <Share2 aria-hidden="true" />
      Share
    </Button>
  )
}

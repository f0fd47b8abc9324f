import { Share2 } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { sharePage } from '#app/lib/share.ts'
import { toast } from '#app/lib/toast.ts'

/**
 * Share (app/lib/share.ts). On a page that is not hydrated (a post loaded as a document) the island
 * script finds it by `data-share` and reads the title and text from the same attributes.
 */
export function ShareButton({ title, text }: { title: string; text: string }) {
  return (
    <Button
      variant="outline"
      size="sm"
      data-share=""
      data-share-title={title}
      data-share-text={text}
      onClick={() => sharePage({ title, text }, toast)}
    >
      <Share2 aria-hidden="true" />
      Share
    </Button>
  )
}

import { DownloadIcon } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'

/** 'Export CSV' of an admin list: a download of the file the server writes at `href`. */
export function CsvLink({ href }: { href: string }) {
  return (
    <Button asChild variant="outline">
      <a href={href} download>
        <DownloadIcon aria-hidden="true" />
        Export CSV
      </a>
    </Button>
  )
}

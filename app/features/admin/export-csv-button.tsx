import { DownloadIcon } from 'lucide-react'
import { useState } from 'react'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { csvFileName, submissionsCsv } from '#app/features/admin/csv.ts'
import { fetchAllSubmissions } from '#app/features/admin/queries.ts'
import { toast } from '#app/lib/toast.ts'

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  // The browser has taken the file by the next task; freeing it at once can cancel the download.
  requestAnimationFrame(() => URL.revokeObjectURL(url))
}

/** Every submission (not only the page on screen) as a CSV file, built in the browser. */
export function ExportCsvButton({ disabled }: { disabled?: boolean }) {
  const [busy, setBusy] = useState(false)
  const exportAll = async () => {
    setBusy(true)
    try {
      download(submissionsCsv(await fetchAllSubmissions()), csvFileName())
    } catch {
      toast({
        variant: 'destructive',
        title: 'Export Failed',
        description: 'The submissions could not be exported. Please try again.',
      })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button variant="outline" onClick={exportAll} disabled={disabled || busy}>
      <BusyIcon busy={busy} icon={DownloadIcon} />
      {busy ? 'Exporting...' : 'Export CSV'}
    </Button>
  )
}

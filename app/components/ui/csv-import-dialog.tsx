import type { UseMutationResult } from '@tanstack/react-query'
import { UploadIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { BusyIcon } from '#app/components/ui/busy-icon.tsx'
import { Button } from '#app/components/ui/button.tsx'
import {
  Dialog,
  DialogCancel,
  DialogContent,
  DialogFooter,
  DialogHeading,
  DialogTrigger,
} from '#app/components/ui/dialog.tsx'
import { FormProblem } from '#app/components/ui/form-field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { ApiError } from '#app/lib/api-client.ts'

/**
 * 'Import CSV' of an admin list (subscribers, redirects): a dialog with the file field, what the
 * list adds to it (`children`), the file's size check, the server's refusal in the dialog, then what
 * was imported (`summary`) with 'Import another file' and 'Done'.
 */
export function CsvImportDialog<Result, Variables>({
  title,
  description,
  maxBytes,
  accept = '.csv,text/csv',
  importing,
  variables,
  check,
  onReset,
  preferFieldMessage = false,
  summary,
  children,
}: {
  title: string
  description: string
  maxBytes: number
  accept?: string
  importing: UseMutationResult<Result, Error, Variables>
  /** What the import is sent with, given the file's text. */
  variables: (csv: string) => Variables
  /** A problem with the list's own fields, said before anything is sent. */
  check?: () => string | null
  /** Clears the list's own fields when the dialog closes or starts again. */
  onReset?: () => void
  /** Show the refused field's message before the server's general one. */
  preferFieldMessage?: boolean
  summary: (result: Result) => React.ReactNode
  children?: React.ReactNode
}) {
  const [open, setOpen] = useState(false)
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [result, setResult] = useState<Result | null>(null)
  const id = useId()

  const reset = () => {
    setFile(null)
    setProblem(null)
    setResult(null)
    onReset?.()
    importing.reset()
  }

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    setProblem(null)
    if (!file) return setProblem('Choose a CSV file.')
    const own = check?.()
    if (own) return setProblem(own)
    if (file.size > maxBytes)
      return setProblem(`The file is too large: import at most ${maxBytes / 1024 / 1024} MB at a time.`)
    const csv = await file.text()
    importing.mutate(variables(csv), {
      onSuccess: setResult,
      onError: (error) => {
        const field = error instanceof ApiError ? Object.values(error.fields)[0] : undefined
        const server = error instanceof ApiError ? error.serverMessage : undefined
        setProblem(
          (preferFieldMessage ? (field ?? server) : (server ?? field)) ||
            'The file could not be imported. Please try again.',
        )
      },
    })
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (!next) reset()
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <UploadIcon aria-hidden="true" />
          Import CSV
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeading title={title} description={description} />
        {result !== null ? (
          <div className="grid gap-4">
            {summary(result)}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={reset}>
                Import another file
              </Button>
              <DialogCancel variant="default">Done</DialogCancel>
            </DialogFooter>
          </div>
        ) : (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-file`}>CSV file</Label>
              <Input
                id={`${id}-file`}
                type="file"
                accept={accept}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null)
                  setProblem(null)
                }}
              />
            </div>
            {children}
            <FormProblem className="break-words">{problem}</FormProblem>
            <DialogFooter>
              <DialogCancel />
              <Button type="submit" disabled={importing.isPending}>
                <BusyIcon busy={importing.isPending} icon={UploadIcon} />
                {importing.isPending ? 'Importing...' : 'Import'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}

/** The line that says what an import did. */
export function ImportSummary({ children }: { children: string }) {
  return (
    <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
      {children}
    </p>
  )
}

import { PlusIcon, XIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { TAG_MAX, TAGS_MAX } from '#common/limits.ts'

/** Adds a tag unless it is blank or already there (case-insensitive); SPEC §5. */
export function addTag(tags: readonly string[], raw: string): string[] {
  const tag = raw.trim().replace(/\s+/g, ' ')
  if (tag === '' || tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return [...tags]
  return [...tags, tag]
}

/** Tags typed one at a time: Enter or the + button adds, each chip has a remove button. */
export function TagInput({
  id,
  value,
  onChange,
  error,
}: {
  id: string
  value: string[]
  onChange: (tags: string[]) => void
  error?: string
}) {
  const [draft, setDraft] = useState('')
  const full = value.length >= TAGS_MAX
  const duplicate = draft.trim() !== '' && value.some((t) => t.toLowerCase() === draft.trim().toLowerCase())
  const commit = () => {
    const next = addTag(value, draft)
    if (next.length !== value.length) onChange(next)
    setDraft('')
  }
  const hintId = `${id}-hint`
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} className="text-slate-800">
        Tags
      </Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          maxLength={TAG_MAX}
          disabled={full}
          placeholder={full ? `At most ${TAGS_MAX} tags` : 'Add a tag and press Enter'}
          aria-describedby={hintId}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              commit()
            }
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          onClick={commit}
          disabled={full || draft.trim() === '' || duplicate}
          aria-label="Add tag"
          title="Add tag"
        >
          <PlusIcon aria-hidden="true" />
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground" aria-live="polite">
        {duplicate
          ? `"${draft.trim()}" is already a tag.`
          : 'Press Enter or + to add. Duplicates and blanks are ignored.'}
      </p>
      {error && <p className="text-sm font-medium text-destructive">{error}</p>}
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Added tags">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full border border-violet-200 bg-violet-50 py-0.5 pr-1 pl-3 text-sm font-medium text-violet-800"
            >
              {tag}
              <button
                type="button"
                onClick={() => onChange(value.filter((t) => t !== tag))}
                className="inline-flex size-6 items-center justify-center rounded-full text-violet-700 hover:bg-violet-100 focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={`Remove tag ${tag}`}
                title={`Remove tag ${tag}`}
              >
                <XIcon className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

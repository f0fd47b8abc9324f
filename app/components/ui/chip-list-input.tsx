import { PlusIcon, XIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { type AddOutcome, addItem, hasItem, removeItem } from '#app/components/ui/list-rules.ts'
import { cn } from '#app/lib/utils.ts'

/**
 * A list typed one item at a time (keywords, key points, tags): Enter or the + button adds,
 * blanks and duplicates are ignored (docs/product.md §5), every chip has its own remove button.
 */
export function ChipListInput({
  id,
  label,
  itemName,
  value,
  onChange,
  placeholder,
  hint,
  error,
  max,
  maxLength,
  optional,
  variant = 'chips',
  inputRef,
}: {
  id: string
  label: string
  /** 'keyword', 'key point', 'tag': used in the remove buttons' names and the hints. */
  itemName: string
  value: string[]
  onChange: (items: string[]) => void
  placeholder?: string
  hint?: string
  error?: string
  max?: number
  maxLength?: number
  optional?: boolean
  /** Chips wrap in a row; 'rows' lists longer items (key points) one under the other. */
  variant?: 'chips' | 'rows'
  inputRef?: React.Ref<HTMLInputElement>
}) {
  const [draft, setDraft] = useState('')
  const [notice, setNotice] = useState<string | null>(null)
  const full = max !== undefined && value.length >= max
  const duplicate = hasItem(value, draft)

  const commit = () => {
    const { list, outcome } = addItem(value, draft, max)
    setNotice(noticeFor(outcome, draft.trim(), itemName, max))
    if (outcome === 'added') onChange(list)
    if (outcome !== 'full') setDraft('')
  }

  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const listId = `${id}-list`
  const describedBy = [error ? errorId : null, hintId].filter(Boolean).join(' ')
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} className="flex items-baseline gap-1.5 text-slate-800">
        {label}
        {optional && <span className="text-xs font-normal text-muted-foreground">(optional)</span>}
      </Label>
      <div className="flex gap-2">
        <Input
          id={id}
          ref={inputRef}
          value={draft}
          maxLength={maxLength}
          disabled={full}
          placeholder={full ? `At most ${max} ${itemName}s` : placeholder}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          onChange={(e) => {
            setDraft(e.target.value)
            setNotice(null)
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              // Enter adds the item; it never submits the surrounding form.
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
          aria-label={`Add ${itemName}`}
          title={`Add ${itemName}`}
        >
          <PlusIcon aria-hidden="true" />
        </Button>
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <p id={hintId} className="text-xs text-muted-foreground">
        {duplicate ? `"${draft.trim()}" is already in the list.` : notice && !isStatus(notice) ? notice : hint}
      </p>
      {/* 'Added tag "x".' and 'Removed …' are for screen readers: the chips themselves show it. */}
      <p className="sr-only" aria-live="polite">
        {notice}
      </p>
      {value.length > 0 && (
        <ul
          id={listId}
          aria-label={`Added ${itemName}s`}
          className={cn(variant === 'rows' ? 'grid gap-2' : 'flex flex-wrap gap-2')}
        >
          {value.map((item) => (
            <li
              key={item}
              className={cn(
                'inline-flex items-center gap-1 border border-violet-200 bg-violet-50 text-sm font-medium text-violet-800',
                variant === 'rows'
                  ? 'justify-between rounded-lg py-1.5 pr-1.5 pl-3'
                  : 'rounded-full py-0.5 pr-1 pl-3 break-all',
              )}
            >
              <span className="min-w-0">{item}</span>
              <button
                type="button"
                onClick={() => {
                  onChange(removeItem(value, item))
                  setNotice(`Removed ${itemName} "${item}".`)
                }}
                className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-violet-700 hover:bg-violet-100 focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={`Remove ${itemName} ${item}`}
                title={`Remove ${itemName} ${item}`}
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

/** A notice that only reports what the list now shows (added, removed): announced, not displayed. */
const isStatus = (notice: string) => /^(?:Added|Removed) /.test(notice)

function noticeFor(outcome: AddOutcome, item: string, itemName: string, max?: number): string | null {
  switch (outcome) {
    case 'added':
      return `Added ${itemName} "${item}".`
    case 'duplicate':
      return `"${item}" is already in the list.`
    case 'full':
      return `At most ${max} ${itemName}s.`
    case 'blank':
      return null
  }
}

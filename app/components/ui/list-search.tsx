import { SearchIcon, XIcon } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#app/components/ui/select.tsx'
import { cn } from '#app/lib/utils.ts'

/** The Select's value of the first choice, which stands for '' (no filter). */
const ALL = 'all'

/** The search field of an admin list's filter form, with its Search button (submitting the form). */
export function SearchField({
  id,
  label,
  value,
  onChange,
  maxLength,
  placeholder,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  maxLength: number
  placeholder: string
}) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="search"
          value={value}
          maxLength={maxLength}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
        <Button type="submit" variant="outline">
          <SearchIcon aria-hidden="true" />
          Search
        </Button>
      </div>
    </div>
  )
}

/**
 * A labelled choice of an admin list's filter form: its first item (`allLabel`) is no filter, '' in
 * `value` and `onChange`; the others are `options`.
 */
export function FilterSelect({
  id,
  label,
  allLabel,
  options,
  value,
  onChange,
  className,
}: {
  id: string
  label: string
  allLabel: string
  options: readonly { value: string; label: string }[]
  value: string
  onChange: (value: string) => void
  className?: string
}) {
  return (
    <div className={cn('grid min-w-0 gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value || ALL} onValueChange={(v) => onChange(v === ALL ? '' : v)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}

/** 'Clear' at the end of an admin list's filter form: off while nothing is filtered. */
export function ClearFiltersButton({
  disabled,
  onClick,
  className = 'justify-self-end',
}: {
  disabled: boolean
  onClick: () => void
  className?: string
}) {
  return (
    <Button type="button" variant="ghost" className={className} disabled={disabled} onClick={onClick}>
      <XIcon aria-hidden="true" />
      Clear
    </Button>
  )
}

import { SearchIcon, XIcon } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'

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

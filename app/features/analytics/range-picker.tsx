import { useId, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { DayField } from '#app/components/ui/day-field.tsx'
import { customRangeProblem, PRESETS, type Range } from '#app/features/analytics/range.ts'

/** 7, 30 or 90 days at one press, or two dates of the admin's choosing ('Custom'). */
export function RangePicker({ range, onChange }: { range: Range; onChange: (next: Range) => void }) {
  const [custom, setCustom] = useState(range.kind === 'custom')
  return (
    <div className="grid gap-3">
      <fieldset className="inline-flex w-fit flex-wrap rounded-md border bg-white p-0.5">
        <legend className="sr-only">Range</legend>
        {PRESETS.map((days) => (
          <Button
            key={days}
            size="sm"
            variant={!custom && range.kind === days ? 'secondary' : 'ghost'}
            aria-pressed={!custom && range.kind === days}
            onClick={() => {
              setCustom(false)
              onChange({ kind: days, from: '', to: '' })
            }}
          >
            {`${days} days`}
          </Button>
        ))}
        <Button
          size="sm"
          variant={custom ? 'secondary' : 'ghost'}
          aria-pressed={custom}
          onClick={() => setCustom(true)}
        >
          Custom
        </Button>
      </fieldset>
      {custom && <CustomRange key={`${range.from}-${range.to}`} range={range} onApply={onChange} />}
    </div>
  )
}

function CustomRange({ range, onApply }: { range: Range; onApply: (next: Range) => void }) {
  const [from, setFrom] = useState(range.from)
  const [to, setTo] = useState(range.to)
  const [problem, setProblem] = useState<string | null>(null)
  const id = useId()
  const problemId = problem ? `${id}-problem` : undefined
  const apply = () => {
    const why = customRangeProblem(from, to)
    setProblem(why)
    if (!why) onApply({ kind: 'custom', from, to })
  }
  return (
    <form
      aria-label="Custom range"
      noValidate
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault()
        apply()
      }}
    >
      <DayField
        id={`${id}-from`}
        label="From"
        value={from}
        max={to}
        onChange={setFrom}
        problemId={problemId}
        inputClassName="w-40"
      />
      <DayField
        id={`${id}-to`}
        label="To"
        value={to}
        min={from}
        onChange={setTo}
        problemId={problemId}
        inputClassName="w-40"
      />
      <Button type="submit" variant="outline">
        Apply
      </Button>
      {problem && (
        <p id={problemId} role="alert" className="basis-full text-sm text-destructive">
          {problem}
        </p>
      )}
    </form>
  )
}

import { CheckCircle2Icon } from 'lucide-react'
import { placeholderKeys, Skeleton, SkeletonBars } from '#app/components/ui/skeleton.tsx'
import type { TopicItem } from '#common/contract/ai.ts'
import { categoryLabel } from '#common/text-rules.ts'

/**
 * docs/product.md §2 step 2: the topic cards as one radio group (native radios: arrow keys move between
 * cards, Space selects, the group is one tab stop). Each card shows category, title,
 * description and keywords.
 */
export function TopicPicker({
  topics,
  selected,
  onSelect,
  name,
  legendId,
}: {
  topics: TopicItem[]
  selected: number | null
  onSelect: (index: number) => void
  name: string
  legendId: string
}) {
  return (
    <fieldset className="grid gap-3">
      <legend id={legendId} className="mb-3 text-sm font-medium text-slate-800">
        Choose the topic to write about
      </legend>
      <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {topics.map((topic, index) => {
          const id = `${name}-${index}`
          const checked = selected === index
          return (
            <label
              key={`${topic.category}:${topic.title}`}
              htmlFor={id}
              className="group relative flex cursor-pointer flex-col gap-2 rounded-xl border-2 border-slate-200 bg-white p-4 text-left shadow-xs transition-colors hover:border-violet-300 hover:bg-violet-50/40 has-[:checked]:border-violet-600 has-[:checked]:bg-violet-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring"
            >
              <input
                type="radio"
                id={id}
                name={name}
                value={index}
                checked={checked}
                onChange={() => onSelect(index)}
                aria-labelledby={`${id}-title`}
                aria-describedby={`${id}-category ${id}-description ${id}-keywords`}
                className="absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-xl opacity-0"
              />
              <span className="flex items-start justify-between gap-2">
                <span
                  id={`${id}-category`}
                  className="rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-800"
                >
                  {categoryLabel(topic.category)}
                </span>
                <CheckCircle2Icon
                  className="size-5 shrink-0 text-violet-700 opacity-0 transition-opacity group-has-[:checked]:opacity-100"
                  aria-hidden="true"
                />
              </span>
              <span id={`${id}-title`} className="font-semibold leading-snug text-slate-900">
                {topic.title}
              </span>
              <span id={`${id}-description`} className="text-sm text-slate-600">
                {topic.description}
              </span>
              <span id={`${id}-keywords`} className="mt-auto flex flex-wrap gap-1.5 pt-1">
                <span className="sr-only">Keywords: </span>
                {topic.keywords.map((keyword) => (
                  <span
                    key={keyword}
                    className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 group-has-[:checked]:bg-white"
                  >
                    {keyword}
                  </span>
                ))}
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}

/** Six placeholder cards while the topics are being generated. */
export function TopicPickerSkeleton() {
  return (
    <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
      {placeholderKeys(6).map((key) => (
        <div key={key} className="grid gap-3 rounded-xl border-2 border-slate-100 bg-white p-4">
          <Skeleton className="h-5 w-24 rounded-full" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <SkeletonBars className="flex gap-1.5" bars={['h-5 w-16', 'h-5 w-20']} />
        </div>
      ))}
    </div>
  )
}

import type { ReactNode } from 'react'
import { cn } from '#app/lib/utils.ts'

/** A column of an admin list's table: its heading and the classes that size it and hide it on narrow screens. */
export type ListColumn = { label: ReactNode; className: string }

/**
 * An admin list's table (redirects, subscribers, the posts of an import): the grey header row of
 * `columns`, then the rows (`children`), dimmed while they are the previous page's placeholder.
 */
export function ListTable({
  columns,
  dimmed,
  children,
}: {
  columns: ListColumn[]
  dimmed?: boolean
  children: ReactNode
}) {
  return (
    <table className={cn('w-full table-fixed text-sm', dimmed && 'opacity-60')}>
      <thead className="border-b bg-slate-50 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase">
        <tr>
          {columns.map((column, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed; their order is their identity.
            <th key={i} scope="col" className={column.className}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y">{children}</tbody>
    </table>
  )
}

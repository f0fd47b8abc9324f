import type { ReactNode } from 'react'

/** A column of an admin list's table: its heading and the classes that size it and hide it on narrow screens. */
export type ListColumn = { label: ReactNode; className: string }

/** The grey header row of an admin list's table (redirects, subscribers, the posts of an import). */
export function ListTableHead({ columns }: { columns: ListColumn[] }) {
  return (
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
  )
}

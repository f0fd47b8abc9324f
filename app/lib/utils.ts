import { type ClassValue, clsx } from 'clsx'
import { mergeClasses } from '#app/lib/class-merge.ts'

let merge: (classList: string) => string = mergeClasses

/**
 * Public pages merge classes with the small `mergeClasses` (decision 037, addendum: tailwind-merge
 * is ~9 KB gzipped on every page). The server (`entry.server.tsx`) and the admin screens
 * (`routes/admin/layout.tsx`) hand tailwind-merge itself here; on public pages the two give the
 * same classes (`class-merge.test.ts`), so the server's HTML and the hydrated page agree.
 */
export function setClassMerge(fn: (classList: string) => string) {
  merge = fn
}

export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs))
}

import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { AdminPage } from '#app/features/admin/admin-page.tsx'

/** What a guarded screen shows while the session is being checked (docs/product.md §2: skeleton placeholders). */
export function AdminScreenSkeleton() {
  return (
    <AdminPage>
      <div role="status" aria-live="polite">
        <span className="sr-only">Checking your session…</span>
        <div className="mb-8 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div className="space-y-3">
            <Skeleton className="h-8 w-64" />
            <Skeleton className="h-5 w-80 max-w-full" />
          </div>
          <div className="flex gap-2">
            <Skeleton className="h-10 w-36" />
            <Skeleton className="h-10 w-24" />
          </div>
        </div>
        <div className="mb-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-[104px] rounded-xl" />
          ))}
        </div>
        <Skeleton className="h-96 rounded-xl" />
      </div>
    </AdminPage>
  )
}

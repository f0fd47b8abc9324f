import { LoaderCircleIcon, type LucideIcon } from 'lucide-react'

/** A button's icon that turns into a spinner while the button's action runs (still under reduced motion). */
export function BusyIcon({ busy, icon: Icon }: { busy: boolean; icon: LucideIcon }) {
  if (busy) return <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
  return <Icon aria-hidden="true" />
}

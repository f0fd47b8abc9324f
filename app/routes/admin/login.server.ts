import { redirect } from 'react-router'
import { safeNext } from '#app/features/admin/safe-next.ts'
import { pageContext } from '#app/lib/context.ts'
import type { Route } from './+types/login'

/** An admin who is already signed in has nothing to do here: on to the screen asked for. */
export function loader({ context, request }: Route.LoaderArgs) {
  if (context.get(pageContext).userId !== null) throw redirect(safeNext(new URL(request.url).searchParams.get('next')))
  return null
}

import { useQuery } from '@tanstack/react-query'
import { adminScreen } from '#app/features/admin/admin-screen.tsx'
import { ContactInbox } from '#app/features/admin/contact-inbox.tsx'
import { ExportCsvButton } from '#app/features/admin/export-csv-button.tsx'
import { contactCountOptions } from '#app/features/admin/queries.ts'
import type { Route } from './+types/contacts'

/** 'Export CSV', off while the inbox is empty. */
function ExportAction() {
  const count = useQuery(contactCountOptions())
  return <ExportCsvButton disabled={count.data === 0} />
}

const screen = adminScreen('contacts', ContactInbox, ExportAction)
export const meta: Route.MetaFunction = screen.meta
export default screen.Page
export const ErrorBoundary = screen.ErrorBoundary

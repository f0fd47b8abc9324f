import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiUpload } from '#app/lib/api-client.ts'
import { IMPORT_UPLOAD_PATH, ImportReport } from '#common/contract/import.ts'

// Issue 31: the import screen's calls (server/api/import.ts).

export const importKeys = {
  all: ['admin', 'import'] as const,
  run: (id: number) => [...importKeys.all, id] as const,
}

/** A run that is still importing: the screen asks again every second until it is done or failed. */
export const isRunning = (report: ImportReport | undefined) => report?.state === 'queued' || report?.state === 'running'

export const importRunOptions = (id: number) =>
  queryOptions({
    queryKey: importKeys.run(id),
    queryFn: () => api.get(`/api/admin/import/${id}`, ImportReport),
    refetchInterval: (query) => (isRunning(query.state.data) ? 1000 : false),
  })

/** The dry run: the file itself goes as the body; the answer is what an import would do. */
export function useCheckImport() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ file, siteUrl }: { file: File; siteUrl: string }) =>
      apiUpload(`${IMPORT_UPLOAD_PATH}?${new URLSearchParams({ fileName: file.name, siteUrl })}`, file, ImportReport),
    onSuccess: (report) => qc.setQueryData(importKeys.run(report.id), report),
  })
}

/** 'Import': the checked run becomes a job (queued); its progress is then polled. */
export function useStartImport() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.post(`/api/admin/import/${id}/start`, undefined, ImportReport),
    onSuccess: (report) => qc.setQueryData(importKeys.run(report.id), report),
    onSettled: (_data, _error, id) => qc.invalidateQueries({ queryKey: importKeys.run(id) }),
  })
}

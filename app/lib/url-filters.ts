import { useSearchParams } from 'react-router'

/**
 * A list screen's filters and page, held in the address (?…&page=) so a reload or a shared link
 * shows the same rows. `parse` reads the screen's own filters from the search params (anything it
 * does not accept is '', no filter). `set` writes them back, the page to 1 unless it is given, and
 * leaves out empty values and page 1; it replaces the history entry and keeps the scroll.
 */
export function useUrlFilters<F extends { [K in keyof F]: string }>(parse: (params: URLSearchParams) => F) {
  const [params, setParams] = useSearchParams()
  const filters = parse(params)
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const set = (changes: Partial<F> & { page?: number }) => {
    const next: Record<string, string | number | undefined> = { ...filters, page: 1, ...changes }
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(next)) {
      if (value !== '' && !(key === 'page' && value === 1)) search.set(key, String(value))
    }
    setParams(search, { replace: true, preventScrollReset: true })
  }
  return { filters, page, set }
}

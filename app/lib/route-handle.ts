/**
 * What a route module's `handle` may say. `hydrate: false`: a page loaded as a document is sent
 * without React, with its island script only (app/root.tsx). docs/decisions/043
 */
export interface RouteHandle {
  hydrate?: false
  /** The island script of such a page: the landing page's own (app/islands/landing.ts). docs/decisions/066 */
  island?: 'landing'
  /** Issue 32: the editor's preview of a post; its island counts no view or visit. docs/decisions/053 */
  preview?: true
}

/** Whether one of a page's route handles says it is the editor's preview. */
export const isPreview = (handles: readonly unknown[]) =>
  handles.some((handle) => (handle as RouteHandle | undefined)?.preview === true)

/** Whether one of a page's route handles says it is sent without React. */
export const withoutReact = (handles: readonly unknown[]) =>
  handles.some((handle) => (handle as RouteHandle | undefined)?.hydrate === false)

/** The island script a page sent without React runs: the landing page's, else the common one. */
export const islandOf = (handles: readonly unknown[]): 'landing' | 'public-page' =>
  handles.some((handle) => (handle as RouteHandle | undefined)?.island === 'landing') ? 'landing' : 'public-page'

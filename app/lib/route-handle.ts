/**
 * What a route module's `handle` may say. `hydrate: false`: a page loaded as a document is sent
 * without React, with its island script only (app/root.tsx). docs/decisions/043
 */
export interface RouteHandle {
  hydrate?: false
  /** Issue 32: the editor's preview of a post; its island counts no view or visit. docs/decisions/053 */
  preview?: true
}

/** Whether one of a page's route handles says it is the editor's preview. */
export const isPreview = (handles: readonly unknown[]) =>
  handles.some((handle) => (handle as RouteHandle | undefined)?.preview === true)

/** Whether one of a page's route handles says it is sent without React. */
export const withoutReact = (handles: readonly unknown[]) =>
  handles.some((handle) => (handle as RouteHandle | undefined)?.hydrate === false)

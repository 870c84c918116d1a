/** The dashboard's addresses this folder links to. */

/** The before/after view of a re-run against its parent: /runs/{child}/vs/{parent}. */
export function lineagePath(childId: string, parentId: string): string {
  return `/runs/${encodeURIComponent(childId)}/vs/${encodeURIComponent(parentId)}`;
}

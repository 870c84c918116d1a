/** Cancel a comparison: POST /api/v1/comparisons/{id}/cancel drops its queued
 * runs (runs already finished stay stored, running ones finish) and answers
 * the comparison as it now is, which replaces the polled one in the cache so
 * the page shows "cancelled" at once. Idempotent on the server. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ComparisonsService, type ComparisonPublic, unwrap } from "../../lib/api";

/** The one call of the cancel endpoint. */
export function cancelComparison(id: string): Promise<ComparisonPublic> {
  return unwrap(ComparisonsService.cancelComparison({ path: { comparison_id: id } }), "could not cancel the comparison");
}

export function useCancelComparison(id: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => cancelComparison(id),
    onSuccess: (comparison) => {
      // the key of useComparison (lib/queries.ts): its polling goes on from this answer
      queries.setQueryData(["comparison", id], comparison);
    },
  });
}

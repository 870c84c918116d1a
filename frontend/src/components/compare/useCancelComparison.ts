/** Cancel a comparison: POST /api/v1/comparisons/{id}/cancel drops its queued
 * runs (runs already finished stay stored, running ones finish) and answers
 * the comparison as it now is, which replaces the polled one in the cache so
 * the page shows "cancelled" at once. Idempotent on the server. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { client } from "../../client/client.gen";
import { type ComparisonPublic, unwrap } from "../../lib/api";

/** The one call of the cancel endpoint (contract of issue #9). The generated
 * client does not have it yet: once `make client` runs against the backend
 * that serves it, this becomes
 * `ComparisonsService.cancelComparison({ path: { comparison_id: id } })`. */
export function cancelComparison(id: string): Promise<ComparisonPublic> {
  return unwrap(
    client.post<{ 200: ComparisonPublic }, unknown>({ url: "/api/v1/comparisons/{comparison_id}/cancel", path: { comparison_id: id } }),
    "could not cancel the comparison",
  );
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

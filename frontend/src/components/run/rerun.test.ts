import { afterEach, describe, expect, it, vi } from "vitest";
import { RunsService } from "../../lib/api";
import { submitRerun } from "./rerun";

const plan = { scenario: { seed: 1 }, note: null } as unknown as Parameters<typeof submitRerun>[0];

function stubCreate() {
  return vi
    .spyOn(RunsService, "createRun")
    .mockResolvedValue({ data: { runs: [{ id: "child" }] } } as unknown as Awaited<ReturnType<typeof RunsService.createRun>>);
}

describe("submitRerun", () => {
  afterEach(() => vi.restoreAllMocks());

  it("names the run it was made from, so the server keeps the lineage", async () => {
    const create = stubCreate();
    expect(await submitRerun(plan, "parent-id")).toBe("child");
    expect(create).toHaveBeenCalledWith({ body: { scenario: { seed: 1 }, parent_run_id: "parent-id" } });
  });

  it("sends no parent when it has none", async () => {
    const create = stubCreate();
    await submitRerun(plan);
    expect(create).toHaveBeenCalledWith({ body: { scenario: { seed: 1 } } });
  });
});

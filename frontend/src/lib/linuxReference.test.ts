import raw from "./forms/fixtures/catalogue.json";
import { parseCatalogue } from "./forms/catalogue";
import { figureText, matchText, memberReference, notModelledText, parseLinuxReference } from "./linuxReference";

const ref = parseLinuxReference(raw.linux_reference);
/** The engine's table, straight from the JSON: what the dashboard must count. */
const rawCases = raw.linux_reference.cases as unknown as { id: string; modelled: boolean; agrees: boolean; needs: string | null; mechanisms: Record<string, string> }[];
const naming = (fam: string, m: string) => rawCases.filter((c) => c.mechanisms[fam] === m);

describe("the Linux reference from the catalogue", () => {
  it("parses every case of the engine's table", () => {
    expect(ref).not.toBeNull();
    expect(ref!.kernel).toBe(raw.linux_reference.kernel);
    expect(ref!.tickMs).toBe(raw.linux_reference.tick_ms);
    expect(ref!.cases.map((c) => c.id)).toEqual(rawCases.map((c) => c.id));
    expect(parseCatalogue(raw).linuxReference?.cases).toHaveLength(rawCases.length);
    const first = ref!.cases[0];
    expect(first.scenario).toHaveProperty("flows");
  });

  it("counts, per member, the cases that name it: matches and not modelled yet", () => {
    const rto = memberReference(ref, "timer", "rto")!;
    const rtoRaw = naming("timer", "rto");
    expect(rto.matches).toHaveLength(rtoRaw.filter((c) => c.modelled && c.agrees).length);
    expect(rto.notModelled.map((c) => c.id)).toEqual(rtoRaw.filter((c) => !c.modelled).map((c) => c.id));
    // the cases naming the RTO that are not modelled (today the restored cwnd of the no-SACK timestamp undo)
    expect(notModelledText(rto)).toBe(rto.notModelled.length ? `${rto.notModelled.length} not modelled yet` : "");
    // the same table with two more of its RTO cases not modelled: counted, each saying what it needs
    const already = rtoRaw.filter((c) => !c.modelled).map((c) => c.id);
    const ids = rtoRaw.filter((c) => c.modelled).slice(0, 2).map((c) => c.id);
    const edited = parseLinuxReference({
      ...raw.linux_reference,
      cases: raw.linux_reference.cases.map((c) => (ids.includes(c.id) ? { ...c, modelled: false, needs: "a model of it" } : c)),
    })!;
    const rto2 = memberReference(edited, "timer", "rto")!;
    expect(rto2.notModelled.map((c) => c.id)).toEqual(rtoRaw.filter((c) => ids.includes(c.id) || already.includes(c.id)).map((c) => c.id));
    expect(rto2.notModelled.every((c) => c.needs)).toBe(true);
    expect(notModelledText(rto2)).toBe(`${already.length + 2} not modelled yet`);

    const tlp = memberReference(ref, "timer", "tlp_rfc8985")!;
    const n = naming("timer", "tlp_rfc8985").filter((c) => c.modelled && c.agrees).length;
    expect(matchText(tlp)).toBe(`Matches ${raw.linux_reference.kernel} on ${n} reference cases (times within one ${raw.linux_reference.tick_ms} ms tick)`);
    expect(notModelledText(tlp)).toBe("");
    // a member no case names gets no line
    expect(memberReference(ref, "cc", "vegas")).toBeNull();
  });

  it("says where the engine differs, and one case in the singular", () => {
    const r = parseLinuxReference({
      kernel: "Linux 9",
      tick_ms: 4,
      cases: [
        { id: "a", modelled: true, agrees: true, mechanisms: { cc: "reno" } },
        { id: "b", modelled: true, agrees: false, mechanisms: { cc: "reno" } },
      ],
    });
    expect(matchText(memberReference(r, "cc", "reno")!)).toBe("Matches Linux 9 on 1 reference case (times within one 4 ms tick); differs on 1");
  });

  it("shows nothing for a server without the table, and skips malformed cases", () => {
    expect(parseLinuxReference(undefined)).toBeNull();
    expect(parseCatalogue({ engine_version: "0.0.1" }).linuxReference).toBeNull();
    expect(memberReference(null, "timer", "rto")).toBeNull();
    const r = parseLinuxReference({ cases: [null, { id: "" }, { id: "x", mechanisms: { timer: 3, cc: "reno" }, kernel: "open", engine: {} }] })!;
    expect(r.cases).toHaveLength(1);
    expect(r.cases[0].mechanisms).toEqual({ cc: "reno" });
    expect(r.cases[0].kernel).toBe("open");
    expect(r.cases[0].engine).toBeNull();
    expect(r.cases[0].scenario).toBeNull();
  });

  it("writes figures with their unit", () => {
    expect(figureText(304, "ms")).toBe("304 ms");
    expect(figureText(107.338, "ms")).toBe("107.3 ms");
    expect(figureText("open", "state")).toBe("open");
    expect(figureText(null, "ms")).toBe("–");
  });
});

import { act } from "react";
import raw from "../../lib/forms/fixtures/catalogue.json";
import { parseCatalogue } from "../../lib/forms/catalogue";
import { MechanismPicker } from "../scenario/MechanismPicker";
import { render } from "../compare/testing";
import { LinuxReferenceTable } from "./LinuxReferenceTable";
import { MemberReferenceLine } from "./MemberReferenceLine";

const cat = parseCatalogue(raw);
const cases = raw.linux_reference.cases;
const kernel = raw.linux_reference.kernel;

describe("the Linux reference in the dashboard", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("the picker's member docs say how each chosen member fares against the kernel", async () => {
    // the engine's table with two more of its RTO cases marked not modelled: counted behind a
    // disclosure with the ones not modelled already, each saying what it needs
    const rtoCases = cases.filter((c) => c.mechanisms.timer === "rto");
    const ids = rtoCases.filter((c) => c.modelled).slice(0, 2).map((c) => c.id);
    const shown = rtoCases.filter((c) => !c.modelled || ids.includes(c.id));
    const edited = parseCatalogue({
      ...raw,
      linux_reference: { ...raw.linux_reference, cases: cases.map((c) => (ids.includes(c.id) ? { ...c, modelled: false, needs: "a model of it" } : c)) },
    });
    const r = await render(
      <MechanismPicker catalogue={edited} value={{ family: "timer", choices: ["rto", "tlp_rfc8985", "tlp"] }} scope="flows[*]" quickPicks={[]} onFamily={() => {}} onChange={() => {}} />,
    );
    const rto = r.container.querySelector('[data-testid="reference-timer-rto"]')!;
    expect(rto.textContent).toContain(`Matches ${kernel} on`);
    const summary = rto.querySelector("summary")!;
    expect(summary.textContent).toBe(`${shown.length} not modelled yet`);
    const items = [...rto.querySelectorAll("li")].map((li) => li.textContent);
    expect(items).toEqual(shown.map((c) => `${c.id}: needs ${ids.includes(c.id) ? "a model of it" : c.needs}`));
    expect(r.container.querySelector('[data-testid="reference-timer-tlp_rfc8985"]')!.querySelector("details")).toBeNull();
    // a member no reference case names: no line at all
    expect(r.container.querySelector('[data-testid="reference-timer-tlp"]')).toBeNull();
    expect(r.container.querySelector('[data-member="tlp"]')).not.toBeNull();
    r.unmount();
    // the engine's own table: the RTO's cases all modelled, no disclosure
    const own = await render(
      <MechanismPicker catalogue={cat} value={{ family: "timer", choices: ["rto"] }} scope="flows[*]" quickPicks={[]} onFamily={() => {}} onChange={() => {}} />,
    );
    const pending = cases.filter((c) => c.mechanisms.timer === "rto" && !c.modelled);
    expect(own.container.querySelector('[data-testid="reference-timer-rto"] details') !== null).toBe(pending.length > 0);
    own.unmount();
  });

  it("shows nothing without a reference", async () => {
    const r = await render(
      <>
        <MemberReferenceLine reference={null} family="timer" member="rto" />
        <LinuxReferenceTable reference={parseCatalogue({}).linuxReference} />
      </>,
    );
    expect(r.container.textContent).toBe("");
    r.unmount();
  });

  it("the table lists every case, kernel against engine, and opens a case's scenario", async () => {
    const opened: string[] = [];
    const r = await render(<LinuxReferenceTable reference={cat.linuxReference} catalogue={cat} onOpen={(c) => opened.push(c.id)} />);
    const table = r.container.querySelector("table")!;
    const rows = [...table.querySelectorAll("tbody tr")];
    expect(rows.map((tr) => tr.getAttribute("data-case"))).toEqual(cases.map((c) => c.id));
    const agree = cases.filter((c) => c.modelled && c.agrees).length;
    expect(r.container.querySelector("summary")!.textContent).toContain(`${agree} of ${cases.length} reference cases agree`);
    const first = rows[0].querySelectorAll("td");
    expect(first[1].textContent).toBe(`${cases[0].kernel} ${cases[0].unit}`);
    expect(first[3].textContent).toBe("agrees");
    const pending = cases.find((c) => !c.modelled)!;
    const row = rows.find((tr) => tr.getAttribute("data-case") === pending.id)!;
    expect(row.textContent).toContain("not modelled yet");
    expect(row.textContent).toContain(pending.needs as string);
    const open = row.querySelector("button")!;
    expect(open.getAttribute("aria-label")).toBe(`Open case ${pending.id} in the builder`);
    await act(async () => open.click());
    expect(opened).toEqual([pending.id]);
    r.unmount();
  });
});

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
    const r = await render(
      <MechanismPicker catalogue={cat} value={{ family: "timer", choices: ["rto", "tlp_rfc8985", "tlp"] }} scope="flows[*]" quickPicks={[]} onFamily={() => {}} onChange={() => {}} />,
    );
    const rto = r.container.querySelector('[data-testid="reference-timer-rto"]')!;
    const pending = cases.filter((c) => c.mechanisms.timer === "rto" && !c.modelled);
    expect(rto.textContent).toContain(`Matches ${kernel} on`);
    const summary = rto.querySelector("summary")!;
    expect(summary.textContent).toBe(`${pending.length} not modelled yet`);
    // what each one needs, behind the disclosure
    const items = [...rto.querySelectorAll("li")].map((li) => li.textContent);
    expect(items).toEqual(pending.map((c) => `${c.id}: needs ${c.needs}`));
    expect(r.container.querySelector('[data-testid="reference-timer-tlp_rfc8985"]')!.querySelector("details")).toBeNull();
    // a member no reference case names: no line at all
    expect(r.container.querySelector('[data-testid="reference-timer-tlp"]')).toBeNull();
    expect(r.container.querySelector('[data-member="tlp"]')).not.toBeNull();
    r.unmount();
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

/** Which mechanism variables of the catalogue a run's flow can show: those
 * whose family/member is what the flow picked (scenario.flows[flow].<key> ===
 * member, with the family's key from the catalogue: tcp.cc, app.kind, ...). A
 * family the scenario does not name falls back to the catalogue's default for
 * that key. Nothing here knows a variable, a family or its key by name: the
 * catalogue says it all. */
import { type Catalogue, findParam, type MechanismVar } from "./forms/catalogue";
import { getPath, isObject } from "./forms/paths";

/** What of the catalogue the lookup reads: the families' keys and the flow parameters' defaults. */
export type FamilyKeys = Pick<Catalogue, "families" | "params">;

/** The member the flow uses for `family`, or null when neither the scenario nor the catalogue says. */
export function memberOf(scenario: unknown, flow: number, family: string, cat: FamilyKeys): string | null {
  const key = cat.families.find((f) => f.name === family)?.key;
  if (!key) return null;
  const flows = isObject(scenario) && Array.isArray(scenario.flows) ? scenario.flows : [];
  const v = getPath(flows[flow], key);
  if (typeof v === "string" && v) return v;
  if (!isObject(flows[flow])) return null;
  const d = findParam(cat, "flow", key)?.default;
  return typeof d === "string" && d ? d : null;
}

/** The catalogue's variables that the flow's mechanisms declare, in catalogue order. */
export function varsForFlow(vars: readonly MechanismVar[], scenario: unknown, flow: number, cat: FamilyKeys): MechanismVar[] {
  const members = new Map<string, string | null>();
  return vars.filter((v) => {
    if (!members.has(v.family)) members.set(v.family, memberOf(scenario, flow, v.family, cat));
    return members.get(v.family) === v.member;
  });
}

/** Which mechanism variables of the catalogue a run's flow can show: those
 * whose family/member is what the flow's TCP configuration picked
 * (scenario.flows[flow].tcp.<family> === member). A family the scenario does
 * not name falls back to the catalogue's default for flows[].tcp.<family>.
 * Nothing here knows a variable by name: the catalogue says it all. */
import type { CatalogueParam, MechanismVar } from "./forms/catalogue";
import { isObject } from "./forms/paths";

/** The member the flow uses for `family`, or null when neither the scenario nor the catalogue says. */
export function memberOf(scenario: unknown, flow: number, family: string, params: readonly CatalogueParam[] = []): string | null {
  const flows = isObject(scenario) && Array.isArray(scenario.flows) ? scenario.flows : [];
  const f = flows[flow];
  const tcp = isObject(f) && isObject(f.tcp) ? f.tcp : {};
  const v = tcp[family];
  if (typeof v === "string" && v) return v;
  const p = params.find((q) => q.path === `flows[].tcp.${family}`);
  return p && typeof p.default === "string" && p.default ? p.default : null;
}

/** The catalogue's variables that the flow's mechanisms declare, in catalogue order. */
export function varsForFlow(vars: readonly MechanismVar[], scenario: unknown, flow: number, params: readonly CatalogueParam[] = []): MechanismVar[] {
  const members = new Map<string, string | null>();
  return vars.filter((v) => {
    if (!members.has(v.family)) members.set(v.family, memberOf(scenario, flow, v.family, params));
    return members.get(v.family) === v.member;
  });
}

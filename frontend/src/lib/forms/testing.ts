/** Test helpers: the engine's catalogue (a fixture) as a later engine might
 * publish it. Not imported by the application. */

type Raw = Record<string, unknown> & { parameters: Record<string, unknown>[]; families: Record<string, unknown>[] };

/** The catalogue with spurious-timeout detectors registered: tcp.spurious offers
 * three names (at most two at once) and the spurious family, chosen at tcp.spurious, lists them. */
export function withDetectors<T extends Raw>(raw: T, max = 2): T {
  const members = [
    { name: "frto", label: "F-RTO", doc: "Forward RTO-Recovery (RFC 5682)." },
    { name: "eifel", label: "Eifel", doc: "Eifel detection (RFC 3522)." },
    { name: "dsack", label: "DSACK undo", doc: "Undo on a DSACK of the retransmission (RFC 3708)." },
  ];
  return {
    ...raw,
    parameters: raw.parameters.map((p) => (p.type === "set" && p.key === "tcp.spurious" ? { ...p, choices: members.map((m) => m.name), max } : p)),
    families: raw.families.map((f) => (f.name === "spurious" ? { ...f, key: "tcp.spurious", members: members.map((m) => ({ ...m, params: [] })) } : f)),
  };
}

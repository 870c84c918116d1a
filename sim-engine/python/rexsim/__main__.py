"""python -m rexsim {run FILE.json [--trace out.csv] | catalog | presets [NAME] | schema | reference | gallery [ID]}"""
# ruff: noqa: T201  (a command-line tool: printing is its output)

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from . import ScenarioError, catalog, gallery, linux_reference, preset_scenario, presets, run, scenario_schema


def _cmd_reference() -> int:
    """The Linux reference table: kernel vs engine, per case."""
    t = linux_reference.table()
    print(f"{t['kernel']} (HZ {t['hz']}), from {t['source']}; agreement band: one tick + timer-wheel lateness")
    print(f"{'case':26} {'kernel':>9} {'engine':>9}  {'band':>15}  verdict")
    for c in t["cases"]:
        band = f"[{c['low']:g}, {c['high']:g}]" if c["low"] is not None and c["high"] is not None else c["unit"]
        verdict = "agrees" if c["agrees"] else "differs"
        if not c["modelled"]:
            verdict += f" (not modelled yet: {c['needs']})"
        print(f"{c['id']:26} {c['kernel']!s:>9} {c['engine']!s:>9}  {band:>15}  {verdict}")
    return 0


def _print_table(card: dict[str, Any], res: dict[str, Any], panel_id: str) -> None:
    """A table card's panel as the paper's table: Rexmit's mean (display
    units), then each published value (e.g. Numerical, Experimental)."""
    chart = card["chart"]
    rows = gallery.table_rows(res, panel_id)
    head = "  ".join(f"{c['x_display']:>14g}" for c in rows[0]["cells"]) if rows else ""
    print(f"  {chart['x_label'] + ' (' + chart['x_unit'] + ')':24} {head}")
    for row in rows:
        name = row["variant"] if row["rows_value"] is None else f"{row['rows_value']} {row['variant']}"
        print(f"  {name:24} " + "  ".join(f"{c['mean']:>14.3f}" for c in row["cells"]))
        for label in {k: None for c in row["cells"] for k in c["published"]}:
            vals = [c["published"].get(label, {}).get("value") for c in row["cells"]]
            print(f"  {'  paper ' + label.lower():24} " + "  ".join(f"{'-' if v is None else v:>14}" for v in vals))


def _cmd_gallery(card_id: str | None) -> int:
    """The gallery's cards; with a card id, its grid run with the engine (as
    its comparison runs it), the figure as numbers and each quoted finding's
    status, and the wall time it took."""
    if card_id is None:
        for c in gallery.cards():
            print(f"{c['id']:18} {c['figure']:7} {c['n_runs']:4} runs  {c['title']}")
        return 0
    try:
        card = gallery.card(card_id)
    except KeyError as e:
        print(f"rexsim: {e.args[0]}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    res = gallery.reproduce(card)
    took = time.perf_counter() - t0
    print(f"{card['citation']}: {card['title']}")
    variants = list(card["variants"])
    for panel in card["panels"]:
        print(f"\n{panel['label']}")
        if card["chart"]["kind"] == "table":
            _print_table(card, res, panel["id"])
            continue
        for cell in gallery.panel_cells(res, panel["id"]):
            rest = {k: v for k, v in cell["params"].items() if k not in panel["where"]}
            where = ", ".join(f"{k.rsplit('.', 1)[-1]} = {v}" for k, v in rest.items()) or "-"
            if card["chart"]["kind"] == gallery.TIMESERIES:
                # one run per panel: what the findings read of it (gallery.time_plot_summary)
                run = cell["variants"][panel["variant"]]["runs"][panel["replication"]]
                a, b = run["longest_gap_s"]
                shown = (
                    f"RTOs at {', '.join(f'{t:.2f}' for t in run['rto_s']) or '-'} s; undo at "
                    f"{', '.join(f'{t:.3f}' for t in run['undo_s']) or '-'} s; cwnd after the first ACK "
                    f"{run['cwnd_after_first_ack_pkts']} pkts, mean {run['mean_cwnd_pkts']:.1f}; longest stall "
                    f"{a:.2f}-{b:.2f} s; ACKed {run['acked_mb']:.3f} MB"
                )
            elif card["chart"]["kind"] == "bars":
                shown = "  ".join(f"{v} {cell['variants'][v]['normalized_mean']:.3f}" for v in variants)
            else:
                shown = "  ".join(f"{v} mean {cell['variants'][v]['mean']:.0f}" for v in variants)
            print(f"  {where:24} {shown}")
    print()
    for f in card["findings"]:
        print(f"[{f['status']:7}] {f['section']} {f['id']}: {f['rexmit']}")
    print(f"\n{card['n_runs']} runs in {took:.2f} s")
    return 0


def _cmd_run(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":
            scenario = json.load(sys.stdin)
        else:
            with open(args.file, encoding="utf-8") as f:
                scenario = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        print(f"rexsim: cannot read scenario {args.file}: {e}", file=sys.stderr)
        return 2
    if args.preset:
        scenario = preset_scenario(args.preset, args.variant, scenario)
    try:
        result = run(scenario)
    except ScenarioError as e:
        print(f"rexsim: invalid scenario: {e}", file=sys.stderr)
        return 2
    if args.trace:
        with open(args.trace, "w", newline="", encoding="utf-8") as out:
            result.trace.write_csv(out)
    json.dump(result.summary(), sys.stdout, indent=2)
    print()
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="rexsim", description="Rexmit's TCP loss-recovery simulator")
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run", help="run a scenario JSON file and print its metrics as JSON")
    r.add_argument("file", help="scenario JSON ('-' for stdin)")
    r.add_argument("--trace", metavar="OUT.csv", help="also write the event trace as CSV")
    r.add_argument("--preset", help="start from this preset; FILE holds overrides ({} for none)")
    r.add_argument("--variant", help="the preset variant to apply")
    sub.add_parser("catalog", help="print every parameter and mechanism as JSON")
    p = sub.add_parser("presets", help="list presets, or print one with its scenario")
    p.add_argument("name", nargs="?")
    sub.add_parser("schema", help="print the scenario JSON Schema")
    sub.add_parser("reference", help="Linux 6.18's reference cases next to the engine's figures")
    g = sub.add_parser("gallery", help="list the paper gallery's cards, or reproduce one with the engine")
    g.add_argument("card", nargs="?")
    args = ap.parse_args(argv)
    if args.cmd == "run":
        return _cmd_run(args)
    if args.cmd == "reference":
        return _cmd_reference()
    if args.cmd == "gallery":
        return _cmd_gallery(args.card)
    if args.cmd == "catalog":
        json.dump(catalog(), sys.stdout, indent=2)
    elif args.cmd == "schema":
        json.dump(scenario_schema(), sys.stdout, indent=2)
    elif args.cmd == "presets":
        ps = presets()
        if args.name:
            if args.name not in ps:
                print(f"rexsim: unknown preset {args.name!r}; known: {', '.join(sorted(ps))}", file=sys.stderr)
                return 2
            json.dump({"name": args.name, **ps[args.name]}, sys.stdout, indent=2)
        else:
            json.dump(
                [
                    {"name": k, **{f: v[f] for f in ("title", "section", "figure", "citation", "description")}}
                    for k, v in ps.items()
                ],
                sys.stdout,
                indent=2,
            )
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())

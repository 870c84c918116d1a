"""The mobile-recovery paper's Tables 1 and 4 (recovery_utilisation of one burst of losses) as the engine gives
them, with overrides on top of the preset's variants: runs orsb-table1-burst-size or
orsb-table4-burst-size-optimised (rexsim.presets), one run per cell (no randomness), and prints each cell's
recovery_utilisation, application stall and RTO count per variant.

Issue #11's QARR/BARR switch, off and on:

  .venv/bin/python sim-engine/bench/orsb_utilisation.py orsb-table4-burst-size-optimised
  .venv/bin/python sim-engine/bench/orsb_utilisation.py orsb-table4-burst-size-optimised \\
      --set 'flows[*].tcp.recovery_params.qarr.skip_cc_loss_response=true' \\
      --set 'flows[*].tcp.recovery_params.barr.skip_cc_loss_response=true' --set-variants QARR,BARR

Asserts nothing (a measurement; the presets' claims are tested in tests/python/test_orsb_claims.py).
"""
# ruff: noqa: T201  (a measurement: it prints its figures)

from __future__ import annotations

import argparse
import json

import rexsim
from rexsim.presets import PRESETS
from rexsim.scenario import apply_overrides, grid_cells


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("preset")
    ap.add_argument("--set", action="append", default=[], help="KEY=JSON: an override on top of each variant")
    ap.add_argument("--set-variants", default=None, help="NAME,NAME: the variants --set applies to (default all)")
    a = ap.parse_args()
    p = PRESETS[a.preset]
    extra = {k: json.loads(v) for k, v in (o.split("=", 1) for o in a.set)}
    set_on = set(a.set_variants.split(",")) if a.set_variants else set(p["variants"])
    for cell in grid_cells(p["grid"]):
        base = apply_overrides(p["scenario"], cell)
        shown = {k.split(".")[-1]: v for k, v in cell.items()}
        out = []
        for name, ov in p["variants"].items():
            sc = apply_overrides(base, {**ov, **extra} if name in set_on else ov)
            m = rexsim.run(sc).flows[0].metrics
            out.append(
                f"{name} {m['recovery_utilisation']:.3f} (stall {m['app_stall_ms']:.1f} ms, rto {m['rto_count']})"
            )
        print(f"{json.dumps(shown):60s} " + "  ".join(out), flush=True)


if __name__ == "__main__":
    main()

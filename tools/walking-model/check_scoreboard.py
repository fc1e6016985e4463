#!/usr/bin/env python3
"""Asserts what CI's run of the scoreboard printed: cross_validate.py --json-out's figures.

usage: tools/walking-model/check_scoreboard.py RESULTS.json [--scheme dataset]

Fails (status 1) when the scheme's table is missing, when a dataset of the in-sample table was
scored by no fold or by folds that scored another number of recordings, or when a held-out
figure is past a sane bound (a scoreboard that runs but measures nothing, or breaks).
"""
import argparse, json, sys

# Far from the scoreboard's figures (docs/detector.md), near what a broken detector gives.
BOUNDS = {"walk_median_ape_pct": 15.0, "abs walk_total_err_pct": 15.0, "F1": 0.85}


def problems(results, scheme):
    found = []
    held = {s["dataset"]: s for s in (results.get(scheme) or {}).get("datasets") or []}
    inside = {s["dataset"]: s for s in (results.get("in_sample") or {}).get("datasets") or []}
    if not held:
        return [f"no '{scheme}' table"]
    for name, s in inside.items():
        h = held.get(name)
        if h is None:
            found.append(f"{name}: scored by no fold")
            continue
        if not h.get("recordings") or h["recordings"] != s.get("recordings"):
            found.append(f"{name}: {h.get('recordings')} recordings held out, {s.get('recordings')} in sample")
        if h.get("walk_median_ape_pct") is not None and h["walk_median_ape_pct"] > BOUNDS["walk_median_ape_pct"]:
            found.append(f"{name}: median error {h['walk_median_ape_pct']:.2f} %")
        if h.get("walk_total_err_pct") is not None and abs(h["walk_total_err_pct"]) > BOUNDS["abs walk_total_err_pct"]:
            found.append(f"{name}: summed error {h['walk_total_err_pct']:+.2f} %")
        match = h.get("match")
        if match:
            f1 = 2 * match["tp"] / max(1, 2 * match["tp"] + match["fp"] + match["fn"])
            if f1 < BOUNDS["F1"]:
                found.append(f"{name}: F1 {f1:.3f}")
        if h.get("true", 0) > 0 and h.get("counted", 0) == 0:
            found.append(f"{name}: no step counted of {h['true']}")
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results")
    ap.add_argument("--scheme", default="dataset")
    a = ap.parse_args()
    with open(a.results) as f:
        found = problems(json.load(f), a.scheme)
    for line in found:
        print(f"check_scoreboard: {line}", file=sys.stderr)
    if found:
        sys.exit(1)
    print(f"check_scoreboard: every dataset scored held out ({a.scheme}), within the bounds")


if __name__ == "__main__":
    main()

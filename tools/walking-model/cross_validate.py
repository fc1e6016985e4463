#!/usr/bin/env python3
"""The team's scoreboard: the whole detector, cross-validated on real recordings.

usage: tools/walking-model/cross_validate.py [--by subject|dataset|both] [DATASET_DIR ...]

For every fold it learns everything the walking decision learns (the walking envelope and the
logistic regression, walkdata.train) from the other folds' recordings only, writes that model
to a JSON file, and scores the held-out fold's recordings with it (`footfall bench
--walking-model FOLD.json --json`). The held-out reports are merged into one table, which is
printed beside the in-sample table (the model learned from every recording, as the shipped
one is) and the distance between them: a large distance is a model that fits more than it
generalises.

  --by subject: leave one subject out (within each dataset; a subject is the sidecar's
                `subject`, or for bangle-wrist the contributor its file name gives).
  --by dataset: leave one dataset out: learned from the other datasets alone.

The stretches are measured once (`footfall bench --windows-csv`); folds differ only in which
of them the model learns from. Needs numpy and scikit-learn.
"""
import argparse, json, os, subprocess, sys, tempfile
from collections import defaultdict
import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import walkdata  # noqa: E402
from train import build, dataset_folders, measure  # noqa: E402


def recordings(folders):
    """(trace, dataset, subject) of every recording in `folders`."""
    out = []
    for trace in walkdata.traces_in(folders):
        meta = walkdata.load_sidecar(trace)
        dataset = meta.get("dataset") or os.path.basename(os.path.dirname(trace))
        out.append((trace, dataset, dataset + "/" + walkdata.subject_of(meta, trace)))
    return out


def bench(footfall, model_path, traces, report):
    args = [footfall, "bench", "--json", "-o", report]
    if model_path:
        args += ["--walking-model", model_path]
    done = subprocess.run(args + traces, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"footfall bench failed on {len(traces)} recordings: {done.stderr.strip()}")
    with open(report) as f:
        return json.load(f)


def merged_table(footfall, reports, work, name):
    paths = []
    for i, report in enumerate(reports):
        path = os.path.join(work, f"{name}-{i}.json")
        with open(path, "w") as f:
            json.dump(report, f)
        paths.append(path)
    text = subprocess.run([footfall, "bench", "--merge"] + paths, check=True, capture_output=True, text=True).stdout
    merged = os.path.join(work, f"{name}.json")
    subprocess.run([footfall, "bench", "--merge", "--json", "-o", merged] + paths, check=True)
    with open(merged) as f:
        return text, json.load(f)


KEY_FIGURES = [("walk_median_ape_pct", "median err %"), ("walk_total_err_pct", "summed err %"),
               ("nonwalk_false_steps_per_h", "false/h")]


def figures(summary):
    out = {}
    for key, title in KEY_FIGURES:
        if summary.get(key) is not None:
            out[title] = summary[key]
    match = summary.get("match")
    if match:
        tp, fp, fn = match["tp"], match["fp"], match["fn"]
        out["F1"] = 2 * tp / max(1, 2 * tp + fp + fn)
    if summary.get("mixed_true") is not None:
        out["mixed counted/true"] = f"{summary['mixed_counted']}/{summary['mixed_true']}"
    for label, rate in sorted((summary.get("false_steps_per_h_by_label") or {}).items()):
        out[f"{label}: false/h"] = rate
    for segment in summary.get("segments") or []:
        where = segment["group"]
        out[f"{where}: steps/s walking"] = segment["steps_per_walking_s"]
        out[f"{where}: no step"] = segment["no_step"]
        if segment.get("median_rate_over_spectral") is not None:
            # Walks with no count (wisdm-watch): each recording's rate, and over its spectrum's step frequency.
            out[f"{where}: median steps/s"] = segment["median_steps_per_s"]
            out[f"{where}: lowest steps/s"] = segment["lowest_steps_per_s"]
            out[f"{where}: of spectral"] = segment["median_rate_over_spectral"]
            continue
        out[f"{where}: false/h still"] = segment["false_steps_per_still_h"]
        out[f"{where}: seated+standing"] = segment["seated_steps"] + segment["standing_up_steps"]
    if summary.get("paired_counts"):
        out["paired |difference| mean"] = summary["paired_counts"]["mean_difference"]
    return out


def distance_table(in_sample, cross, title):
    rows = [f"{'dataset':16} {'figure':30} {'in sample':>12} {title:>22} {'distance':>10}"]
    cross_by = {s["dataset"]: s for s in cross["datasets"]}
    for s in in_sample["datasets"]:
        a, b = figures(s), figures(cross_by.get(s["dataset"], {}))
        for k, v in a.items():
            w = b.get(k)
            if isinstance(v, str) or w is None or isinstance(w, str):
                rows.append(f"{s['dataset']:16} {k:30} {str(v):>12} {str(w):>22} {'':>10}")
            else:
                rows.append(f"{s['dataset']:16} {k:30} {v:12.4g} {w:22.4g} {w - v:+10.3g}")
    return "\n".join(rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="*", help="dataset folders (default: every set in ../shared/datasets)")
    ap.add_argument("--by", choices=["subject", "dataset", "both"], default="both")
    ap.add_argument("--windows", help="a stretches CSV already measured by `footfall bench --windows-csv`")
    ap.add_argument("--json-out", help="also write the tables' figures as JSON")
    ap.add_argument("--folds", type=int,
                    help="with --by subject: group the people into this many folds (a seeded shuffle) instead of one "
                         "fold per person: quicker, for experiments; the scoreboard is one per person")
    ap.add_argument("--start", type=float, default=walkdata.START_PROBABILITY,
                    help="the probability a stretch needs to start a walk (default %(default)s)")
    ap.add_argument("--continue", dest="keep", type=float,
                    help="the probability below which a walk going is judged not walking (default: the detector's "
                         "own, WalkingDecision.Configuration.continueProbability)")
    ap.add_argument("--without", metavar="FEATURE,...", type=lambda v: [n for n in v.split(",") if n], default=[],
                    help="learn the forests without these features (held constant, so no tree reads them; "
                         "the envelope still bounds them): what a feature is worth, left out")
    ap.add_argument("--work", metavar="DIR", help="keep the folds' models and reports in DIR (default: a temporary folder)")
    a = ap.parse_args()
    windows = os.path.abspath(a.windows) if a.windows else None
    folders = dataset_folders(a.folders)
    footfall = build()
    work = a.work or tempfile.mkdtemp(prefix="footfall-cv-")
    os.makedirs(work, exist_ok=True)
    recs = recordings(folders)
    w = walkdata.Windows(windows) if windows else measure(footfall, [r[0] for r in recs], os.path.join(work, "windows.csv"))
    unknown = [name for name in a.without if name not in w.feature_names]
    if unknown:
        ap.error("--without: no feature named %s (the features: %s)" % (", ".join(unknown), ", ".join(w.feature_names)))

    everything = np.ones(len(w.y), bool)
    model_path = os.path.join(work, "model-in-sample.json")
    with open(model_path, "w") as f:
        json.dump(walkdata.model_json(w.feature_names, walkdata.train(w, everything, without=a.without), a.start, a.keep), f)
    in_text, in_sample = merged_table(footfall, [bench(footfall, model_path, [r[0] for r in recs],
                                                       os.path.join(work, "all.json"))], work, "in-sample")
    print("== in sample (the model learned from every recording)\n" + in_text)
    results = {"in_sample": in_sample}

    for scheme in (["subject", "dataset"] if a.by == "both" else [a.by]):
        folds = defaultdict(list)
        fold_of = {}
        if scheme == "subject" and a.folds:
            fold_of = {person: f"fold {k}" for person, k in walkdata.people_folds([r[2] for r in recs], a.folds).items()}
        for trace, dataset, subject in recs:
            folds[fold_of.get(subject, subject) if scheme == "subject" else dataset].append(trace)
        groups = np.array([fold_of.get(s, s) for s in w.subject]) if scheme == "subject" else w.dataset
        reports = []
        for i, (fold, traces) in enumerate(sorted(folds.items())):
            train_mask = groups != fold
            path = os.path.join(work, f"model-{scheme}-{i}.json")
            with open(path, "w") as f:
                json.dump(walkdata.model_json(w.feature_names, walkdata.train(w, train_mask, without=a.without), a.start, a.keep), f)
            reports.append(bench(footfall, path, traces, os.path.join(work, f"{scheme}-{i}-report.json")))
        text, merged = merged_table(footfall, reports, work, scheme)
        title = "leave one " + scheme + " out"
        print(f"== {title} ({len(folds)} folds: each recording scored by a model that never saw its {scheme})\n" + text)
        print(distance_table(in_sample, merged, title) + "\n")
        results[scheme] = merged
    if a.json_out:
        with open(a.json_out, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The team's scoreboard: the whole detector, cross-validated on real recordings.

usage: tools/walking-model/cross_validate.py [--by subject|dataset|both] [--nested] [DATASET_DIR ...]
       tools/walking-model/cross_validate.py --lockbox        (once, at the end)

For every fold it learns everything the walking decision learns (the walking envelope and the
forest, walkdata.train; each placement's policy, bouts.fit_policies) from the other folds'
recordings only, writes that model to a JSON file, and scores the held-out fold's recordings
with it (`footfall bench --walking-model FOLD.json --json`). The held-out reports are merged
into one table, which is printed beside the in-sample table (the model learned from every
recording outside the lockbox) and the distance between them: a large distance is a model
that fits more than it generalises.

  --by subject: leave people out, in five folds (walkdata.people_folds; a subject is the
                sidecar's `subject`, bangle-wrist's contributor or pebble-wrist's capture
                as the file name gives them).
  --by dataset: leave one dataset out: learned from the other datasets alone.

The lockbox (walkdata.in_lockbox, about one person in five of every set) is in no table: no
model learns from it and no setting is chosen on it. `--lockbox` scores it once, with a model
learned from everyone else, after every choice is made.

A policy is calibrated on the forest's reading of people it never saw: each stretch's
log-odds from the forest of the people fold that left its person out. With --nested, a fold's
policy is learned from forests that never saw the fold's people either.

The stretches are measured once (`footfall bench --windows-csv --nodes-csv`); folds differ
only in which of them the model learns from. Needs numpy, scipy and lightgbm.
"""
import argparse, hashlib, json, os, subprocess, sys, tempfile
from collections import defaultdict
import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import walkdata  # noqa: E402
import bouts  # noqa: E402
from train import PEOPLE_FOLDS, build, dataset_folders, measure, nodes_path  # noqa: E402


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
               ("walks_off_10pct", "walks off >10%"), ("walks_off_20pct", "walks off >20%"),
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


def policy_settings(a):
    """The settings `bouts.fit_policies` is given (bouts.SETTINGS unless the command line says)."""
    given = dict(wrist_bias_shift=a.wrist_bias_shift, walking_bout_seconds=a.walking_bout,
                 not_walking_spell_seconds=a.not_walking_spell, bout_start_walking=a.bout_start)
    return dict(settings={k: v for k, v in given.items() if v is not None})


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="*", help="dataset folders (default: every set in ../shared/datasets)")
    ap.add_argument("--by", choices=["subject", "dataset", "both"], default="both")
    ap.add_argument("--windows", help="a stretches CSV already measured by `footfall bench --windows-csv` (and the judged "
                                      "stretches beside it, as train.py measures them)")
    ap.add_argument("--json-out", help="also write the tables' figures as JSON")
    ap.add_argument("--nested", action="store_true",
                    help="learn each fold's policies from forests that never saw the fold's people either (a forest for "
                         "each pair of folds, four times the work): the scoreboard's figures; without, a fold's policies "
                         "are learned from the other people's stretches as read by forests that saw the fold")
    ap.add_argument("--wrist-bias-shift", type=float, metavar="NATS",
                    help="added to the wrist's calibrated evidence (default bouts.SETTINGS, chosen on the people-out folds)")
    ap.add_argument("--walking-bout", type=float, metavar="SECONDS", help="how long walking lasts (default bouts.SETTINGS)")
    ap.add_argument("--not-walking-spell", type=float, metavar="SECONDS",
                    help="how long not walking lasts (default bouts.SETTINGS)")
    ap.add_argument("--bout-start", type=float, metavar="P",
                    help="the probability that a bout's first stretch is walking (default bouts.SETTINGS)")
    ap.add_argument("--without", metavar="FEATURE,...", type=lambda v: [n for n in v.split(",") if n], default=[],
                    help="learn the forests without these features (held constant, so no tree reads them; "
                         "the envelope still bounds them): what a feature is worth, left out")
    ap.add_argument("--work", metavar="DIR", help="keep the folds' models and reports in DIR (default: a temporary folder)")
    ap.add_argument("--lockbox", action="store_true",
                    help="score the lockbox people (walkdata.in_lockbox) with a model learned from everyone else, and "
                         "nothing else: once, at the end, after every setting has been chosen without them")
    ap.add_argument("--footfall", metavar="PATH",
                    help="score with this footfall binary (another checkout's, for a before-and-after) instead of "
                         "building this checkout's")
    a = ap.parse_args()
    windows = os.path.abspath(a.windows) if a.windows else None
    folders = dataset_folders(a.folders)
    footfall = os.path.abspath(a.footfall) if a.footfall else build()
    work = a.work or tempfile.mkdtemp(prefix="footfall-cv-")
    os.makedirs(work, exist_ok=True)
    recs = recordings(folders)
    windows_csv = windows or os.path.join(work, "windows.csv")
    w = walkdata.Windows(windows) if windows else measure(footfall, [r[0] for r in recs], windows_csv)
    nodes = bouts.Nodes(nodes_path(windows_csv))
    unknown = [name for name in a.without if name not in w.feature_names]
    if unknown:
        ap.error("--without: no feature named %s (the features: %s)" % (", ".join(unknown), ", ".join(w.feature_names)))
    settings = policy_settings(a)

    # Every table is of the people outside the lockbox, and every model learns from them alone.
    tuning = np.array([not walkdata.in_lockbox(subject) for subject in w.subject])
    tuning_nodes = np.array([not walkdata.in_lockbox(subject) for subject in nodes.subject])
    lockbox_recs = [r for r in recs if walkdata.in_lockbox(r[2])]
    recs = [r for r in recs if not walkdata.in_lockbox(r[2])]
    # The forests of the people folds (of the tuning people), and every tuning node's log-odds
    # from the one that left its person out.
    fold_models = []
    log_odds, outside = bouts.out_of_fold(w, nodes, tuning, tuning_nodes, PEOPLE_FOLDS, models=fold_models)

    def write_model(path, train_mask, policy_mask, policy_log_odds=log_odds, policy_outside=outside, model=None):
        model = model or walkdata.train(w, train_mask, without=a.without)
        policies = bouts.fit_policies(nodes, policy_log_odds, policy_outside, policy_mask, **settings)
        with open(path, "w") as f:
            json.dump(walkdata.model_json(w.feature_names, model, policies), f)
        return policies

    model_path = os.path.join(work, "model-in-sample.json")
    write_model(model_path, tuning, tuning_nodes)
    if a.lockbox:
        text, merged = merged_table(footfall, [bench(footfall, model_path, [r[0] for r in lockbox_recs],
                                                     os.path.join(work, "lockbox.json"))], work, "lockbox")
        people = sorted({r[2] for r in lockbox_recs})
        print(f"== the lockbox: {len(people)} people, {len(lockbox_recs)} recordings, scored by a model learned from "
              f"the {len({r[2] for r in recs})} others\n" + text)
        if a.json_out:
            with open(a.json_out, "w") as f:
                json.dump({"lockbox": merged, "people": people}, f, indent=1)
        return
    in_text, in_sample = merged_table(footfall, [bench(footfall, model_path, [r[0] for r in recs],
                                                       os.path.join(work, "all.json"))], work, "in-sample")
    print(f"== in sample (the model learned from every recording outside the lockbox: {len(recs)} recordings of "
          f"{len({r[2] for r in recs})} people; the lockbox's {len(lockbox_recs)} recordings of "
          f"{len({r[2] for r in lockbox_recs})} people are in no table)\n" + in_text)
    results = {"in_sample": in_sample}

    fold_of = walkdata.people_folds(sorted(set(w.subject[tuning]) | set(nodes.subject[tuning_nodes])), PEOPLE_FOLDS)
    # A person with no stretch at all (a recording that made no candidate) is scored in a fold
    # the hash of their name picks: no model learned from them either way.
    for _, _, subject in recs:
        fold_of.setdefault(subject, int(hashlib.sha256(subject.encode()).hexdigest()[:8], 16) % PEOPLE_FOLDS)
    for scheme in (["subject", "dataset"] if a.by == "both" else [a.by]):
        folds = defaultdict(list)
        for trace, dataset, subject in recs:
            folds[fold_of[subject] if scheme == "subject" else dataset].append(trace)
        groups = np.array([fold_of.get(s, -1) for s in w.subject]) if scheme == "subject" else w.dataset
        node_groups = np.array([fold_of.get(s, -1) for s in nodes.subject]) if scheme == "subject" else nodes.dataset
        reports = []
        for i, (fold, traces) in enumerate(sorted(folds.items())):
            train_mask = tuning & (groups != fold)
            policy_mask = tuning_nodes & (node_groups != fold)
            path = os.path.join(work, f"model-{scheme}-{i}.json")
            lo, out = log_odds, outside
            if a.nested:
                # The policy's stretches read by forests that never saw the fold's people.
                lo, out = bouts.out_of_fold(w, nodes, train_mask, policy_mask, PEOPLE_FOLDS)
            model = dict(fold_models)[fold] if scheme == "subject" and not a.without else None
            write_model(path, train_mask, policy_mask, lo, out, model=model)
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

#!/usr/bin/env python3
"""The team's scoreboard: the whole detector, cross-validated on real recordings.

usage: tools/walking-model/cross_validate.py [--by subject|dataset|device|both|all] [--nested] [DATASET_DIR ...]
       tools/walking-model/cross_validate.py --lockbox          (once, at the end)
       tools/walking-model/cross_validate.py --device-lockbox   (once, at the end)

For every fold it learns everything the walking decision learns (the walking envelope and the
forest, walkdata.train; each placement's policy, bouts.fit_policies) from the other folds'
recordings only, writes that model to a JSON file, and scores the held-out fold's recordings
with it (`footfall bench --walking-model FOLD.json --json`). The held-out reports are merged
into one table, which is printed beside the in-sample table (the model learned from every
recording outside the lockboxes) and the distance between them: a large distance is a model
that fits more than it generalises.

  --by subject: leave people out, in five folds (walkdata.people_folds; a subject is the
                sidecar's `subject`, bangle-wrist's contributor or pebble-wrist's capture
                as the file name gives them).
  --by dataset: leave one dataset out: learned from the other datasets alone.
  --by device:  leave one device out of the sets that hold several (walkdata.DEVICE_FOLD_DATASETS:
                oxford-phone's phones, geotec-tug's phone and watch): learned from everything
                else, the same set's other devices included. New users bring devices nobody
                recorded: settings are chosen on these folds and the dataset-out ones.

Two lockboxes are in no table: no model that a choice is made on learns from them, and no
setting is chosen on them. The lockbox of people (walkdata.in_lockbox, about one person in five
of every set): `--lockbox` scores it once, after every choice is made. The lockbox of a device
(walkdata.DEVICE_LOCKBOX, every recording of oxford-phone's Pixel): `--device-lockbox` scores it
once. Each is scored by a model learned from every recording outside both.

A policy is calibrated on the forest's reading of recordings it never saw: each stretch's
log-odds from the forest of the people fold that left its person out. Leaving a dataset or a
device out, a fold's policy is learned from forests that never saw the fold either; leaving
people out, only with --nested.

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
    """(trace, dataset, subject, device) of every recording in `folders`."""
    out = []
    for trace in walkdata.traces_in(folders):
        meta = walkdata.load_sidecar(trace)
        dataset = meta.get("dataset") or os.path.basename(os.path.dirname(trace))
        out.append((trace, dataset, dataset + "/" + walkdata.subject_of(meta, trace), walkdata.device_of(meta, trace)))
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
    ap.add_argument("--by", choices=["subject", "dataset", "device", "both", "all"], default="all",
                    help="leave out people (five folds), whole datasets, or one device of oxford-phone and geotec-tug "
                         "at a time; both: people and datasets; all (default): the three")
    ap.add_argument("--windows", help="a stretches CSV already measured by `footfall bench --windows-csv` (and the judged "
                                      "stretches beside it, as train.py measures them)")
    ap.add_argument("--json-out", help="also write the tables' figures as JSON")
    ap.add_argument("--unnested", action="store_true",
                    help="learn the dataset and device folds' policies from the people folds' forests, which saw the "
                         "fold (six times less work, optimistic): a check that the scoreboard runs, as CI makes it, "
                         "never a figure to choose on")
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
    ap.add_argument("--thin", type=int, default=1, metavar="N",
                    help="learn the forests from every Nth stretch only (neighbouring stretches share most of their steps): "
                         "a screen in a fraction of the time, never the scoreboard")
    ap.add_argument("--work", metavar="DIR", help="keep the folds' models and reports in DIR (default: a temporary folder)")
    ap.add_argument("--lockbox", action="store_true",
                    help="score the lockbox people (walkdata.in_lockbox) with a model learned from everyone else, and "
                         "nothing else: once, at the end, after every setting has been chosen without them")
    ap.add_argument("--device-lockbox", action="store_true",
                    help="score the device lockbox (walkdata.DEVICE_LOCKBOX, every recording of one device) with a model "
                         "learned from everything outside both lockboxes, and nothing else: once, at the end")
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
    w.thin(a.thin)
    nodes = bouts.Nodes(nodes_path(windows_csv))
    unknown = [name for name in a.without if name not in w.feature_names]
    if unknown:
        ap.error("--without: no feature named %s (the features: %s)" % (", ".join(unknown), ", ".join(w.feature_names)))
    settings = policy_settings(a)

    # Every table is of the recordings outside both lockboxes (the people's and the device's),
    # and every model learns from them alone.
    tuning = np.array([not walkdata.in_any_lockbox(p, d) for p, d in zip(w.subject, w.device)])
    tuning_nodes = np.array([not walkdata.in_any_lockbox(p, d) for p, d in zip(nodes.subject, nodes.device)])
    lockbox_recs = [r for r in recs if walkdata.in_lockbox(r[2]) and not walkdata.in_device_lockbox(r[3])]
    device_lockbox_recs = [r for r in recs if walkdata.in_device_lockbox(r[3])]
    recs = [r for r in recs if not walkdata.in_any_lockbox(r[2], r[3])]
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
    if a.lockbox or a.device_lockbox:
        chosen = lockbox_recs if a.lockbox else device_lockbox_recs
        name = "lockbox" if a.lockbox else "device-lockbox"
        text, merged = merged_table(footfall, [bench(footfall, model_path, [r[0] for r in chosen],
                                                     os.path.join(work, name + ".json"))], work, name)
        people, devices = sorted({r[2] for r in chosen}), sorted({r[3] for r in chosen})
        what = f"{len(people)} people" if a.lockbox else "the device " + ", ".join(devices)
        print(f"== the {name.replace('-', ' ')}: {what}, {len(chosen)} recordings, scored by a model learned from the "
              f"{len(recs)} recordings outside both lockboxes\n" + text)
        if a.json_out:
            with open(a.json_out, "w") as f:
                json.dump({name: merged, "people": people, "devices": devices}, f, indent=1)
        return
    in_text, in_sample = merged_table(footfall, [bench(footfall, model_path, [r[0] for r in recs],
                                                       os.path.join(work, "all.json"))], work, "in-sample")
    print(f"== in sample (the model learned from every recording outside the lockboxes: {len(recs)} recordings of "
          f"{len({r[2] for r in recs})} people; the people lockbox's {len(lockbox_recs)} recordings of "
          f"{len({r[2] for r in lockbox_recs})} people and the device lockbox's {len(device_lockbox_recs)} recordings "
          f"({', '.join(sorted(walkdata.DEVICE_LOCKBOX))}) are in no table)\n" + in_text)
    results = {"in_sample": in_sample}

    fold_of = walkdata.people_folds(sorted(set(w.subject[tuning]) | set(nodes.subject[tuning_nodes])), PEOPLE_FOLDS)
    # A person with no stretch at all (a recording that made no candidate) is scored in a fold
    # the hash of their name picks: no model learned from them either way.
    for _, _, subject, _ in recs:
        fold_of.setdefault(subject, int(hashlib.sha256(subject.encode()).hexdigest()[:8], 16) % PEOPLE_FOLDS)
    schemes = {"both": ["subject", "dataset"], "all": ["subject", "dataset", "device"]}.get(a.by, [a.by])
    for scheme in schemes:
        folds = defaultdict(list)
        for trace, dataset, subject, device in recs:
            if scheme == "subject":
                folds[fold_of[subject]].append(trace)
            elif scheme == "dataset":
                folds[dataset].append(trace)
            elif dataset in walkdata.DEVICE_FOLD_DATASETS:
                # One device of a set of several left out; the other sets' recordings are always learned from.
                folds[device].append(trace)
        groups = {"subject": np.array([fold_of.get(s, -1) for s in w.subject]), "dataset": w.dataset, "device": w.device}[scheme]
        node_groups = {"subject": np.array([fold_of.get(s, -1) for s in nodes.subject]), "dataset": nodes.dataset,
                       "device": nodes.device}[scheme]
        reports = []
        for i, (fold, traces) in enumerate(sorted(folds.items())):
            train_mask = tuning & (groups != fold)
            policy_mask = tuning_nodes & (node_groups != fold)
            path = os.path.join(work, f"model-{scheme}-{i}.json")
            lo, out = log_odds, outside
            if a.nested or (scheme != "subject" and not a.unnested):
                # The policy's stretches read by forests that never saw the fold (its people or its device).
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

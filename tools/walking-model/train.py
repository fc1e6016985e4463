#!/usr/bin/env python3
"""Trains the detector's walking decision on labelled stretches of real recordings and writes
it into Sources/FootfallDetection/WalkingModel+Trained.swift.

usage: tools/walking-model/train.py [DATASET_DIR ...]   (default: every set in ../shared/datasets)

It builds footfall in release, copies the recordings as other devices would have recorded
them (augment.py: 12.5 Hz 13-bit, 32 Hz 6-bit, 25 Hz 8-bit, into .build/walking-augmented),
measures every stretch of 4 and 8 strong candidate steps in the recordings and the copies
(`footfall bench --windows-csv`), labels each from the recording's truth (walkdata.py says
how), and fits the walking envelope and the forest on all of them. The generated file records the data's fingerprint (SHA-256 of the stretches' CSV, which
names every recording), the stretches' numbers, and the stretch-level figures in sample and
cross-validated (leave one subject out, leave one dataset out), so a reader can see at once
whether the model fits better than it generalises. tools/walking-model/cross_validate.py
scores the whole detector the same way.

  --check           learn it anew and compare with the committed file (the date aside, each
                    number within a relative 1e-6 or an absolute 2e-4: another machine's BLAS
                    moves the last digits): CI's proof that the shipped model is what the data gives.
  --learning-curve  held-out stretch errors against the share of people learned from.

Needs numpy, scipy and lightgbm.
"""
import argparse, datetime, glob, json, os, subprocess, sys
import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import walkdata  # noqa: E402
import bouts  # noqa: E402

root = os.path.abspath(os.path.join(here, "..", ".."))
SHARED = os.path.abspath(os.path.join(root, "..", "shared", "datasets"))
OUT = os.path.join(root, "Sources", "FootfallDetection", "WalkingModel+Trained.swift")


def dataset_folders(given):
    """The dataset folders, relative to the repository's root, which becomes the working
    folder: the stretches' CSV names its recordings so, and its fingerprint does not depend
    on where the checkout is."""
    chosen = [os.path.abspath(f) for f in given] or sorted(d for d in glob.glob(os.path.join(SHARED, "*")) if os.path.isdir(d))
    os.chdir(root)
    return [os.path.relpath(f, root) for f in chosen]


def build():
    subprocess.run(["swift", "build", "-c", "release", "--product", "footfall"], cwd=root, check=True,
                   stdout=subprocess.DEVNULL)
    bin_dir = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=root, check=True,
                             capture_output=True, text=True).stdout.strip()
    return os.path.join(bin_dir, "footfall")


def nodes_path(csv_path):
    """Where `measure` writes the judged stretches beside the stretches' CSV."""
    return csv_path[:-len(".csv")] + "-nodes.csv" if csv_path.endswith(".csv") else csv_path + ".nodes"


def measure(footfall, traces, csv_path):
    """Measures the stretches of the recordings `traces` and of their copies as other devices
    would have recorded them (augment.py, written once under .build), into one CSV, and the
    stretches the walking gate judged into another (`nodes_path`)."""
    import augment
    augmented_root = os.path.join(root, ".build", "walking-augmented")
    subprocess.run([sys.executable, os.path.join(here, "augment.py"), augmented_root] + traces, check=True)
    augmented = [os.path.relpath(augment.copy_path(augmented_root, variant, trace), root)
                 for variant in sorted(augment.VARIANTS) for trace in traces]
    parts = []
    # Every stretch a young run could be judged at, whatever the decision: the detector judges
    # a young run whose bout is sure it walks as a grown one (`sureOfWalking`), so the stretches
    # it judges depend on the policies learned from them. Measured with the rule off, they do
    # not, and the policies learn from all of them.
    every_stretch = ["--set", "sureOfWalking=1e9"]
    # The recordings at the placement their sidecars name, their copies, and the recordings
    # again with the placement unknown: the stretches the gate judges for a device nobody
    # placed, from which the unknown placement's policy is learned. (The forest learns every
    # stretch at its placement and unknown already: walkdata.with_unknown_placement.)
    for name, recordings, extra in (("real", traces, []), ("augmented", augmented, []),
                                    ("unknown", traces, ["--placement", "unknown"])):
        part = (csv_path + "." + name, nodes_path(csv_path) + "." + name)
        subprocess.run([footfall, "bench", "--windows-csv", part[0], "--nodes-csv", part[1]] + every_stretch + extra + recordings,
                       check=True)
        parts.append(part)
    for which, target in ((0, csv_path), (1, nodes_path(csv_path))):
        with open(target, "w") as out:
            # The stretches of the unknown placement are the forest's already (see above).
            for i, part in enumerate(parts if which == 1 else parts[:2]):
                with open(part[which]) as f:
                    header = f.readline()
                    if i == 0:
                        out.write(header)
                    out.writelines(f)
    return walkdata.Windows(csv_path)


def recordings_line(traces):
    """How many recordings of each dataset the model learned from."""
    per_set = {}
    for trace in traces:
        name = os.path.basename(os.path.dirname(trace))
        per_set[name] = per_set.get(name, 0) + 1
    return f"{len(traces)}: " + ", ".join(f"{name} {n}" for name, n in sorted(per_set.items()))


def manifest_fingerprint(traces):
    """The SHA-256 of the recordings' names and digests, as the manifest lists them."""
    import hashlib
    text = "".join(f"{t},{walkdata.file_digest(t)},{walkdata.file_digest(walkdata.sidecar_path(t))}\n" for t in traces)
    return hashlib.sha256(text.encode()).hexdigest()


def checked_recordings(folders):
    """The recordings the committed model learned from, as its manifest names them: every one
    must be there unchanged, or the check cannot reproduce the model. Recordings present in
    `folders` that it did not learn from are reported, and do not fail the check."""
    rows = walkdata.read_manifest()
    changes = walkdata.manifest_changes(rows)
    if changes:
        shown = "\n".join(f"  {trace}: {what}" for trace, what in changes[:10])
        more = f"\n  ... and {len(changes) - 10} more" if len(changes) > 10 else ""
        sys.exit(f"the recordings the walking model learned from are not all here as it learned them "
                 f"({len(changes)} of {len(rows)}):\n{shown}{more}\n"
                 "the model cannot be checked: restore them, or learn again with tools/walking-model/train.py")
    learned = [trace for trace, _, _ in rows]
    known = set(learned)
    new = {}
    for trace in walkdata.traces_in(folders):
        if trace not in known:
            new.setdefault(os.path.basename(os.path.dirname(trace)), []).append(trace)
    for name, traces in sorted(new.items()):
        print(f"not learned yet: {name} ({len(traces)} recording{'s' * (len(traces) != 1)} present, not in {os.path.relpath(walkdata.MANIFEST, root)}): "
              "the check leaves them out; tools/walking-model/train.py learns from them")
    print(f"checking the model against the {len(learned)} recordings it learned from")
    return learned


def stretch_figures(w, mask, probs):
    """Of the stretches in `mask` that the gate would judge (a walk's gaps): the share of
    walking ones judged not walking and of not-walking ones judged walking (nan when there
    are none); `probs` are the mask's stretches' probabilities."""
    judged = w.even[mask]
    y = w.y[mask]
    walk = judged & (y == 1)
    still = judged & (y == 0)
    return (float((probs[walk] < walkdata.EVEN_ODDS).mean()),
            float((probs[still] >= walkdata.EVEN_ODDS).mean()) if still.any() else float("nan"))


def named(figures):
    missed, passed = figures
    return {"walking stretches judged not walking": missed, "not-walking stretches judged walking": passed}


# People are left out in five groups (each model learns from four fifths of them), not one by
# one: the same figure's estimate for a tenth of the fits, and the folds cross_validate.py uses.
PEOPLE_FOLDS = 5


def cross_validated(w, groups):
    probs = np.zeros(len(w.y))
    for g in np.unique(groups):
        test = groups == g
        model = walkdata.train(w, ~test)
        probs[test] = walkdata.probability(model["forest"], w.X[test])
    return probs


def learning_curve(w, fractions=(0.25, 0.5, 0.75, 1.0), folds=5, repeats=10, seed=1):
    """Stretch-level errors on held-out subjects when the model learns from a fraction of the
    other subjects: if the error still falls at 100 %, more people's recordings would help."""
    rng = np.random.default_rng(seed)
    subjects = np.unique(w.subject)
    order = rng.permutation(subjects)
    fold_of = {s: i % folds for i, s in enumerate(order)}
    fold = np.array([fold_of[s] for s in w.subject])
    rows = []
    for fraction in fractions:
        missed, passed = [], []
        for k in range(folds):
            others = [s for s in subjects if fold_of[s] != k]
            for _ in range(repeats if fraction < 1 else 1):
                chosen = set(rng.choice(others, max(1, int(round(fraction * len(others)))), replace=False))
                train_mask = np.array([s in chosen for s in w.subject])
                if len(np.unique(w.y[train_mask])) < 2:
                    continue
                model = walkdata.train(w, train_mask)
                test = fold == k
                p = walkdata.probability(model["forest"], w.X[test])
                figures = stretch_figures(w, test, p)
                missed.append(figures[0])
                if not np.isnan(figures[1]):
                    passed.append(figures[1])
        rows.append((fraction, float(np.mean(missed)), float(np.mean(passed)) if passed else float("nan")))
    return rows


def swift_policy(policy):
    """A PlacementPolicy literal."""
    fields = [("evidenceScale", "evidence_scale"), ("evidenceBias", "evidence_bias"), ("envelopePenalty", "envelope_penalty"),
              ("boutStartWalking", "bout_start_walking"), ("walkingBoutSeconds", "walking_bout_seconds"),
              ("notWalkingSpellSeconds", "not_walking_spell_seconds")]
    return "PlacementPolicy(" + ", ".join(f"{swift}: {significant(policy[key], 8)!r}" for swift, key in fields) + ")"


def significant(value, digits=10):
    """A learned number to the digits that matter: the fit's last digits are the machine's."""
    return float(f"{float(value):.{digits}g}")


def swift_array(kind, values, per_line=16):
    """A Swift array literal of `kind`, a few values a line (typed, so the compiler need not
    infer the type of thousands of literals)."""
    def text(v):
        return repr(v) if kind == "Double" else str(int(v))
    rows = [", ".join(text(v) for v in values[i:i + per_line]) for i in range(0, len(values), per_line)]
    return "[" + ",\n                ".join(rows) + "] as [" + kind + "]"


def swift_vector(values, fill):
    out = []
    for v in values:
        if v is None:
            out.append(fill)
        else:
            out.append(repr(significant(v)))
    out += ["0"] * (32 - len(out)) if fill == "0" else [fill] * (32 - len(out))
    return "SIMD32(" + ", ".join(out) + ")"


# How close two learned numbers must be to be the same model. The fit ends where L-BFGS-B
# stops, and another machine's BLAS sums in another order: the weights differ in their last
# digits (1.483157809279898 against 1.4831578092798976), which moves no probability the gate
# reads. A figure printed with four decimals may move by its last digit for the same reason.
RELATIVE_TOLERANCE = 1e-6
ABSOLUTE_TOLERANCE = 2e-4


CROSS_VALIDATED_MARK = "(cross-validated) "


def without_cross_validation(text):
    """The generated file without its cross-validated figures, which --check does not learn again."""
    return "\n".join(line for line in text.splitlines() if CROSS_VALIDATED_MARK not in line) + "\n"


def same_model_text(committed, learned):
    """Whether two generated files say the same, the date line aside and every number compared
    within the tolerances above (words that are not numbers must match exactly)."""
    import math, re

    def words(text):
        lines = [line for line in text.splitlines() if not line.startswith("// Generated by")]
        return [w for line in lines for w in re.split(r"[\s,()]+", line) if w]

    a, b = words(committed), words(learned)
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x == y:
            continue
        try:
            u, v = float(x.replace("infinity", "inf")), float(y.replace("infinity", "inf"))
        except ValueError:
            return False
        if not math.isclose(u, v, rel_tol=RELATIVE_TOLERANCE, abs_tol=ABSOLUTE_TOLERANCE):
            return False
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="*", help="dataset folders (default: every set in ../shared/datasets)")
    ap.add_argument("--windows", help="use this stretches CSV instead of measuring anew")
    ap.add_argument("--output", default=OUT, help="the Swift file to write")
    ap.add_argument("--check", action="store_true",
                    help="learn the model anew and fail if it differs from the committed file (the date aside)")
    ap.add_argument("--skip-cross-validation", action="store_true",
                    help="write the model without the cross-validated stretch figures (a forest per person left out): for experiments")
    ap.add_argument("--learning-curve", action="store_true",
                    help="only print the stretch-level errors on held-out subjects against the share of subjects learned from")
    ap.add_argument("--every", type=int, default=1, metavar="N",
                    help="with --learning-curve: learn and judge every Nth stretch only (neighbouring stretches share most of their steps)")
    ap.add_argument("--repeats", type=int, default=10, metavar="N",
                    help="with --learning-curve: draws of people per fold and share (default %(default)s)")
    a = ap.parse_args()
    if a.check and a.folders:
        ap.error("--check learns from the recordings the model names (tools/walking-model/trained-recordings.csv), not from folders")
    folders = dataset_folders(a.folders)
    if a.check:
        traces = checked_recordings(folders)
    else:
        traces = walkdata.traces_in(folders)
    csv_path = a.windows or os.path.join(root, ".build", "walking-windows.csv")
    footfall = build()
    w = walkdata.Windows(csv_path) if a.windows else measure(footfall, traces, csv_path)
    constants = subprocess.run([footfall, "bench", "--feature-constants"], check=True, capture_output=True,
                               text=True).stdout.strip()

    if a.learning_curve:
        print("subjects learned from   walking stretches missed   not-walking stretches passed   (5 folds of subjects held out)")
        w.thin(a.every)
        for fraction, missed, passed in learning_curve(w, repeats=a.repeats):
            print(f"{fraction:>22.0%}   {missed:>24.4f}   {passed:>28.4f}")
        return

    everything = np.ones(len(w.y), bool)
    model = walkdata.train(w, everything)
    in_sample = named(stretch_figures(w, everything, walkdata.probability(model["forest"], w.X)))
    # Each placement's policy, calibrated on people the forest never saw: every judged
    # stretch's log-odds from the forest of the people folds that left its person out.
    nodes = bouts.Nodes(nodes_path(csv_path))
    all_nodes = np.ones(len(nodes), bool)
    log_odds, outside = bouts.out_of_fold(w, nodes, everything, all_nodes, PEOPLE_FOLDS)
    policies = bouts.fit_policies(nodes, log_odds, outside, all_nodes)
    if a.check or a.skip_cross_validation:
        # The check is of the model: the cross-validated figures (a forest per person left
        # out) are written when the model is, not learned again.
        by_subject = by_dataset = None
    else:
        fold_of = walkdata.people_folds(w.subject, PEOPLE_FOLDS)
        by_subject = named(stretch_figures(w, everything, cross_validated(w, np.array([fold_of[s] for s in w.subject]))))
        by_dataset = named(stretch_figures(w, everything, cross_validated(w, w.dataset)))

    forest = model["forest"]
    low, high, wrist_high, _ = model["bounds"]
    names = w.feature_names
    counts = {}
    for d in np.unique(w.dataset):
        m = w.dataset == d
        counts[str(d)] = (int((w.y[m] == 1).sum()), int((w.y[m] == 0).sum()))
    lines = [
        "// Generated by tools/walking-model/train.py on " + datetime.date.today().isoformat() + ": do not edit.",
        "//",
        "// Trained on the stretches of 4 and 8 strong candidate steps of real recordings, labelled",
        "// from their truth (tools/walking-model/walkdata.py), measured by `footfall bench --windows-csv`.",
        "// Data fingerprint (SHA-256 of the stretches' CSV): " + w.fingerprint,
        "// Stretches (walking / not walking) per dataset: " + ", ".join(f"{d} {p}/{n}" for d, (p, n) in counts.items()),
        "// Recordings: " + recordings_line(traces),
        "// (each named with the SHA-256 of its trace and sidecar in " + os.path.relpath(walkdata.MANIFEST, root) + ",",
        "// fingerprint " + manifest_fingerprint(traces) + "; `train.py --check` learns from exactly these).",
        "//",
        "// Stretch-level figures of the forest at even odds (stretches with a walk's gaps):",
    ]
    for title, figures in (("in sample", in_sample), (f"leaving people out ({PEOPLE_FOLDS} folds)", by_subject),
                           ("leave one dataset out", by_dataset)):
        if figures is not None:
            lines.append("//   " + CROSS_VALIDATED_MARK * (title != "in sample") + title + ": "
                         + ", ".join(f"{k} {v:.4f}" for k, v in figures.items()))
    lines += [
        "// The whole detector's cross-validated scoreboard: tools/walking-model/cross_validate.py",
        "// and docs/detector.md.",
        "//",
        "// Features, in order: " + ", ".join(names),
        "// Feature constants (WalkingFeatures.Constants): " + constants,
        "//",
        "// Each placement's policy (PlacementPolicy), learned from the judged stretches of every recording,",
        "// each read by a forest that left its person out (tools/walking-model/bouts.py): " + ", ".join(
            f"{p} {len(nodes.y[(nodes.placement == p) & (nodes.y >= 0)])} labelled" for p in bouts.PLACEMENTS) + ".",
        "",
        f"// The forest: {len(forest['roots'])} trees, {len(forest['feature'])} nodes "
        f"({sum(1 for f in forest['feature'] if f < 0)} leaves); settings {walkdata.FOREST}.",
        "",
        "extension WalkingModel {",
        "    /// The model the detector uses by default: learned from real recordings (see above).",
        "    public static let trained = WalkingModel(",
        "        forest: DecisionForest(",
        "            feature: " + swift_array("Int8", forest["feature"]) + ",",
        "            threshold: " + swift_array("Double", [significant(v) for v in forest["threshold"]]) + ",",
        "            left: " + swift_array("Int32", forest["left"]) + ",",
        "            right: " + swift_array("Int32", forest["right"]) + ",",
        "            value: " + swift_array("Double", [significant(v) for v in forest["value"]]) + ",",
        "            roots: " + swift_array("Int32", forest["roots"]) + "),",
        "        lowerBounds: " + swift_vector(low, "-.infinity") + ",",
        "        upperBounds: " + swift_vector(high, ".infinity") + ",",
        "        wristUpperBounds: " + swift_vector(wrist_high, ".infinity") + ",",
    ] + [f"        {p}: " + swift_policy(policies[p]) + ("," if p != bouts.PLACEMENTS[-1] else ")") for p in bouts.PLACEMENTS] + [
        "",
        "    /// The feature constants the model's stretches were measured with (`WalkingFeatures.Constants.fingerprint`).",
        "    static let trainedFeatureConstants = " + json.dumps(constants),
        "}",
        "",
    ]
    text = "\n".join(lines)
    if a.check:
        with open(a.output) as f:
            committed = f.read()
        if not same_model_text(without_cross_validation(committed), text):
            import difflib
            sys.stdout.writelines(difflib.unified_diff(committed.splitlines(True), text.splitlines(True),
                                                       os.path.relpath(a.output, root), "learned now"))
            sys.exit(f"{os.path.relpath(a.output, root)} is not what the data gives: run tools/walking-model/train.py")
        print(f"{os.path.relpath(a.output, root)} is what the data gives (fingerprint {w.fingerprint[:16]}...)")
        return
    with open(a.output, "w") as f:
        f.write(text)
    if os.path.abspath(a.output) == os.path.abspath(OUT):
        walkdata.write_manifest(traces)
    print("\n".join(lines[:24]))
    print("wrote", os.path.relpath(a.output, root))


if __name__ == "__main__":
    main()

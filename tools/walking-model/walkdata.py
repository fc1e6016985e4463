"""Shared by train.py and cross_validate.py: the labelled stretches of real recordings, the
model fit, and the files a model is written to.

A stretch is labelled from its recording's truth (../shared/datasets/README.md):
- recordings with step times: walking when the true steps inside the stretch are at least
  three quarters of its candidates, not walking when at most one true step falls inside it;
  anything between (a walk's first or last steps) is left out;
- recordings labelled in segments (geotec-tug): walking when 80 % of the stretch lies in
  walking or turning, not walking when at most 10 % does and most of it is seated or standing
  up; sitting down (where people step as they turn to the chair) and mixtures are left out;
- walking recordings with only a total: walking (counted walks from start to stop); walking
  recordings with one walking segment and no count (wisdm-watch's walking, stairs and jogging)
  are walking by the segment rule;
- non-walking recordings: not walking; mixed recordings with only a total: left out (they are
  scored, not learned from).
"""
import csv, hashlib, json, os
import numpy as np

WALK_SEGMENTS = {"walking", "turning"}
STILL_SEGMENTS = {"seated", "standing-up"}


# The weight of a stretch of an augmented copy beside one of its recording: augment.py writes
# three copies of each recording.
AUGMENTED_WEIGHT = 1 / 3


def subject_of(meta, trace):
    """The person a recording belongs to, for leaving one out. bangle-wrist's sidecars name no
    subject: its files are grouped by the contributor the file name gives. pebble-wrist's name
    none either: its files are grouped by the capture the file name gives (`pbl_25477` in
    `walk_100_pbl_25477_18`), each a watch's owner sending in their walks."""
    import re
    if meta.get("subject"):
        return str(meta["subject"])
    name = os.path.basename(trace)
    for prefix in ("HughB", "Guillaume", "cartron", "extra", "100"):
        if name.startswith(prefix):
            return prefix
    capture = re.search(r"pbl_\d+", name)
    if capture:
        return capture.group(0)
    return name


# The lockbox: the people no choice ever sees. Every setting is chosen on the people-out folds
# of the others; the lockbox is scored once, at the end, by a model learned from everyone else
# (cross_validate.py --lockbox). A person is in it when the SHA-256 of "dataset/subject" is a
# multiple of LOCKBOX_EVERY in its first 32 bits: fixed by the names alone, about one person in
# five of every set, and the same on every machine.
LOCKBOX_EVERY = 5


def in_lockbox(person):
    """Whether `person` ("dataset/subject", as `Windows.subject` holds them) is in the lockbox."""
    return int(hashlib.sha256(person.encode()).hexdigest()[:8], 16) % LOCKBOX_EVERY == 0


def device_of(meta, trace):
    """The device a recording was made with, for leaving one out: "dataset/device", the
    sidecar's `device` (oxford-phone's Pixel, Nexus 5 and Galaxy S6; geotec-tug's phone and
    watch of the same executions)."""
    return (meta.get("dataset") or os.path.basename(os.path.dirname(trace))) + "/" + str(meta.get("device") or "unknown")


# The lockbox of a device: every recording of one device that no choice ever sees, scored once at
# the end (cross_validate.py --device-lockbox), beside the lockbox of people. New users bring
# devices nobody recorded: the people lockbox shares its devices with the folds that train it,
# so it cannot show what a new device costs. oxford-phone's Pixel: 20 recordings of one person
# (who walks with the other phones too) at all seven placements, a phone of its own make, rate
# and noise.
DEVICE_LOCKBOX = {"oxford-phone/Pixel"}

# The datasets whose recordings come from more than one device, left out one device at a time
# (cross_validate.py --by device): oxford-phone's phones, geotec-tug's phone and watch.
DEVICE_FOLD_DATASETS = ("oxford-phone", "geotec-tug")


def in_device_lockbox(device):
    """Whether `device` ("dataset/device", as `device_of` names it) is the lockbox's device."""
    return device in DEVICE_LOCKBOX


def in_any_lockbox(person, device):
    """Whether a recording of `person` with `device` is in either lockbox: no model that a
    choice is made on learns from it, and no table but its lockbox's shows it."""
    return in_lockbox(person) or in_device_lockbox(device)


TRACE_SUFFIXES = (".csv.gz", ".csv")


def sidecar_path(trace):
    """The JSON sidecar beside a trace: NAME.json for NAME.csv and NAME.csv.gz."""
    for suffix in TRACE_SUFFIXES:
        if trace.endswith(suffix):
            return trace[:-len(suffix)] + ".json"
    return os.path.splitext(trace)[0] + ".json"


def trace_path(sidecar):
    """The trace a sidecar describes (NAME.csv or NAME.csv.gz), or None when neither exists."""
    base = sidecar[:-len(".json")]
    return next((base + s for s in TRACE_SUFFIXES if os.path.exists(base + s)), None)


def traces_in(paths):
    """The recordings named, sorted within each folder: every trace with a sidecar in a folder
    or below it, or a trace named itself."""
    import glob
    out = []
    for path in paths:
        if os.path.isdir(path):
            for sidecar in sorted(glob.glob(os.path.join(path, "**", "*.json"), recursive=True)):
                trace = trace_path(sidecar)
                if trace:
                    out.append(trace)
        elif os.path.exists(path):
            out.append(path)
    return out


# The recordings the shipped model learned from, each with the SHA-256 of its trace and of its
# sidecar: train.py writes it with the model, and `train.py --check` learns again from exactly
# these, so a set added to ../shared/datasets (or a recording added to a set) does not fail
# the check before the model has learned from it.
MANIFEST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trained-recordings.csv")
MANIFEST_HEADER = ["trace", "trace_sha256", "sidecar_sha256"]


def file_digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def write_manifest(traces, path=None):
    """Names `traces` (paths as given: relative to the repository's root) with their digests,
    in `path` (default MANIFEST)."""
    with open(path or MANIFEST, "w", newline="") as f:
        out = csv.writer(f, lineterminator="\n")
        out.writerow(MANIFEST_HEADER)
        for trace in traces:
            out.writerow([trace, file_digest(trace), file_digest(sidecar_path(trace))])


def read_manifest(path=None):
    """The rows of a manifest (`path`, default MANIFEST): (trace, its SHA-256, its sidecar's SHA-256)."""
    path = path or MANIFEST
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    if not rows or rows[0] != MANIFEST_HEADER:
        raise ValueError(f"{path} is not a manifest of recordings (its header is not {','.join(MANIFEST_HEADER)})")
    return [tuple(r) for r in rows[1:]]


def manifest_changes(rows):
    """What no longer matches in a manifest's recordings: a list of (trace, what)."""
    changed = []
    for trace, trace_sha, sidecar_sha in rows:
        if not os.path.exists(trace):
            changed.append((trace, "missing"))
        elif not os.path.exists(sidecar_path(trace)):
            changed.append((trace, "its sidecar is missing"))
        elif file_digest(trace) != trace_sha:
            changed.append((trace, "the trace has changed"))
        elif file_digest(sidecar_path(trace)) != sidecar_sha:
            changed.append((trace, "the sidecar has changed"))
    return changed


def load_sidecar(trace, cache={}):
    if trace not in cache:
        with open(sidecar_path(trace)) as f:
            cache[trace] = json.load(f)
    return cache[trace]


def label(meta, start, end, candidates):
    """1 walking, 0 not walking, None left out."""
    times = meta.get("step_times")
    if times is not None:
        t = np.asarray(times)
        tol = meta.get("step_time_tolerance_s", 0.25)
        inside = int(((t >= start - tol) & (t <= end + tol)).sum())
        if inside >= 0.75 * candidates:
            return 1
        if inside <= 1:
            return 0
        return None
    segments = meta.get("segments")
    if segments:
        span = max(end - start, 1e-3)
        walk = sum(max(0.0, min(end, s["end"]) - max(start, s["start"])) for s in segments if s["label"] in WALK_SEGMENTS)
        still = sum(max(0.0, min(end, s["end"]) - max(start, s["start"])) for s in segments if s["label"] in STILL_SEGMENTS)
        if walk >= 0.8 * span:
            return 1
        if walk <= 0.1 * span and still >= 0.5 * span:
            return 0
        return None
    activity = meta.get("activity")
    if activity == "walking":
        return 1
    if activity == "non-walking":
        return 0
    return None


def people_folds(subjects, folds):
    """Each person's fold (0 to folds-1) when people are left out in `folds` groups: a fixed
    shuffle, so train.py and cross_validate.py leave out the same people together."""
    people = sorted(set(subjects))
    order = np.random.default_rng(1).permutation(len(people))
    return {people[k]: i % folds for i, k in enumerate(order)}


class Windows:
    """The stretches of `footfall bench --windows-csv`, labelled."""

    def __init__(self, path):
        with open(path, newline="") as f:
            reader = csv.reader(f)
            header = next(reader)
            self.feature_names = header[8:]
            rows = list(reader)
        with open(path, "rb") as f:
            self.fingerprint = hashlib.sha256(f.read()).hexdigest()
        keep = []
        for r in rows:
            meta = load_sidecar(r[0])
            y = label(meta, float(r[6]), float(r[7]), int(r[4]))
            # Walking as the gate sees it: stretches with a walk's gaps. Not walking: every
            # stretch, for what the gate judges of them is their motion, and real recordings
            # of not walking hold few stretches with a walk's gaps.
            if y is not None and (y == 0 or r[5] == "1"):
                keep.append((r, meta, y))
        self.trace = np.array([r[0] for r, _, _ in keep])
        self.dataset = np.array([r[1] for r, _, _ in keep])
        self.subject = np.array([r[1] + "/" + subject_of(m, r[0]) for r, m, _ in keep])
        self.device = np.array([device_of(m, r[0]) for r, m, _ in keep])
        self.placement = np.array([r[3] for r, _, _ in keep])
        self.steps = np.array([int(r[4]) for r, _, _ in keep])
        self.even = np.array([r[5] == "1" for r, _, _ in keep])
        self.X = np.array([[float(v) for v in r[8:]] for r, _, _ in keep])
        # Stretches of recordings read again as another device would have (augment.py).
        self.augmented = np.array([bool(m.get("augmented")) for _, m, _ in keep])
        self.y = np.array([y for _, _, y in keep])
        self.rows_read = len(rows)

    def keep(self, mask):
        """Keeps only the stretches in `mask`."""
        for name in ("trace", "dataset", "subject", "device", "placement", "steps", "even", "X", "augmented", "y"):
            setattr(self, name, getattr(self, name)[mask])

    def thin(self, every):
        """Keeps every `every`-th stretch only (1: all). Neighbouring stretches share most of
        their steps, so a thinned set judges a model almost as well, in a fraction of the time."""
        if every > 1:
            self.keep(np.arange(len(self.y)) % every == 0)

    def weights(self, mask):
        """Walking and not walking weigh the same in the fit. Within each, a dataset weighs as
        the square root of its number of stretches: a dataset with many stretches does not
        outvote the others in proportion, and one with a single stretch (a moment of standing
        in a set of walks) does not weigh as much as a whole set. Copies read again as other
        devices would have (augment.py) weigh AUGMENTED_WEIGHT each: together as much as the
        recordings themselves, not three times as much."""
        w = np.zeros(mask.sum())
        y, datasets = self.y[mask], self.dataset[mask]
        for label in (0, 1):
            in_class = y == label
            names = np.unique(datasets[in_class])
            total = sum(np.sqrt((in_class & (datasets == d)).sum()) for d in names)
            for d in names:
                sel = in_class & (datasets == d)
                w[sel] = np.sqrt(sel.sum()) / (sel.sum() * total)
        w = np.where(self.augmented[mask], w * AUGMENTED_WEIGHT, w)
        return w * len(w) / w.sum()


# The walking envelope: for these features, the range real walking stays in, read as far
# quantiles of the training stretches of walking. Each bound says something physical that
# holds for every walker and every placement: a posture that turns over or drifts (lying
# down, getting up, raising a hand to the head), and energy above the step band all the time
# (a hand stroking at 3-6 Hz), where a walker's impacts leave the half-steps between them quiet. A stretch beyond one is
# not walking, whatever the forest says: the forest learned from the activities recorded, the
# envelope from walking alone, so it carries to gestures nobody recorded.
# Not the energy above the step band as a whole: a phone in a back pocket is jolted by every
# heel strike (a person left out of the training lost half his back-pocket walks to that
# bound), where its sustained part is what a hand stroking adds; the wrist, where the arm damps
# the impacts, has its own bound on both (below).
# Not the split between motion along gravity and across it: an arm that swings wide moves a
# watch mostly across gravity, a hand in a pocket mostly along it (a person left out of the
# training lost whole walks to such a bound). Not the motion's level: a slow or impaired
# walker moves gently, and the healthy adults of the training recordings would set a floor
# such walkers fall below.
ENVELOPE = {
    "log_orientation_spread": ("high",),
    "log_gravity_drift": ("high",),
    "log_sustained_above_band": ("high",),
}
ENVELOPE_QUANTILE = 0.0001   # one walking stretch in ten thousand lies beyond each bound


# A feature's own quantile, where it must differ from ENVELOPE_QUANTILE.
ENVELOPE_QUANTILES = {}


def envelope(windows, mask):
    """Per feature, (lower bounds, upper bounds) of the walking stretches of real recordings in
    `mask`, at each feature's quantile (ENVELOPE_QUANTILES, else ENVELOPE_QUANTILE); None where
    unbounded. Not of their copies (augment.py): a copy read through a slower or coarser
    converter has lost energy above the step band that the walker's device showed, so it
    cannot say how much walking shows. Read with the copies (three of every wrist walk, each
    quieter above the band than its recording), the wrist's three bounds left 0.56 % of the
    real wrist walking stretches outside (a runner's among them); read from the recordings,
    0.24 %."""
    walking = windows.X[mask & (windows.y == 1) & ~windows.augmented]
    low, high = [None] * len(windows.feature_names), [None] * len(windows.feature_names)
    for name, sides in ENVELOPE.items():
        i = windows.feature_names.index(name)
        q = ENVELOPE_QUANTILES.get(name, ENVELOPE_QUANTILE)
        if "low" in sides:
            low[i] = float(np.quantile(walking[:, i], q))
        if "high" in sides:
            high[i] = float(np.quantile(walking[:, i], 1 - q))
    return low, high


# The wrist's envelope (Placement.wrist only): at the wrist the arm damps a walker's impacts,
# so energy above the step band beyond what any recorded wrist showed while walking is a hand
# striking or stroking (clapping, brushing teeth), even where a phone in a back pocket, jolted
# by every heel strike, would show as much while walking.
WRIST_ENVELOPE = ["log_above_band", "log_sustained_above_band", "context_log_above_band"]
# Swept leaving people out (docs/detector.md): from 0.0005 to 0.005 no recording's false steps
# move, and from 0.002 on the slowest wrist jogger loses steps.
WRIST_ENVELOPE_QUANTILE = 0.001


def wrist_envelope(windows, mask):
    """Per feature, the upper bounds of the walking stretches at the wrist of real recordings
    in `mask` (not their copies: `envelope` says why); None where unbounded."""
    at_wrist = windows.X[:, windows.feature_names.index(PLACEMENT)] == 1 if PLACEMENT in windows.feature_names \
        else np.zeros(len(windows.y), bool)
    walking = windows.X[mask & (windows.y == 1) & at_wrist & ~windows.augmented]
    high = [None] * len(windows.feature_names)
    if len(walking):
        for name in WRIST_ENVELOPE:
            i = windows.feature_names.index(name)
            high[i] = float(np.quantile(walking[:, i], 1 - WRIST_ENVELOPE_QUANTILE))
    return high


def inside(bounds, X):
    """Whether each row of X is inside the envelope `bounds` (lower, upper, wrist's upper,
    and the placement's column, as `train` returns them)."""
    low, high, wrist_high, placement = bounds
    ok = np.ones(len(X), bool)
    at_wrist = X[:, placement] == 1 if placement is not None else np.zeros(len(X), bool)
    for i, (a, b, c) in enumerate(zip(low, high, wrist_high)):
        if a is not None:
            ok &= X[:, i] >= a
        if b is not None:
            ok &= X[:, i] <= b
        if c is not None:
            ok &= ~at_wrist | (X[:, i] <= c)
    return ok


# The forest's settings, chosen by cross-validation (tools/walking-model/compare_models.py):
# small trees (seven leaves, each from 200 stretches at least), many of them, each learning
# little, every tree from a share of the stretches and of the features. LightGBM runs on one
# thread and deterministically, so the same data gives the same forest.
FOREST = dict(objective="binary", n_estimators=300, num_leaves=7, learning_rate=0.05, min_child_samples=200,
              subsample=0.8, subsample_freq=1, colsample_bytree=0.8, random_state=1, n_jobs=1, deterministic=True,
              force_col_wise=True, verbose=-1)


# The direction physics gives a feature's effect (+1: more walking as it grows, -1: less; a
# feature not named may go either way): the forest chooses how much, never the direction.
# Steps repeat (the vertical bounce a step and a stride on, and step shape to step shape) and
# the bounce is at its opposite half a step on; a walker sways once a stride, so the motion
# across gravity repeats a stride on, not a step on (one hand repeating one stroke does); the
# posture does not drift; a hand at work strokes above the step band; a walker keeps time and
# strikes alike every step; a walk or a run repeats over the seconds before.
# Left free: the levels and the split between vertical and across (a slow walker moves
# gently, a runner hard, and a hand at work anywhere in between), and how much the
# orientation moves (a swinging arm turns a watch more than a hand clapping or folding does,
# a pocket or the lower back less than either).
MONOTONE = {
    "vertical_step": +1, "across_step": -1, "vertical_stride": +1, "across_stride": +1, "vertical_half_step": -1,
    "log_gravity_drift": -1, "log_above_band": -1, "log_sustained_above_band": -1,
    "step_similarity": +1, "gap_variation": -1, "height_variation": -1, "context_log_above_band": -1,
    "context_vertical_periodicity": +1,
}


# The feature that says where the device is worn (Placement.featureValue: 1 wrist, 0 body,
# 0.5 unknown).
PLACEMENT = "placement_wrist"
UNKNOWN_PLACEMENT = 0.5


def with_unknown_placement(names, X, y, w):
    """Every stretch twice: as measured, at the placement its recording names, and with the
    placement unknown, so that the forest also learns to judge a device nobody placed."""
    if PLACEMENT not in names:
        return X, y, w
    unknown = X.copy()
    unknown[:, names.index(PLACEMENT)] = UNKNOWN_PLACEMENT
    return np.vstack([X, unknown]), np.concatenate([y, y]), np.concatenate([w, w])


def fit(windows, mask, settings=None, without=()):
    """A gradient-boosted forest on the stretches in `mask`, each weighed as `Windows.weights`
    says, each at its placement and unknown. The features named in `without` are held constant,
    so no tree reads them (an ablation; the envelope still bounds them). Returns the forest as
    flat arrays (`flatten`)."""
    import lightgbm
    constraints = [MONOTONE.get(name, 0) for name in windows.feature_names]
    model = lightgbm.LGBMClassifier(**(settings or FOREST), monotone_constraints=constraints)
    X, y, w = with_unknown_placement(windows.feature_names, windows.X[mask], windows.y[mask], windows.weights(mask))
    for name in without:
        X[:, windows.feature_names.index(name)] = 0.0
    model.fit(X, y, sample_weight=w)
    return flatten(model.booster_.dump_model())


def flatten(dump):
    """LightGBM's trees as DecisionForest's flat arrays: every tree's nodes in pre-order after
    its root; a leaf's feature is -1; a node's value is its leaf output, or for an inner node
    LightGBM's internal value (the output were the tree to stop there)."""
    forest = {"feature": [], "threshold": [], "left": [], "right": [], "value": [], "roots": []}

    def add(node):
        i = len(forest["feature"])
        for key in ("feature", "threshold", "left", "right", "value"):
            forest[key].append(0)
        if "leaf_value" in node:
            forest["feature"][i], forest["value"][i] = -1, float(node["leaf_value"])
            return i
        assert node["decision_type"] == "<=", node["decision_type"]
        forest["feature"][i] = int(node["split_feature"])
        forest["threshold"][i] = float(node["threshold"])
        forest["value"][i] = float(node["internal_value"])
        forest["left"][i] = add(node["left_child"])
        forest["right"][i] = add(node["right_child"])
        return i

    for tree in dump["tree_info"]:
        forest["roots"].append(add(tree["tree_structure"]))
    return forest


def score(forest, X):
    """The forest's summed output (log-odds) for each row of X."""
    feature = np.asarray(forest["feature"]); threshold = np.asarray(forest["threshold"])
    left = np.asarray(forest["left"]); right = np.asarray(forest["right"]); value = np.asarray(forest["value"])
    rows = np.arange(len(X))
    total = np.zeros(len(X))
    for root in forest["roots"]:
        node = np.full(len(X), root)
        while True:
            inner = feature[node] >= 0
            if not inner.any():
                break
            f = np.where(inner, feature[node], 0)
            go_left = X[rows, f] <= threshold[node]
            node = np.where(inner, np.where(go_left, left[node], right[node]), node)
        total += value[node]
    return total


def probability(forest, X):
    """The forest's probability of walking for each row of X."""
    return 1 / (1 + np.exp(-score(forest, X)))


# Even odds, with the classes weighed equally in the fit: where the stretch-level figures read
# the forest (the detector decides over bouts, bouts.py).
EVEN_ODDS = 0.5


# A folder where `train` keeps what it learned, by what it learned it from (the stretches'
# fingerprint, which of them, the settings): when set (the environment's FOOTFALL_MODEL_CACHE),
# a sweep of the decision's settings learns each fold's forest once.
MODEL_CACHE = os.environ.get("FOOTFALL_MODEL_CACHE")


def train(windows, mask, settings=None, without=()):
    """Everything the walking decision learns, from the stretches in `mask` (`without`: as `fit`)."""
    if MODEL_CACHE:
        import pickle
        key = hashlib.sha256(windows.fingerprint.encode() + str(len(windows.y)).encode() + np.packbits(mask).tobytes()
                             + repr((settings, tuple(without), ENVELOPE, ENVELOPE_QUANTILE, WRIST_ENVELOPE,
                                     WRIST_ENVELOPE_QUANTILE, MONOTONE, FOREST)).encode()).hexdigest()
        path = os.path.join(MODEL_CACHE, key + ".pickle")
        if os.path.exists(path):
            with open(path, "rb") as f:
                return pickle.load(f)
        model = _train(windows, mask, settings, without)
        os.makedirs(MODEL_CACHE, exist_ok=True)
        with open(path + ".part", "wb") as f:
            pickle.dump(model, f)
        os.replace(path + ".part", path)
        return model
    return _train(windows, mask, settings, without)


def _train(windows, mask, settings=None, without=()):
    low, high = envelope(windows, mask)
    placement = windows.feature_names.index(PLACEMENT) if PLACEMENT in windows.feature_names else None
    return {"forest": fit(windows, mask, settings, without),
            "bounds": (low, high, wrist_envelope(windows, mask), placement)}


def model_json(names, model, policies=None):
    """The model as `footfall --walking-model` reads it, with each placement's policy
    (bouts.fit_policies) when given (else the detector's defaults)."""
    low, high, wrist_high, _ = model["bounds"]
    out = {"features": names, "forest": model["forest"], "lower_bounds": low, "upper_bounds": high,
           "wrist_upper_bounds": wrist_high}
    if policies is not None:
        out["policies"] = policies
    return out

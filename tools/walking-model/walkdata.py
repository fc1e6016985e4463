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


def subject_of(meta, trace):
    """The person a recording belongs to, for leaving one out. bangle-wrist's sidecars name no
    subject: its files are grouped by the contributor the file name gives."""
    if meta.get("subject"):
        return str(meta["subject"])
    name = os.path.basename(trace)
    for prefix in ("HughB", "Guillaume", "cartron", "extra", "100"):
        if name.startswith(prefix):
            return prefix
    return name


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
        self.placement = np.array([r[3] for r, _, _ in keep])
        self.steps = np.array([int(r[4]) for r, _, _ in keep])
        self.even = np.array([r[5] == "1" for r, _, _ in keep])
        self.X = np.array([[float(v) for v in r[8:]] for r, _, _ in keep])
        self.y = np.array([y for _, _, y in keep])
        self.rows_read = len(rows)

    def weights(self, mask):
        """Walking and not walking weigh the same in the fit. Within each, a dataset weighs as
        the square root of its number of stretches: a dataset with many stretches does not
        outvote the others in proportion, and one with a single stretch (a moment of standing
        in a set of walks) does not weigh as much as a whole set."""
        w = np.zeros(mask.sum())
        y, datasets = self.y[mask], self.dataset[mask]
        for label in (0, 1):
            in_class = y == label
            names = np.unique(datasets[in_class])
            total = sum(np.sqrt((in_class & (datasets == d)).sum()) for d in names)
            for d in names:
                sel = in_class & (datasets == d)
                w[sel] = np.sqrt(sel.sum()) / (sel.sum() * total)
        return w * len(w) / w.sum()


# The walking envelope: for these features, the range real walking stays in, read as far
# quantiles of the training stretches of walking. Each bound says something physical:
# motion mostly across gravity or purely along it (a hand scrubbing sideways, tapping or
# brushing up and down), a posture that turns over or drifts (lying down, getting up, raising
# a hand to the head), energy above the step band beyond any walker's impacts, and above all
# energy there all the time (a hand stroking at 3-6 Hz), where a walker's impacts leave the
# half-steps between them quiet.
# Not the motion's level: a slow or impaired walker moves gently, and the healthy adults of
# the training recordings would set a floor such walkers fall below.
ENVELOPE = {
    "log_across_to_vertical": ("low", "high"),
    "log_orientation_spread": ("high",),
    "log_gravity_drift": ("high",),
    "log_above_band": ("high",),
    "log_sustained_above_band": ("high",),
}
ENVELOPE_QUANTILE = 0.001   # one walking stretch in a thousand lies beyond each bound


# A feature's own quantile, where real walking reaches further for reasons of the device: a
# phone's impacts in a pocket depend on how it sits there, and leaving out one person's
# back-pocket walks, the 99.9th percentile of the others refused most of them.
ENVELOPE_QUANTILES = {"log_above_band": 0.0001}


def envelope(windows, mask):
    """Per feature, (lower bounds, upper bounds) of the walking stretches in `mask`, at each
    feature's quantile (ENVELOPE_QUANTILES, else ENVELOPE_QUANTILE); None where unbounded."""
    walking = windows.X[mask & (windows.y == 1)]
    low, high = [None] * len(windows.feature_names), [None] * len(windows.feature_names)
    for name, sides in ENVELOPE.items():
        i = windows.feature_names.index(name)
        q = ENVELOPE_QUANTILES.get(name, ENVELOPE_QUANTILE)
        if "low" in sides:
            low[i] = float(np.quantile(walking[:, i], q))
        if "high" in sides:
            high[i] = float(np.quantile(walking[:, i], 1 - q))
    return low, high


def inside(bounds, X):
    low, high = bounds
    ok = np.ones(len(X), bool)
    for i, (a, b) in enumerate(zip(low, high)):
        if a is not None:
            ok &= X[:, i] >= a
        if b is not None:
            ok &= X[:, i] <= b
    return ok


# The direction physics gives each feature's weight (+1 more walking as it grows, -1 less,
# 0 either): the fit chooses how much, never the direction. Steps repeat (along the body's
# bounce, and shape to shape); a walker sways once a stride, so the motion across gravity
# repeats a stride on, not a step on (one hand repeating one stroke does); the posture holds;
# a hand at work strokes above the step band; a body carried by its legs moves harder than
# a hand at a desk or a car on the road.
SIGNS = {}


# Features the regression leaves to the envelope: how much of the motion is across gravity
# says "not walking" only at its extremes (purely vertical, mostly sideways); in between it
# tells placements apart (a wrist swings, a pocket surges), not walking from not walking.
UNUSED = set()


def fit(windows, mask, C=0.1):
    """A logistic regression on standardised features, fitted on the stretches in `mask`,
    each weight held to its physical direction (SIGNS) and shrunk by an L2 penalty 1/C.
    Returns (means, scales, weights, bias)."""
    from scipy.optimize import minimize
    X, y = windows.X[mask], windows.y[mask]
    w = windows.weights(mask)
    means = np.average(X, axis=0, weights=w)
    scales = np.sqrt(np.average((X - means) ** 2, axis=0, weights=w))
    scales[scales <= 0] = 1
    Z = (X - means) / scales
    n = len(w)

    def loss(theta):
        z = theta[0] + Z @ theta[1:]
        p = 1 / (1 + np.exp(-z))
        value = (w * (np.logaddexp(0, z) - y * z)).sum() / n + 0.5 / (C * n) * (theta[1:] ** 2).sum()
        g = w * (p - y) / n
        grad = np.concatenate([[g.sum()], Z.T @ g + theta[1:] / (C * n)])
        return value, grad

    bounds = [(None, None)]
    for name in windows.feature_names:
        sign = SIGNS.get(name, 0)
        if name in UNUSED:
            bounds.append((0, 0))
        else:
            bounds.append((0, None) if sign > 0 else (None, 0) if sign < 0 else (None, None))
    result = minimize(loss, np.zeros(Z.shape[1] + 1), jac=True, method="L-BFGS-B", bounds=bounds)
    return means, scales, result.x[1:], float(result.x[0])


def probability(params, X, bounds=None):
    means, scales, weights, bias = params
    z = bias + ((X - means) / scales) @ weights
    p = 1 / (1 + np.exp(-z))
    if bounds is not None:
        p = np.where(inside(bounds, X), p, 0.0)
    return p


# The probability a stretch needs to start a walk: even odds, with the classes weighed
# equally in the fit. A walk already going is held to less: two stretches in a row below
# the second figure end it.
START_PROBABILITY = 0.5
CONTINUE_PROBABILITY = 0.2


def train(windows, mask, C=0.1):
    """Everything the walking decision learns, from the stretches in `mask`."""
    return {"params": fit(windows, mask, C), "bounds": envelope(windows, mask)}


def model_json(names, model, start=START_PROBABILITY, keep=CONTINUE_PROBABILITY):
    means, scales, weights, bias = model["params"]
    low, high = model["bounds"]
    return {"features": names, "means": [float(v) for v in means], "scales": [float(v) for v in scales],
            "weights": [float(v) for v in weights], "bias": bias, "lower_bounds": low, "upper_bounds": high,
            "start_probability": start, "continue_probability": keep}

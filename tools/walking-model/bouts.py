"""The decision over bouts, as the detector makes it (BoutDecoder, PlacementPolicy), replayed
and learned on the stretches the walking gate judged (`footfall bench --nodes-csv`).

What the gate follows and which stretches it judges depend on the motion alone, not on what it
decides, so one measurement of the recordings serves every model: a recording's count is the
sum of the steps proposed under the stretches decided walking. This module
- reads the judged stretches (`Nodes`), labelled from the recordings' truth as walkdata.label
  labels any stretch;
- replays the decoder exactly as the Swift one decides, offline (each bout from all of it) or
  with a lag (`decide`);
- learns each placement's policy (`fit_policies`): the calibration of the forest's log-odds
  into evidence and the envelope's penalty, from the labelled stretches' log-odds as forests
  that never saw their people read them (`out_of_fold`), the classes weighed equally and each
  dataset as the square root of its stretches; the bout's rates and start are SETTINGS;
- counts what a policy gives (`counts`), for choosing the few settings there are on the
  people-out folds.
"""
import csv, os
import numpy as np

import walkdata

PLACEMENTS = ("wrist", "body", "unknown")
DEFAULT_POLICY = dict(evidence_scale=1.0, evidence_bias=0.0, envelope_penalty=0.0, bout_start_walking=0.5,
                      walking_bout_seconds=60.0, not_walking_spell_seconds=60.0)


def placement_name(value):
    """The placement a stretch's placement feature names (Placement.featureValue)."""
    return "wrist" if value == 1 else ("body" if value == 0 else "unknown")


class Nodes:
    """The stretches the walking gate judged, in each recording's order, labelled."""

    def __init__(self, path):
        with open(path, newline="") as f:
            reader = csv.reader(f)
            header = next(reader)
            rows = list(reader)
        feature_start = header.index("time") + 1
        self.feature_names = header[feature_start:]
        column = {name: i for i, name in enumerate(header)}
        self.trace = np.array([r[0] for r in rows])
        self.dataset = np.array([r[1] for r in rows])
        metas = [walkdata.load_sidecar(r[0]) for r in rows]
        self.subject = np.array([r[1] + "/" + walkdata.subject_of(m, r[0]) for r, m in zip(rows, metas)])
        self.device = np.array([walkdata.device_of(m, r[0]) for r, m in zip(rows, metas)])
        self.node = np.array([int(r[column["node"]]) for r in rows])
        self.starts_bout = np.array([r[column["bout_start"]] == "1" for r in rows])
        self.question = np.array([r[column["question"]] for r in rows])
        self.steps = np.array([int(r[column["steps"]]) for r in rows])
        self.proposed = np.array([int(r[column["proposed"]]) for r in rows])
        self.start = np.array([float(r[column["from"]]) for r in rows])
        self.time = np.array([float(r[column["time"]]) for r in rows])
        self.X = np.array([[float(v) for v in r[feature_start:]] for r in rows]) if rows else np.zeros((0, len(self.feature_names)))
        self.augmented = np.array([bool(m.get("augmented")) for m in metas])
        labels = [walkdata.label(m, s, t, n) for m, s, t, n in zip(metas, self.start, self.time, self.steps)]
        self.y = np.array([-1 if v is None else v for v in labels])
        p = self.feature_names.index(walkdata.PLACEMENT)
        self.placement = np.array([placement_name(v) for v in self.X[:, p]])
        # A recording read at its placement and read with the placement unknown are two.
        self.recording = np.array([t + ("@unknown" if pl == "unknown" else "") for t, pl in zip(self.trace, self.placement)])
        # Each recording's nodes lie together, in order (the CSV is written recording by recording).
        self.recording_start = np.flatnonzero(np.r_[True, self.recording[1:] != self.recording[:-1]])
        self.bout_start = np.flatnonzero(self.starts_bout | np.r_[True, self.recording[1:] != self.recording[:-1]])

    def __len__(self):
        return len(self.y)


def stay_probabilities(seconds, walking_bout, not_walking_spell):
    """PlacementPolicy.stayProbabilities, for arrays."""
    stop, start = 1 / np.maximum(walking_bout, 1e-3), 1 / np.maximum(not_walking_spell, 1e-3)
    rate = stop + start
    settled = np.exp(-rate * np.maximum(seconds, 0))
    return np.minimum(1, (start + stop * settled) / rate), np.minimum(1, (stop + start * settled) / rate)


def logit(p):
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return np.log(p) - np.log1p(-p)


def decide(nodes, evidence, policies, lag=None):
    """Each node's decided log-odds of walking, as BoutDecoder decides them: offline (`lag`
    None) from its whole bout, else from the nodes of its bout up to `lag` seconds after it.
    `policies` maps a placement to its policy (the decoder's rates and bout start)."""
    if lag is not None:
        return decide_with_lag(nodes, evidence, policies, lag)
    n = len(nodes)
    if n == 0:
        return np.zeros(0)
    starts = np.asarray(nodes.bout_start)
    ends = np.r_[starts[1:], n]
    lengths = ends - starts
    # Per node, its bout's policy numbers.
    prior = np.zeros(n); walking_bout = np.zeros(n); spell = np.zeros(n)
    for name, pol in policies.items():
        m = nodes.placement == name
        prior[m] = logit(pol["bout_start_walking"])
        walking_bout[m] = pol["walking_bout_seconds"]
        spell[m] = pol["not_walking_spell_seconds"]
    # Stay probabilities from each node to the next (the last of a bout's is unused).
    dt = np.r_[np.diff(nodes.time), 0.0]
    sw, sn = stay_probabilities(dt, walking_bout, spell)
    forward = np.empty(n)
    forward[starts] = prior[starts] + evidence[starts]
    for j in range(1, lengths.max()):
        active = lengths > j
        k = starts[active] + j
        previous = forward[k - 1]
        w, nw = 1 / (1 + np.exp(-previous)), 1 / (1 + np.exp(previous))
        nxt = w * sw[k - 1] + nw * (1 - sn[k - 1])
        not_nxt = w * (1 - sw[k - 1]) + nw * sn[k - 1]
        forward[k] = np.log(nxt) - np.log(not_nxt) + evidence[k]
    back = np.zeros(n)
    for j in range(1, lengths.max()):
        active = lengths > j
        k = ends[active] - 1 - j
        incoming = evidence[k + 1] + back[k + 1]
        with np.errstate(divide="ignore"):
            back[k] = (np.logaddexp(np.log(sw[k]) + incoming, np.log1p(-sw[k]))
                       - np.logaddexp(np.log1p(-sn[k]) + incoming, np.log(sn[k])))
    return forward + back


def decide_with_lag(nodes, evidence, policies, lag):
    """`decide` live: each node from the nodes of its bout up to `lag` seconds after it."""
    out = np.zeros(len(nodes))
    bounds = list(nodes.bout_start) + [len(nodes)]
    for b in range(len(bounds) - 1):
        lo, hi = bounds[b], bounds[b + 1]
        pol = policies[nodes.placement[lo]]
        t, e = nodes.time[lo:hi], evidence[lo:hi]
        n = hi - lo
        sw, sn = stay_probabilities(np.diff(t), pol["walking_bout_seconds"], pol["not_walking_spell_seconds"])
        forward = np.empty(n)
        forward[0] = logit(pol["bout_start_walking"]) + e[0]
        for k in range(1, n):
            w, nw = 1 / (1 + np.exp(-forward[k - 1])), 1 / (1 + np.exp(forward[k - 1]))
            nxt = w * sw[k - 1] + nw * (1 - sn[k - 1])
            not_nxt = w * (1 - sw[k - 1]) + nw * sn[k - 1]
            forward[k] = np.log(nxt) - np.log(not_nxt) + e[k]
        for k in range(n):
            last = np.searchsorted(t, t[k] + lag, side="right")
            out[lo + k] = forward[k] + backward_pass(t, e, sw, sn, k, last)[0]
    return out


def backward_pass(t, e, sw, sn, first, last):
    """The backward log ratios of nodes first..last-1 from the evidence of the nodes after each
    up to last-1."""
    back = np.zeros(last - first)
    for k in range(last - 2, first - 1, -1):
        incoming = e[k + 1] + back[k + 1 - first]
        with np.errstate(divide="ignore"):
            back[k - first] = (np.logaddexp(np.log(sw[k]) + incoming, np.log1p(-sw[k]))
                               - np.logaddexp(np.log1p(-sn[k]) + incoming, np.log(sn[k])))
    return back


def evidence_of(nodes, log_odds, outside, policies):
    """Each node's evidence (PlacementPolicy.evidence)."""
    e = np.zeros(len(nodes))
    for name, pol in policies.items():
        m = nodes.placement == name
        e[m] = pol["evidence_scale"] * log_odds[m] + pol["evidence_bias"] - pol["envelope_penalty"] * outside[m]
    return e


def weights(nodes, mask):
    """The labelled nodes in `mask`, weighed as the forest's stretches are (walkdata.Windows.weights):
    walking and not walking the same, each dataset as the square root of its nodes, copies
    (augment.py) at AUGMENTED_WEIGHT."""
    w = np.zeros(len(nodes))
    labelled = mask & (nodes.y >= 0)
    for label in (0, 1):
        in_class = labelled & (nodes.y == label)
        names = np.unique(nodes.dataset[in_class])
        total = sum(np.sqrt((in_class & (nodes.dataset == d)).sum()) for d in names)
        for d in names:
            sel = in_class & (nodes.dataset == d)
            w[sel] = np.sqrt(sel.sum()) / (sel.sum() * total)
    w = np.where(nodes.augmented, w * walkdata.AUGMENTED_WEIGHT, w)
    return w / max(w.sum(), 1e-12)


def subset(nodes, mask):
    """The nodes of the recordings in `mask` (whole recordings: a mask cuts no bout)."""
    import copy
    out = copy.copy(nodes)
    for name in ("trace", "recording", "dataset", "subject", "device", "node", "starts_bout", "question", "steps", "proposed", "start",
                 "time", "X", "augmented", "y", "placement"):
        setattr(out, name, getattr(nodes, name)[mask])
    changes = np.r_[True, out.recording[1:] != out.recording[:-1]] if len(out.recording) else np.zeros(0, bool)
    out.recording_start = np.flatnonzero(changes)
    out.bout_start = np.flatnonzero(out.starts_bout | changes)
    return out


# The ranges a calibration is learned within: the evidence neither reversed nor multiplied past
# recognition, its bias within a few nats, the envelope's penalty from nothing to a refusal's
# worth.
BOUNDS = dict(evidence_scale=(0.1, 3.0), evidence_bias=(-6.0, 6.0), envelope_penalty=(0.0, 8.0))


def platt(nodes, log_odds, outside, mask, fixed=None):
    """The calibration of the forest's log-odds at the nodes in `mask` on their own (no
    bout): scale, bias and the envelope's penalty of the logistic regression of their labels,
    each node weighed as `weights` weighs it. `fixed` holds any of the three at a value."""
    from scipy.optimize import minimize
    fixed = fixed or {}
    m = mask & (nodes.y >= 0)
    w = weights(nodes, m)[m]
    z, out, y = log_odds[m], outside[m].astype(float), nodes.y[m]
    names = [n for n in ("evidence_scale", "evidence_bias", "envelope_penalty") if n not in fixed]

    def unpack(v):
        values = dict(fixed)
        values.update(zip(names, v))
        return values

    def loss(v):
        c = unpack(v)
        d = c["evidence_scale"] * z + c["evidence_bias"] - c["envelope_penalty"] * out
        return float((w * np.where(y == 1, np.logaddexp(0, -d), np.logaddexp(0, d))).sum())

    start = dict(evidence_scale=1.0, evidence_bias=0.0, envelope_penalty=1.0)
    r = minimize(loss, np.array([start[n] for n in names]), method="L-BFGS-B", bounds=[BOUNDS[n] for n in names])
    return {k: float(v) for k, v in unpack(r.x).items()}


# A placement's calibration is learned where its labelled stretches of not walking come from at
# least this many datasets: from fewer, it would learn those sets (the body's are the moments
# of standing at the ends of oxford-phone's and ipol-lowerback's walks, and learned from them a
# pocket refused half the up-and-go walks), and the forest's own log-odds, learned with walking
# and not walking weighed equally, are the calibration.
CALIBRATION_DATASETS = 3


# The evidence of a stretch the forest is sure of: outside the envelope a stretch's evidence is
# lowered at most to where a stretch it scores at this probability still says walking. The
# envelope is where the recorded walks stayed; a device unlike the recorded ones (a noisier
# watch, a faster sensor) walks outside it too, and a penalty learned from the recorded
# devices alone, where outside is nearly always a hand at work, would refuse its walks on that
# one feature (leaving WISDM out, three of its stair climbs scored 0.99 and more, outside the
# wrist's bound on the energy above the step band, and counted nothing).
SURE_OF_WALKING = 0.99


# The decision's settings, chosen on the people-out folds of the people outside the lockbox
# (docs/detector.md has the table of every setting tried and what each gave):
# - how long walking and not walking last (the bout's rates), and the probability that a
#   bout's first stretch is walking. The labelled recordings are protocols of one activity
#   each, whose likelihood says little of how long real bouts last (fitted, the bout lengths
#   ranged from eight seconds to two hours with the objective and the weighing), so they are
#   chosen by what they count;
# - how much the wrist's evidence is lowered beside its calibration: a hand at work at the
#   wrist that the forest half believes (one person's clapping at log-odds +1 to +3, stretch
#   after stretch) adds up over a bout as a walk does.
SETTINGS = dict(walking_bout_seconds=600.0, not_walking_spell_seconds=120.0, bout_start_walking=0.5,
                wrist_bias_shift=-0.25)


def fit_policies(nodes, log_odds, outside, mask, placements=PLACEMENTS, settings=None):
    """Each placement's policy from the labelled nodes in `mask` (their log-odds from forests
    that never saw their people): its calibration learned (`platt`: the logistic regression of
    the nodes' labels on their log-odds and whether they lie outside the envelope, each node on
    its own) where CALIBRATION_DATASETS say it can be, else the forest's own with the envelope's
    penalty learned, the penalty no more than leaves a stretch the forest is sure of walking
    (SURE_OF_WALKING) evidence for walking, the rest from `settings` (default SETTINGS)."""
    settings = dict(SETTINGS, **(settings or {}))
    policies = {}
    for name in placements:
        m = mask & (nodes.placement == name)
        policy = dict(DEFAULT_POLICY)
        if len(np.unique(nodes.dataset[m & (nodes.y == 0)])) >= CALIBRATION_DATASETS:
            policy.update(platt(nodes, log_odds, outside, m))
        elif (nodes.y[m] == 0).any() and (nodes.y[m] == 1).any():
            policy.update(platt(nodes, log_odds, outside, m, fixed=dict(evidence_scale=1.0, evidence_bias=0.0)))
        if name == "wrist":
            policy["evidence_bias"] += settings["wrist_bias_shift"]
        sure = policy["evidence_scale"] * float(logit(SURE_OF_WALKING)) + policy["evidence_bias"]
        policy["envelope_penalty"] = min(policy["envelope_penalty"], max(0.0, sure))
        for key in ("walking_bout_seconds", "not_walking_spell_seconds", "bout_start_walking"):
            policy[key] = float(settings[key])
        policies[name] = {k: float(v) for k, v in policy.items()}
    return policies


def out_of_fold(windows, nodes, windows_mask, nodes_mask, folds=5, models=None):
    """The forest's log-odds, and whether each lies outside the walking envelope, for the nodes
    in `nodes_mask`, each from a model learned from the stretches in `windows_mask` of the
    people in the other folds (`walkdata.people_folds` over the people of both masks): what a
    policy is calibrated on, a forest's reading of people it never saw. `models`, when given,
    collects each fold's model."""
    people = sorted(set(windows.subject[windows_mask]) | set(nodes.subject[nodes_mask]))
    fold_of = walkdata.people_folds(people, folds)
    window_fold = np.array([fold_of.get(s, -1) for s in windows.subject])
    node_fold = np.array([fold_of.get(s, -1) for s in nodes.subject])
    log_odds, outside = np.zeros(len(nodes)), np.zeros(len(nodes), bool)
    for k in range(folds):
        model = walkdata.train(windows, windows_mask & (window_fold != k))
        test = nodes_mask & (node_fold == k)
        log_odds[test] = walkdata.score(model["forest"], nodes.X[test])
        outside[test] = ~walkdata.inside(model["bounds"], nodes.X[test])
        if models is not None:
            models.append((k, model))
    return log_odds, outside


def counts(nodes, decided):
    """Each recording's count (by `Nodes.recording`): the steps proposed under its nodes decided walking."""
    walking = decided >= 0
    out = {}
    for t, p, wlk in zip(nodes.recording, nodes.proposed, walking):
        out[t] = out.get(t, 0) + (p if wlk else 0)
    return out

"""Tests of bouts.py: the decision over bouts replayed as BoutDecoder makes it (a dip between
stretches that walk is walking, bouts are independent, the live decision is the recording's
once the lag covers the bout), and the policies learned from the judged stretches.
Run: python3 -m pytest tools/walking-model"""
import json, os, sys, tempfile
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bouts  # noqa: E402
import walkdata  # noqa: E402

POLICY = dict(bouts.DEFAULT_POLICY, walking_bout_seconds=60.0, not_walking_spell_seconds=120.0)


def nodes_file(tmp, recordings):
    """A judged stretches' CSV of recordings: each a (name, sidecar, [(time, starts_bout, steps, proposed, placement)])."""
    feature_names = ["vertical_step", walkdata.PLACEMENT]
    path = os.path.join(tmp, "nodes.csv")
    with open(path, "w") as f:
        f.write("trace,dataset,subject,placement,node,bout_start,question,steps,proposed,from,time," + ",".join(feature_names) + "\n")
        node = 0
        for name, meta, rows in recordings:
            trace = os.path.join(tmp, name + ".csv")
            with open(trace, "w") as t:
                t.write("t,ax,ay,az\n0,0,0,9.8\n")
            with open(os.path.join(tmp, name + ".json"), "w") as j:
                json.dump(meta, j)
            for time, starts, steps, proposed, placement in rows:
                f.write(f"{trace},d,s,wrist,{node},{int(starts)},still-walking,{steps},{proposed},{time - 4},{time},0.5,{placement}\n")
                node += 1
    return path


def test_a_dip_between_stretches_that_walk_is_walking_and_a_lone_yes_is_not():
    with tempfile.TemporaryDirectory() as tmp:
        rows = [(4 * i, i == 0, 8, 8, 1) for i in range(6)]
        nodes = bouts.Nodes(nodes_file(tmp, [("walk", {"activity": "walking", "steps": 48}, rows)]))
        # The forest's log-odds of pebble-wrist's walk_100_pbl_25477_18: 0.98, 1.00, 0.07, 0.05, 0.99, 0.99.
        d = bouts.decide(nodes, np.array([3.9, 6.0, -2.6, -2.9, 4.6, 4.6]), {"wrist": POLICY})
        assert (d >= 0).all()
        d = bouts.decide(nodes, np.array([-3, -3, 0.85, -3, -3, -3.0]), {"wrist": POLICY})
        assert (d < 0).all()
        assert bouts.counts(nodes, np.array([1, 1, -1, 1, 1, 1.0]))[nodes.recording[0]] == 40


def test_bouts_are_independent_and_the_live_decision_is_the_recordings_once_the_lag_covers_the_bout():
    with tempfile.TemporaryDirectory() as tmp:
        rng = np.random.default_rng(3)
        rows, time = [], 0.0
        for bout in range(40):
            for i in range(rng.integers(1, 6)):
                rows.append((time, i == 0, 4, 4, 1))
                time += 4
            time += 30
        nodes = bouts.Nodes(nodes_file(tmp, [("day", {"activity": "mixed", "steps": 10}, rows)]))
        evidence = rng.uniform(-5, 5, len(nodes))
        offline = bouts.decide(nodes, evidence, {"wrist": POLICY})
        assert np.allclose(bouts.decide(nodes, evidence, {"wrist": POLICY}, lag=20), offline)
        assert not np.allclose(bouts.decide(nodes, evidence, {"wrist": POLICY}, lag=0), offline)
        # A bout's decisions do not depend on the bouts before it.
        first = np.flatnonzero(nodes.starts_bout)[1]
        changed = evidence.copy()
        changed[:first] = 9.0
        assert np.allclose(bouts.decide(nodes, changed, {"wrist": POLICY})[first:], offline[first:])


def test_a_placement_with_not_walking_from_few_datasets_keeps_the_forests_calibration():
    with tempfile.TemporaryDirectory() as tmp:
        rows = [(4 * i, i == 0, 8, 8, 0) for i in range(30)]
        recordings = [("walk%d" % i, {"activity": "walking", "steps": 10, "subject": str(i), "dataset": "d%d" % (i % 2)}, rows)
                      for i in range(4)]
        recordings += [("still%d" % i, {"activity": "non-walking", "steps": 0, "subject": str(i), "dataset": "d%d" % (i % 2)}, rows)
                       for i in range(4)]
        nodes = bouts.Nodes(nodes_file(tmp, recordings))
        nodes.dataset = np.array([walkdata.load_sidecar(t)["dataset"] for t in nodes.trace])
        rng = np.random.default_rng(1)
        log_odds = np.where(nodes.y == 1, rng.normal(3, 1, len(nodes)), rng.normal(-1, 1, len(nodes)))
        outside = np.zeros(len(nodes))
        everything = np.ones(len(nodes), bool)
        # Not walking from two datasets: the body keeps scale 1 and bias 0.
        policies = bouts.fit_policies(nodes, log_odds, outside, everything)
        assert policies["body"]["evidence_scale"] == 1.0 and policies["body"]["evidence_bias"] == 0.0
        assert policies["body"]["walking_bout_seconds"] == bouts.SETTINGS["walking_bout_seconds"]
        # From three, it is learned: the regression moves the bias toward where the classes part.
        nodes.dataset = np.array(["d%d" % (i % 3) for i in range(len(nodes))])
        bouts.CALIBRATION_DATASETS, kept = 3, bouts.CALIBRATION_DATASETS
        learned = bouts.fit_policies(nodes, log_odds, outside, everything)["body"]
        assert learned["evidence_bias"] != 0.0
        bouts.CALIBRATION_DATASETS = kept

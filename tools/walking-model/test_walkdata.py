"""Tests of walkdata.py: how stretches are labelled from each kind of truth, how the fit weighs
them, that the forest keeps the directions physics gives it and is scored as LightGBM scores it,
that every stretch is learned at its placement and unknown, and what the envelopes bound.
Run: python3 -m pytest tools/walking-model"""
import csv, json, os, sys, tempfile
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import walkdata  # noqa: E402


def test_step_times_label_by_how_many_true_steps_fall_inside():
    meta = {"step_times": [1.0, 1.5, 2.0, 2.5, 3.0], "step_time_tolerance_s": 0.1}
    assert walkdata.label(meta, 1.0, 2.5, 4) == 1          # four true steps for four candidates
    assert walkdata.label(meta, 5.0, 7.0, 4) == 0          # none inside
    assert walkdata.label(meta, 2.65, 4.5, 4) == 0         # one (3.0): at most one is not walking
    assert walkdata.label(meta, 2.4, 4.5, 4) is None       # two of four: a walk's end, left out


def test_segments_label_by_how_much_lies_in_walking():
    segments = [{"label": "seated", "start": 0, "end": 2}, {"label": "standing-up", "start": 2, "end": 3},
                {"label": "walking", "start": 3, "end": 8}, {"label": "turning", "start": 8, "end": 9},
                {"label": "sitting-down", "start": 9, "end": 11}]
    meta = {"segments": segments}
    assert walkdata.label(meta, 3.5, 8.8, 4) == 1          # walking and turning throughout
    assert walkdata.label(meta, 0.1, 2.9, 4) == 0          # seated and standing up
    assert walkdata.label(meta, 9.0, 11.0, 4) is None      # sitting down: people step as they turn
    assert walkdata.label(meta, 1.0, 5.0, 4) is None       # half and half


def test_totals_label_whole_recordings_and_mixed_ones_are_left_out():
    assert walkdata.label({"activity": "walking", "steps": 100}, 0, 3, 4) == 1
    assert walkdata.label({"activity": "non-walking", "steps": 0}, 0, 3, 4) == 0
    assert walkdata.label({"activity": "mixed", "steps": 40}, 0, 3, 4) is None


def test_bangle_subjects_come_from_the_file_name():
    assert walkdata.subject_of({}, "x/HughB-walk-1834.csv") == "HughB"
    assert walkdata.subject_of({}, "x/100_2.csv") == "100"
    assert walkdata.subject_of({"subject": "s03"}, "x/s03_01_wrist.csv") == "s03"


def synthetic_windows(tmp):
    """Two datasets of labelled stretches whose features say walking or not by construction."""
    rng = np.random.default_rng(3)
    names = ["log_stroke_to_vertical", "vertical_step", "across_step", "vertical_stride", "across_stride",
             "log_orientation_spread", "log_gravity_drift", "log_above_band", "log_vertical_level", "step_similarity",
             "log_sustained_above_band", "context_log_above_band", "placement_wrist"]
    rows = []
    for dataset, n_walk, n_still in (("big", 900, 30), ("small", 100, 60)):
        trace = os.path.join(tmp, dataset + ".csv")
        with open(trace[:-4] + ".json", "w") as f:
            json.dump({"activity": "mixed", "segments": [{"label": "walking", "start": 0, "end": 1000},
                                                          {"label": "seated", "start": 1000, "end": 2000}]}, f)
        for k in range(n_walk + n_still):
            walking = k < n_walk
            x = rng.normal(0, 1, len(names))
            x[names.index("vertical_step")] += 1.5 if walking else -1.5
            x[names.index("log_vertical_level")] += 1.0 if walking else -1.0
            x[names.index("placement_wrist")] = 1.0 if dataset == "big" else 0.0
            start = 10 + k * 0.5 if walking else 1010 + k * 0.5
            rows.append([trace, dataset, "p", "wrist", 4, 1, start, start + 2] + list(x))
    path = os.path.join(tmp, "windows.csv")
    with open(path, "w", newline="") as f:
        out = csv.writer(f)
        out.writerow(["trace", "dataset", "subject", "placement", "steps", "even", "from", "time"] + names)
        out.writerows(rows)
    return walkdata.Windows(path)


def test_classes_weigh_the_same_and_datasets_by_the_square_root_of_their_size():
    with tempfile.TemporaryDirectory() as tmp:
        w = synthetic_windows(tmp)
        weights = w.weights(np.ones(len(w.y), bool))
        assert abs(weights[w.y == 1].sum() - weights[w.y == 0].sum()) < 1e-6
        big = weights[(w.y == 1) & (w.dataset == "big")].sum()
        small = weights[(w.y == 1) & (w.dataset == "small")].sum()
        assert abs(big / small - np.sqrt(900 / 100)) < 1e-6


def test_thinning_keeps_every_nth_stretch_in_every_column():
    with tempfile.TemporaryDirectory() as tmp:
        w = synthetic_windows(tmp)
        first, count = w.X[3].copy(), len(w.y)
        w.thin(3)
        assert len(w.y) == (count + 2) // 3
        assert len(w.trace) == len(w.subject) == len(w.X) == len(w.y)
        assert (w.X[1] == first).all()
        w.thin(1)
        assert len(w.y) == (count + 2) // 3


def test_the_forest_keeps_every_direction_and_learns_what_separates():
    with tempfile.TemporaryDirectory() as tmp:
        w = synthetic_windows(tmp)
        # Make a feature physics says lessens walking carry walking: the forest must not follow.
        drift = w.feature_names.index("log_gravity_drift")
        w.X[w.y == 1, drift] += 2
        model = walkdata.train(w, np.ones(len(w.y), bool))
        forest = model["forest"]
        p = walkdata.probability(forest, w.X)
        assert ((p >= 0.5) == (w.y == 1)).mean() > 0.9
        # Every direction held: raising a feature never moves the score against it.
        for name, sign in walkdata.MONOTONE.items():
            if name not in w.feature_names:
                continue
            higher = w.X.copy()
            higher[:, w.feature_names.index(name)] += 1.0
            change = walkdata.score(forest, higher) - walkdata.score(forest, w.X)
            assert (sign * change >= -1e-9).all(), name


def test_a_forest_learned_without_a_feature_never_reads_it_and_the_envelope_still_bounds_it():
    with tempfile.TemporaryDirectory() as tmp:
        w = synthetic_windows(tmp)
        everything = np.ones(len(w.y), bool)
        step = w.feature_names.index("vertical_step")
        assert step in walkdata.train(w, everything)["forest"]["feature"]
        model = walkdata.train(w, everything, without=["vertical_step"])
        assert step not in model["forest"]["feature"]
        assert model["bounds"][:2] == walkdata.train(w, everything)["bounds"][:2]
        # What still separates, the level, is learned in its place.
        p = walkdata.probability(model["forest"], w.X)
        assert ((p >= 0.5) == (w.y == 1)).mean() > 0.8


def test_the_flat_forest_scores_as_lightgbm_does():
    import lightgbm
    with tempfile.TemporaryDirectory() as tmp:
        w = synthetic_windows(tmp)
        model = lightgbm.LGBMClassifier(**walkdata.FOREST).fit(w.X, w.y)
        forest = walkdata.flatten(model.booster_.dump_model())
        assert np.allclose(walkdata.score(forest, w.X), model.booster_.predict(w.X, raw_score=True), atol=1e-9)
        # Pre-order: a node's children come after it (WalkingModelFile checks the same).
        for i, f in enumerate(forest["feature"]):
            if f >= 0:
                assert forest["left"][i] > i and forest["right"][i] > i


def test_every_stretch_is_learned_at_its_placement_and_unknown():
    names = ["a", walkdata.PLACEMENT]
    X = np.array([[1.0, 1.0], [2.0, 0.0]])
    X2, y2, w2 = walkdata.with_unknown_placement(names, X, np.array([1, 0]), np.array([1.0, 2.0]))
    assert X2[:, 1].tolist() == [1.0, 0.0, 0.5, 0.5] and y2.tolist() == [1, 0, 1, 0] and w2.tolist() == [1, 2, 1, 2]


def test_the_envelope_bounds_walking_at_its_quantiles():
    with tempfile.TemporaryDirectory() as tmp:
        w = synthetic_windows(tmp)
        low, high = walkdata.envelope(w, np.ones(len(w.y), bool))
        i = w.feature_names.index("log_orientation_spread")
        walking = w.X[w.y == 1, i]
        assert low[i] is None
        assert abs(high[i] - np.quantile(walking, 1 - walkdata.ENVELOPE_QUANTILE)) < 1e-12
        assert low[w.feature_names.index("log_vertical_level")] is None     # no floor on how gently one walks
        assert high[w.feature_names.index("log_stroke_to_vertical")] is None  # a wide arm swing is a walk's
        model = walkdata.train(w, np.ones(len(w.y), bool))
        assert walkdata.inside(model["bounds"], w.X[w.y == 1]).mean() > 0.99


def test_the_wrists_envelope_bounds_only_the_wrist():
    with tempfile.TemporaryDirectory() as tmp:
        w = synthetic_windows(tmp)
        bounds = walkdata.train(w, np.ones(len(w.y), bool))["bounds"]
        i = w.feature_names.index("context_log_above_band")
        wrist = w.X[:, w.feature_names.index("placement_wrist")] == 1
        assert bounds[2][i] == np.quantile(w.X[(w.y == 1) & wrist, i], 1 - walkdata.WRIST_ENVELOPE_QUANTILE)
        loud = w.X[:2].copy()
        loud[:, i] = bounds[2][i] + 1
        loud[0, w.feature_names.index("placement_wrist")] = 1      # at the wrist: beyond the bound
        loud[1, w.feature_names.index("placement_wrist")] = 0      # on the body: the wrist's bound is not read
        loud[:, w.feature_names.index("log_orientation_spread")] = -5
        loud[:, w.feature_names.index("log_gravity_drift")] = -5
        loud[:, w.feature_names.index("log_above_band")] = -5
        loud[:, w.feature_names.index("log_sustained_above_band")] = -5
        assert walkdata.inside(bounds, loud).tolist() == [False, True]


def test_the_envelopes_are_read_from_real_recordings_not_their_copies():
    # A copy read through a slower converter (augment.py) has lost the energy above the step
    # band a real wrist shows while walking: were its stretches read, the bound would sit
    # below real walks.
    with tempfile.TemporaryDirectory() as tmp:
        w = synthetic_windows(tmp)
        i = w.feature_names.index("log_above_band")
        wrist = w.X[:, w.feature_names.index("placement_wrist")] == 1
        real = (w.y == 1) & wrist
        expected = np.quantile(w.X[real, i], 1 - walkdata.WRIST_ENVELOPE_QUANTILE)
        j = w.feature_names.index("log_orientation_spread")
        expected_body = np.quantile(w.X[w.y == 1, j], 1 - walkdata.ENVELOPE_QUANTILE)
        # Copies of every walking stretch (`keep` given row numbers repeats rows), each far
        # quieter and steadier than the real ones.
        real_rows = len(w.y)
        w.keep(np.concatenate([np.arange(real_rows), np.flatnonzero(w.y == 1)]))
        w.X[real_rows:, i] -= 10
        w.X[real_rows:, j] -= 10
        w.augmented[real_rows:] = True
        everything = np.ones(len(w.y), bool)
        assert walkdata.wrist_envelope(w, everything)[i] == expected
        assert walkdata.envelope(w, everything)[1][j] == expected_body


def test_check_compares_numbers_within_a_tolerance_and_words_exactly():
    import train
    committed = "// Generated by train.py on 2026-11-24\n        weights: SIMD16(1.483157809279898, -0.1, .infinity),\n"
    assert train.same_model_text(committed, committed.replace("2026-11-24", "2026-12-01"))
    assert train.same_model_text(committed, committed.replace("1.483157809279898", "1.4831578092798976"))
    assert not train.same_model_text(committed, committed.replace("1.483157809279898", "1.49"))
    assert not train.same_model_text(committed, committed.replace(".infinity", "0.5"))
    assert not train.same_model_text(committed, committed.replace("weights", "scales"))


def test_sidecars_and_traces_pair_whether_compressed_or_not():
    assert walkdata.sidecar_path("d/1600_clapping.csv.gz") == "d/1600_clapping.json"
    assert walkdata.sidecar_path("d/walk.csv") == "d/walk.json"


def test_check_learns_from_the_recordings_the_model_names_and_reports_a_new_set_without_failing(capsys, monkeypatch):
    import train
    with tempfile.TemporaryDirectory() as tmp:
        def recording(folder, name):
            os.makedirs(os.path.join(tmp, folder), exist_ok=True)
            trace = os.path.join(tmp, folder, name + ".csv")
            with open(trace, "w") as f:
                f.write("t,ax,ay,az\n0,0,0,9.8\n")
            with open(os.path.join(tmp, folder, name + ".json"), "w") as f:
                json.dump({"steps": 0, "activity": "non-walking"}, f)
            return trace
        learned = [recording("old-set", "a"), recording("old-set", "b")]
        manifest = os.path.join(tmp, "trained-recordings.csv")
        walkdata.write_manifest(learned, manifest)
        monkeypatch.setattr(walkdata, "MANIFEST", manifest)
        # A set added since, and a recording added to the old set: reported, not learned, no failure.
        recording("new-set", "c")
        recording("old-set", "d")
        assert train.checked_recordings([os.path.join(tmp, "old-set"), os.path.join(tmp, "new-set")]) == learned
        out = capsys.readouterr().out
        assert "not learned yet: new-set (1 recording present" in out and "not learned yet: old-set (1 recording present" in out
        # A recording learned from that changed, or went: the check cannot reproduce the model.
        with open(learned[1], "a") as f:
            f.write("1,0,0,9.8\n")
        assert walkdata.manifest_changes(walkdata.read_manifest(manifest)) == [(learned[1], "the trace has changed")]
        os.remove(learned[0])
        import pytest
        with pytest.raises(SystemExit, match="2 of 2"):
            train.checked_recordings([os.path.join(tmp, "old-set")])

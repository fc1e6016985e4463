#!/usr/bin/env python3
"""Which kind of model the walking decision should be, chosen by cross-validation on the
stretches (`footfall bench --windows-csv`), not by how well a kind fits.

usage: tools/walking-model/compare_models.py [--windows FILE] [DATASET_DIR ...]

Three kinds, each learned on the same weighed stretches (walkdata.Windows.weights):
- `logistic`: a logistic regression on standardised features (a straight line);
- `forest`: the gradient-boosted forest the detector ships (walkdata.FOREST, with the
  directions of walkdata.MONOTONE), and the same forest without those directions;
- `network`: a small network (two tanh layers of 32 and 16) on standardised features.

Each is scored three ways, every stretch by a model that never saw it: leaving people out
(five folds of people), leaving each dataset out, and leaving each activity of not walking
out (the model never saw clapping when it judges clapping: the nearest the data comes to the
gestures nobody recorded). The figure is the share of not-walking stretches judged walking
at the threshold where 3 % of walking stretches are judged not walking (each kind at its
own threshold: the kinds' probabilities are not on one scale), overall and per activity.
Needs numpy, scipy, scikit-learn and lightgbm.
"""
import argparse, os, sys
import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import walkdata  # noqa: E402
from train import build, dataset_folders, measure  # noqa: E402

MISSED = 0.03


def kinds(names):
    import lightgbm
    from sklearn.linear_model import LogisticRegression
    from sklearn.neural_network import MLPClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    constraints = [walkdata.MONOTONE.get(n, 0) for n in names]
    return {
        "logistic": (lambda: make_pipeline(StandardScaler(), LogisticRegression(C=1, max_iter=3000)), True),
        "forest": (lambda: lightgbm.LGBMClassifier(**walkdata.FOREST, monotone_constraints=constraints), True),
        "forest, free directions": (lambda: lightgbm.LGBMClassifier(**walkdata.FOREST), True),
        "network": (lambda: make_pipeline(StandardScaler(), MLPClassifier(hidden_layer_sizes=(32, 16), alpha=1e-3,
                                                                          max_iter=300, random_state=1)), False),
    }


def fit(make, weighted, X, y, w):
    model = make()
    if weighted:
        last = model.steps[-1][0] + "__" if hasattr(model, "steps") else ""
        model.fit(X, y, **{last + "sample_weight": w})
    else:
        model.fit(X, y)   # scikit-learn's network takes no weights
    return model


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="*")
    ap.add_argument("--windows", help="a stretches CSV already measured")
    ap.add_argument("--every", type=int, default=1, metavar="N",
                    help="learn and judge every Nth stretch only (neighbouring stretches share most of their steps): for a quicker comparison")
    a = ap.parse_args()
    folders = dataset_folders(a.folders)
    w = walkdata.Windows(a.windows) if a.windows else measure(build(), walkdata.traces_in(folders), os.path.join(walkdata_root(), "windows.csv"))
    w.thin(a.every)
    labels = np.array([walkdata.load_sidecar(t).get("label") or walkdata.load_sidecar(t).get("activity") for t in w.trace])
    weights = w.weights(np.ones(len(w.y), bool))
    people = np.unique(w.subject)
    order = np.random.default_rng(1).permutation(len(people))
    fold_of = {people[k]: i % 5 for i, k in enumerate(order)}
    people_fold = np.array([fold_of[s] for s in w.subject])
    activities = sorted({l for l in labels[w.y == 0] if l})
    judged = w.even
    print(f"share of not-walking stretches judged walking where {MISSED:.0%} of walking stretches are missed")
    print(f"{'kind':26} {'people out':>11} {'dataset out':>12} {'activity out':>13}   per activity (people out / activity out)")
    for name, (make, weighted) in kinds(w.feature_names).items():
        scores = {}
        for scheme, groups in (("people", people_fold), ("dataset", w.dataset)):
            p = np.zeros(len(w.y))
            for g in np.unique(groups):
                test = groups == g
                p[test] = fit(make, weighted, w.X[~test], w.y[~test], weights[~test]).predict_proba(w.X[test])[:, 1]
            scores[scheme] = p
        p = scores["people"].copy()
        for activity in activities:
            test = (labels == activity) & (w.y == 0)
            p[test] = fit(make, weighted, w.X[~test], w.y[~test], weights[~test]).predict_proba(w.X[test])[:, 1]
        scores["activity"] = p
        row, per = [], []
        for scheme in ("people", "dataset", "activity"):
            q = scores[scheme]
            threshold = np.quantile(q[judged & (w.y == 1)], MISSED)
            row.append(float((q[judged & (w.y == 0)] >= threshold).mean()))
            if scheme != "dataset":
                per.append({a: float((q[judged & (w.y == 0) & (labels == a)] >= threshold).mean()) for a in activities})
        detail = ", ".join(f"{a} {per[0][a]:.3f}/{per[1][a]:.3f}" for a in activities)
        print(f"{name:26} {row[0]:11.4f} {row[1]:12.4f} {row[2]:13.4f}   {detail}", flush=True)


def walkdata_root():
    return os.path.abspath(os.path.join(here, "..", "..", ".build"))


if __name__ == "__main__":
    main()

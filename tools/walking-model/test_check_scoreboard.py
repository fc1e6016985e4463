import check_scoreboard as c

GOOD = {"dataset": "oxford-phone", "recordings": 48, "true": 5000, "counted": 5010,
        "walk_median_ape_pct": 1.5, "walk_total_err_pct": 0.99, "match": {"tp": 4900, "fp": 100, "fn": 100}}


def results(held):
    return {"in_sample": {"datasets": [GOOD]}, "dataset": {"datasets": held}}


def test_a_scoreboard_within_bounds_passes():
    assert c.problems(results([GOOD]), "dataset") == []


def test_a_missing_table_a_missing_fold_and_a_broken_one_fail():
    assert c.problems({"in_sample": {"datasets": [GOOD]}}, "dataset") == ["no 'dataset' table"]
    assert c.problems(results([dict(GOOD, dataset="other")]), "dataset") == ["oxford-phone: scored by no fold"]
    broken = dict(GOOD, recordings=40, counted=0, walk_median_ape_pct=60.0, walk_total_err_pct=-99.0,
                  match={"tp": 0, "fp": 0, "fn": 5000})
    assert len(c.problems(results([broken]), "dataset")) == 5

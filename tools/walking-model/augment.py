#!/usr/bin/env python3
"""Real recordings as other devices would have recorded them: resampled to another rate and
read through another converter (resolution and range), so the walking decision learns from
the same real motion as a 12.5 Hz watch, a 6-bit wrist sensor or an 8-bit band sees it.
Real motion transformed, never simulated motion.

usage: tools/walking-model/augment.py OUT_DIR DATASET_DIR_OR_TRACE... [--variants NAME,...]

Each variant writes OUT_DIR/VARIANT/DATASET/NAME.csv.gz with the recording's sidecar beside it
(the same truth, subject, device, placement and labels; `read_as` says what was done). The
device stays the one that was worn: a phone read as a wrist sensor is still a phone, and the
detector places a recording by its device as well as its placement. What a variant does, in
order:
- the sensor's own low-pass and sampling: the signal (linearly interpolated between the real
  samples) averaged over each sample period, as a sensor's anti-aliasing filter does, at the
  variant's rate. A recording no faster than the variant keeps its own samples: nothing is
  made up between them, and its sensor low-passed them already;
- the range: values beyond it clip;
- the resolution: values rounded to the converter's step (range * 2 / 2^bits).
"""
import argparse, gzip, json, os, sys
import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import walkdata  # noqa: E402

G = 9.80665

# name: (rate Hz, range in g, bits). The field has 12.5-100 Hz, 6-16 bits, +-2 to +-16 g.
VARIANTS = {
    "bangle-12hz": (12.5, 8.0, 13),
    "wrist-6bit-32hz": (32.0, 2.0, 6),
    "band-8bit-25hz": (25.0, 4.0, 8),
}


def read(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        data = np.loadtxt(f, delimiter=",", skiprows=1, usecols=(0, 1, 2, 3), ndmin=2)
    return data[:, 0], data[:, 1:4]


def keeps_own_samples(t, rate):
    """Whether a recording sampled at times `t` is no faster than `rate` Hz (to within 1 %),
    so that its copy keeps its own samples."""
    return len(t) < 2 or rate >= 0.99 / np.median(np.diff(t))


def transform(t, a, rate, range_g, bits):
    """The recording as the variant's device would have read it."""
    if keeps_own_samples(t, rate):
        # No faster than the recording: its own sensor low-passed and sampled it already, and
        # its samples are what a device at this rate reads. Averaging them again over a period
        # (a two-tap mean) would halve a 6.5 Hz motion at 20 Hz, the energy above the step
        # band that tells a hand at work from a walk.
        out_t, mean = t, a
    else:
        period = 1 / rate
        out_t = np.arange(t[0] + period, t[-1], period)
        # The mean of the piecewise-linear signal over each period, by the integral of the
        # interpolant (exact for any input spacing, jittery or not).
        cumulative = np.vstack([np.zeros((1, 3)), np.cumsum(0.5 * (a[1:] + a[:-1]) * np.diff(t)[:, None], axis=0)])

        def integral(x):
            k = np.clip(np.searchsorted(t, x, side="right") - 1, 0, len(t) - 2)
            dt = x - t[k]
            slope = (a[k + 1] - a[k]) / np.maximum(t[k + 1] - t[k], 1e-9)[:, None]
            return cumulative[k] + a[k] * dt[:, None] + 0.5 * slope * dt[:, None] ** 2

        mean = (integral(out_t) - integral(out_t - period)) / period
    limit = range_g * G
    step = 2 * limit / 2 ** bits
    read_out = np.clip(np.round(mean / step) * step, -limit, limit - step)
    return out_t, read_out


def copy_path(out, variant, trace):
    """Where `variant`'s copy of `trace` is written: OUT/VARIANT/DATASET/NAME.csv.gz, DATASET
    being the folder the recording is in."""
    dataset = os.path.basename(os.path.dirname(os.path.abspath(trace)))
    name = os.path.basename(walkdata.sidecar_path(trace))[:-len(".json")]
    return os.path.join(out, variant, dataset, name + ".csv.gz")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("recordings", nargs="+", metavar="DATASET_DIR_OR_TRACE")
    ap.add_argument("--variants", default=",".join(VARIANTS), help="which (default: all): " + ", ".join(VARIANTS))
    a = ap.parse_args()
    written = 0
    traces = walkdata.traces_in(a.recordings)
    for variant in a.variants.split(","):
        rate, range_g, bits = VARIANTS[variant]
        for trace in traces:
            out = copy_path(a.out, variant, trace)
            if os.path.exists(out):
                continue
            os.makedirs(os.path.dirname(out), exist_ok=True)
            t, acc = read(trace)
            t2, acc2 = transform(t, acc, rate, range_g, bits)
            with gzip.open(out, "wt", compresslevel=1) as f:
                f.write("t,ax,ay,az\n")
                np.savetxt(f, np.column_stack([t2, acc2]), fmt="%.4f", delimiter=",")
            with open(walkdata.sidecar_path(trace)) as f:
                meta = json.load(f)
            read_rate = "its own rate" if keeps_own_samples(t, rate) else f"{rate:g} Hz"
            meta["read_as"] = f"{variant} ({read_rate}, +-{range_g:g} g, {bits} bits)"
            meta["augmented"] = variant
            meta["sample_rate_hz"] = min(rate, meta.get("sample_rate_hz") or rate)
            meta["samples"] = len(t2)
            with open(walkdata.sidecar_path(out), "w") as f:
                json.dump(meta, f, indent=1)
            written += 1
    print(f"wrote {written} recordings into {a.out}")


if __name__ == "__main__":
    main()

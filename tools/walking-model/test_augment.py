"""Tests of augment.py: a copy is the recording read as another device would have, with the
same sidecar (truth, device, placement) and what was done in `read_as`.
Run: python3 -m pytest tools/walking-model"""
import gzip, json, os, subprocess, sys, tempfile
import numpy as np

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import augment  # noqa: E402


def test_a_copy_keeps_the_device_that_was_worn_and_says_how_it_was_read():
    # A phone held in the hand, read as a 6-bit wrist sensor: still a phone in the hand, so the
    # detector does not take it for a watch (a sidecar's device that is a watch or a band puts a
    # recording at the wrist when its placement names the hand).
    with tempfile.TemporaryDirectory() as tmp:
        folder = os.path.join(tmp, "phones")
        os.makedirs(folder)
        t = np.arange(0, 10, 0.01)
        with open(os.path.join(folder, "walk.csv"), "w") as f:
            f.write("t,ax,ay,az\n")
            for ti in t:
                f.write(f"{ti:.3f},0.1,{9.8 + np.sin(2 * np.pi * 2 * ti):.4f},0.2\n")
        meta = {"steps": 20, "placement": "hand", "device": "Samsung", "subject": "a", "sample_rate_hz": 100}
        json.dump(meta, open(os.path.join(folder, "walk.json"), "w"))
        out = os.path.join(tmp, "copies")
        subprocess.run([sys.executable, os.path.join(here, "augment.py"), out, folder, "--variants", "wrist-6bit-32hz"],
                       check=True, capture_output=True)
        copy = json.load(open(os.path.join(out, "wrist-6bit-32hz", "phones", "walk.json")))
        assert copy["device"] == "Samsung" and copy["placement"] == "hand" and copy["steps"] == 20
        assert copy["augmented"] == "wrist-6bit-32hz"
        assert copy["read_as"] == "wrist-6bit-32hz (32 Hz, +-2 g, 6 bits)"
        assert copy["sample_rate_hz"] == 32
        with gzip.open(os.path.join(out, "wrist-6bit-32hz", "phones", "walk.csv.gz"), "rt") as f:
            rows = np.loadtxt(f, delimiter=",", skiprows=1)
        # 32 samples a second, on the 6-bit converter's steps of 4 g / 64.
        assert abs(len(rows) - 10 * 32) <= 2
        step = 2 * 2.0 * augment.G / 2 ** 6
        assert np.allclose(np.round(rows[:, 1:] / step) * step, rows[:, 1:], atol=1e-3)


def test_a_recording_no_faster_than_the_variant_keeps_its_own_samples():
    # A 20 Hz watch read as the 32 Hz variant: its sensor low-passed and sampled it already, so
    # the copy is its samples on the coarser converter. Averaged again over each period (a
    # two-tap mean), a 6.5 Hz motion (a hand at work, above the step band) would lose half.
    t = np.arange(0, 20, 0.05)
    a = np.column_stack([np.sin(2 * np.pi * 6.5 * t), 9.8 + 0 * t, 0.5 * np.sin(2 * np.pi * 6.5 * t)])
    t2, a2 = augment.transform(t, a, 32.0, 16.0, 16)
    assert np.array_equal(t2, t)
    assert np.allclose(a2, a, atol=2 * 16.0 * augment.G / 2 ** 16)
    # Slower than the recording, it is averaged over each of its own periods.
    t3, a3 = augment.transform(t, a, 12.5, 16.0, 16)
    assert abs(len(t3) - 20 * 12.5) <= 2
    assert np.std(a3[:, 0]) < 0.5 * np.std(a[:, 0])

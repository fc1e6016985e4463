#!/usr/bin/env python3
"""hwsim-check.py: compute and check what the simulated devices should deliver.

  hwsim-check.py expected-iio TRACE.csv [--unit-exponent E] [--rate HZ] > NAME.expected.txt
  hwsim-check.py check-iio CAPTURE.bin EXPECTED.txt [--scan-bytes 24] [--allow-missing N]
  hwsim-check.py expected-evdev TRACE.csv [--resolution N] [--range G] [--rate HZ] > NAME.expected.txt
  hwsim-check.py check-evdev CAPTURE.evdev EXPECTED.txt [--allow-missing N]
  hwsim-check.py check-evemu RECORD.evemu EXPECTED.txt
  hwsim-check.py check-evdev-dump DUMP.txt EXPECTED.txt        (ff-evdev-dump output)
  hwsim-check.py snapshot-sysfs IIO_DIR TRIGGER_DIR             > NAME.sysfs.txt

The expected values are computed from the trace with the fixtures' formulas (not from a
capture), so a check compares the real kernel's output with an independent computation:
  IIO (ff-uhid-accel):    raw = round(a / (9.80665 * 10^E)), m/s^2 = raw * scale
  evdev (ff-uinput-accel): value = round(a / 9.80665 * N) clamped to [-G*N, G*N-1],
                           m/s^2 = value / N * 9.80665
(round = half away from zero, like C's lround). Exit status 0 when the check passes.
"""
import os, struct, sys

G = 9.80665


def lround(x):
    return int(x + 0.5) if x >= 0 else -int(-x + 0.5)


def load_trace(path):
    rows = []
    with open(path, encoding="utf-8-sig") as f:
        lines = [l.strip() for l in f if l.strip()]
    assert lines[0].replace(" ", "") == "t,ax,ay,az", f"{path}: bad header"
    for l in lines[1:]:
        rows.append([float(v) for v in l.split(",")])
    return rows


def resample(rows, rate):
    """The fixtures' --rate: t = t0 + k / rate, linear interpolation (same arithmetic as C)."""
    if not rate:
        return rows
    out, j, k = [], 0, 0
    t0, tend = rows[0][0], rows[-1][0]
    while True:
        t = t0 + k / rate
        if t > tend + 1e-9:
            return out
        while j + 1 < len(rows) and rows[j + 1][0] <= t:
            j += 1
        if j + 1 >= len(rows) or t <= rows[j][0]:
            a = rows[j][1:]
        else:
            ta, tb = rows[j][0], rows[j + 1][0]
            w = (t - ta) / (tb - ta) if tb > ta else 1.0
            a = [rows[j][1 + i] * (1 - w) + rows[j + 1][1 + i] * w for i in range(3)]
        out.append([t] + list(a))
        k += 1


def opt(args, name, default, conv=float):
    if name in args:
        i = args.index(name)
        v = conv(args[i + 1])
        del args[i:i + 2]
        return v
    return default


def read_expected(path):
    meta, rows = {}, []
    for line in open(path):
        if line.startswith("#"):
            if ":" in line and line.startswith("# @"):
                k, v = line[3:].split(":", 1)
                meta[k.strip()] = v.strip()
            continue
        if line.strip():
            rows.append(line.split())
    return meta, rows


def expected_iio(args):
    e = int(opt(args, "--unit-exponent", -3))
    rate = opt(args, "--rate", 0.0)
    trace = args[0]
    rows = resample(load_trace(trace), rate)
    unit = G * 10.0 ** e
    # the IIO scale as the kernel prints it (IIO_VAL_INT_PLUS_NANO)
    scale = f"{unit:.9f}"
    name = os.path.basename(trace)
    print(f"# Expected decoding of a buffered capture from /dev/iio:deviceN made by ff-uhid-accel")
    print(f"# replaying {name} ({f'resampled to {rate:g} Hz' if rate else 'trace timestamps'}, unit exponent {e}).")
    print(f"# Scan: accel_x index 0 le:s32/32>>0, accel_y index 1 le:s32/32>>0, accel_z index 2")
    print(f"# le:s32/32>>0, timestamp index 3 le:s64/64>>0 (bytes 16-23; 4 padding bytes at 12-15):")
    print(f"# 24 bytes a scan. Timestamps are the kernel's arrival times on current_timestamp_clock")
    print(f"# (realtime), about 1/rate apart: check that they increase, not their values.")
    print(f"# Columns: sample raw_x raw_y raw_z ax ay az, with a = raw * in_accel_scale (m/s^2).")
    print(f"# @scale: {scale}")
    print(f"# @scan_bytes: 24")
    print(f"# @samples: {len(rows)}")
    s = float(scale)
    for i, (t, ax, ay, az) in enumerate(rows):
        raw = [lround(a / unit) for a in (ax, ay, az)]
        print(i, *raw, *(f"{r * s:.9f}" for r in raw))


def check_iio(args):
    sb = int(opt(args, "--scan-bytes", 24))
    allow = int(opt(args, "--allow-missing", 0))
    data = open(args[0], "rb").read()
    meta, rows = read_expected(args[1])
    n = len(data) // sb
    got = [struct.unpack_from("<iii", data, i * sb) for i in range(n)]
    ts = [struct.unpack_from("<q", data, i * sb + 16)[0] for i in range(n)] if sb >= 24 else []
    want = [tuple(int(v) for v in r[1:4]) for r in rows]
    # the capture may start late (allow-missing samples at the start) and may be cut short
    for skip in range(0, allow + 1):
        if got and want[skip:skip + len(got)] == got[:len(want) - skip]:
            break
    else:
        bad = next((i for i in range(min(len(got), len(want))) if got[i] != want[i]), None)
        print(f"check-iio: MISMATCH: capture has {n} scans; first difference at scan {bad}: got "
              f"{got[bad] if bad is not None else '-'} want {want[bad] if bad is not None else '-'}")
        return 1
    missing = len(want) - len(got)
    if missing > allow:
        print(f"check-iio: only {n} of {len(want)} scans")
        return 1
    if ts and any(b <= a for a, b in zip(ts, ts[1:])):
        print("check-iio: timestamps do not increase")
        return 1
    sp = [(b - a) / 1e6 for a, b in zip(ts, ts[1:])]
    print(f"check-iio: OK: {n} scans match (from expected sample {skip}), "
          f"timestamp spacing mean {sum(sp) / len(sp) if sp else 0:.2f} ms")
    return 0


def expected_evdev(args):
    res = int(opt(args, "--resolution", 256))
    rng = opt(args, "--range", 8.0)
    rate = opt(args, "--rate", 0.0)
    lo, hi = -int(rng * res), int(rng * res) - 1
    trace = args[0]
    name = os.path.basename(trace)
    rows = resample(load_trace(trace), rate)
    print(f"# Expected decoding of an evdev capture (struct input_event, 24 bytes each on 64-bit)")
    print(f"# made by ff-uinput-accel replaying {name} ({f'resampled to {rate:g} Hz' if rate else 'trace timestamps'}, no MSC_TIMESTAMP).")
    print(f"# Device: INPUT_PROP_ACCELEROMETER, ABS_X/Y/Z min {lo} max {hi} resolution {res} (units per g).")
    print(f"# One line per trace sample: the axis state after its SYN_REPORT. The kernel sends only")
    print(f"# the axes that changed, and no packet at all when none did: 'sent' lists the axes")
    print(f"# present in the packet ('-' = no packet, the sample is invisible on evdev).")
    print(f"# Columns: sample x y z ax ay az sent, with a = value / resolution * 9.80665 (m/s^2).")
    print(f"# @resolution: {res}")
    print(f"# @min: {lo}")
    print(f"# @max: {hi}")
    print(f"# @samples: {len(rows)}")
    cur = [0, 0, 0]
    for i, (t, ax, ay, az) in enumerate(rows):
        v = [min(hi, max(lo, lround(a / G * res))) for a in (ax, ay, az)]
        sent = "".join(c for c, a, b in zip("xyz", v, cur) if a != b) or "-"
        cur = v
        print(i, *v, *(f"{x / res * G:.6f}" for x in v), sent)


def decode_evdev(data):
    n = len(data) // 24
    packets, cur, axes, drops = [], [0, 0, 0], "", 0
    for i in range(n):
        sec, usec, typ, code, val = struct.unpack_from("<qqHHi", data, i * 24)
        if typ == 3 and code <= 2:
            cur[code] = val
            axes += "xyz"[code]
        elif typ == 0 and code == 0:
            packets.append((sec + usec / 1e6, tuple(cur), axes))
            axes = ""
        elif typ == 0 and code == 3:
            drops += 1
    return packets, drops


def check_packets(packets, rows, allow, what):
    want = [(tuple(int(v) for v in r[1:4]), r[7]) for r in rows]
    visible = [(v, s) for v, s in want if s != "-"]
    got = [(p[1], p[2] or "-") for p in packets]
    for skip in range(0, allow + 1):
        if got and visible[skip:skip + len(got)] == got[:len(visible) - skip] and len(got) >= len(visible) - allow:
            ts = [p[0] for p in packets]
            if any(b < a for a, b in zip(ts, ts[1:])):
                print(f"{what}: event times go backwards")
                return 1
            print(f"{what}: OK: {len(got)} packets match ({len(want) - len(visible)} samples changed nothing "
                  f"and sent no packet), from expected packet {skip}")
            return 0
    bad = next((i for i in range(min(len(got), len(visible))) if got[i] != visible[i]), None)
    print(f"{what}: MISMATCH: {len(got)} packets, {len(visible)} expected; first difference at {bad}: "
          f"got {got[bad] if bad is not None else '-'} want {visible[bad] if bad is not None else '-'}")
    return 1


def check_evdev(args):
    allow = int(opt(args, "--allow-missing", 0))
    packets, drops = decode_evdev(open(args[0], "rb").read())
    if drops:
        print(f"check-evdev: {drops} SYN_DROPPED in the capture")
        return 1
    return check_packets(packets, read_expected(args[1])[1], allow, "check-evdev")


def check_evemu(args):
    """evemu-record output: 'E: <time> <type hex> <code hex> <value>' lines."""
    packets, cur, axes = [], [0, 0, 0], ""
    for line in open(args[0]):
        if not line.startswith("E: "):
            continue
        _, t, typ, code, val = line.split()[:5]
        typ, code, val = int(typ, 16), int(code, 16), int(val)
        if typ == 3 and code <= 2:
            cur[code] = val
            axes += "xyz"[code]
        elif typ == 0 and code == 0:
            packets.append((float(t), tuple(cur), axes))
            axes = ""
    return check_packets(packets, read_expected(args[1])[1], 0, "check-evemu")


def check_evdev_dump(args):
    """ff-evdev-dump output: '# ...' comments, then 'SECONDS X Y Z' lines (state per packet)."""
    allow = int(opt(args, "--allow-missing", 0))
    rows = read_expected(args[1])[1]
    got = []
    for line in open(args[0]):
        if line.startswith("#") or not line.strip():
            continue
        p = line.split()
        got.append(tuple(int(v) for v in p[1:4]))
    visible = [tuple(int(v) for v in r[1:4]) for r in rows if r[7] != "-"]
    for skip in range(0, allow + 1):
        if got and visible[skip:skip + len(got)] == got[:len(visible) - skip] and len(got) >= len(visible) - allow:
            print(f"check-evdev-dump: OK: {len(got)} samples match, from expected packet {skip}")
            return 0
    print(f"check-evdev-dump: MISMATCH: {len(got)} samples, {len(visible)} expected")
    return 1


def snapshot_sysfs(args):
    """The reference's format: '# <dir> -> <realpath>' then 'mode<TAB>relpath<TAB>first line'
    for every regular file of the directory and of its subdirectories (one level)."""
    skip = {"power", "subsystem", "device", "uevent", "of_node", "firmware_node", "driver"}
    for top in args:
        name = os.path.basename(top.rstrip("/"))
        print(f"# {top} -> {os.path.realpath(top)}")
        entries = []
        for e in os.listdir(top):
            p = os.path.join(top, e)
            if e in skip or os.path.islink(p):
                continue
            if os.path.isdir(p):
                entries += [os.path.join(p, f) for f in os.listdir(p)
                            if f not in skip and os.path.isfile(os.path.join(p, f)) and not os.path.islink(os.path.join(p, f))]
            elif os.path.isfile(p):
                entries.append(p)
        for p in sorted(entries):
            try:
                with open(p) as f:
                    v = f.readline().rstrip("\n").replace("\t", " ")
            except OSError:
                v = ""
            mode = oct(os.stat(p).st_mode & 0o777)[2:]
            print(f"{mode}\t{name}/{os.path.relpath(p, top)}\t{v}")


def main():
    if len(sys.argv) < 3 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(sys.argv) > 1 else 2
    cmd, args = sys.argv[1], sys.argv[2:]
    fn = {"expected-iio": expected_iio, "check-iio": check_iio, "expected-evdev": expected_evdev,
          "check-evdev": check_evdev, "check-evemu": check_evemu, "check-evdev-dump": check_evdev_dump,
          "snapshot-sysfs": snapshot_sysfs}.get(cmd)
    if not fn:
        print(f"hwsim-check.py: unknown command {cmd}", file=sys.stderr)
        return 2
    return fn(args) or 0


sys.exit(main())

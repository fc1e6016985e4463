#!/usr/bin/env python3
"""Feeder for the fake IIO device of fake-iio.sh (run inside its mount namespace).

Plays a trace (docs/traces.md CSV: t,ax,ay,az in s and m/s^2 with gravity) or, without
one, the reference pattern x=i, y=-i, z=981 (raw units). The replay clock starts when a
reader writes 1 to buffer/enable (or at once with --start-now) and then runs in real time
(x --speed); samples that fall while the buffer is disabled are lost, as on a real device.

- Buffer: while buffer/enable (or buffer0/enable) is 1, packs one scan per sample for the
  channels whose _en is 1, following each channel's _index and _type (le/be, s/u,
  bits/storagebits, >>shift; every element aligned to its own size, the scan padded to the
  largest), and writes it into the FIFO standing for /dev/iio:deviceN. The timestamp
  channel gets the time on current_timestamp_clock (realtime, monotonic or boottime), in ns.
  When the reader closes the FIFO or disables the buffer, the feeder waits for the next
  enable. At the end of the trace it closes the FIFO: the reader sees end of file.
- Raw attributes: in_accel_{x,y,z}_raw are rewritten (atomically) with the current sample,
  for readers that poll instead of using the buffer.
raw = round(a / scale - offset), with the channel's scale/offset (per axis or shared).
- Step counter (--steps): while in_steps_en is 1, each of the trace's true steps (step_times
  in its JSON sidecar) adds 1 to in_steps_input as the replay passes it, modulo 2^--steps-bits;
  the current file value is read first, so a test that writes it (a reset) is counted on from.
"""
import argparse, math, os, re, sys, time

ap = argparse.ArgumentParser()
ap.add_argument("--dev", default="/sys/bus/iio/devices/iio:device0")
ap.add_argument("--fifo", default="/dev/iio:device0")
ap.add_argument("--trace")
ap.add_argument("--rate", type=float, default=0.0, help="resample the trace to HZ (default: its own timestamps)")
ap.add_argument("--speed", type=float, default=1.0, help="0: as fast as the reader reads")
ap.add_argument("--pattern-rate", type=float, default=100.0, help="rate of the x=i,y=-i pattern without --trace")
ap.add_argument("--count", type=int, default=-1, help="samples of the pattern (default: endless)")
ap.add_argument("--start-now", action="store_true")
ap.add_argument("--timeout", type=float, default=300.0, help="give up if no reader enables the buffer")
ap.add_argument("--steps", action="store_true", help="count the sidecar's true steps into in_steps_input")
ap.add_argument("--steps-bits", type=int, default=24, help="the step counter's width (bma400: 24)")
a = ap.parse_args()
G = 9.80665


def rd(p):
    try:
        with open(p) as f:
            return f.read().replace("\0", "").strip()
    except OSError:
        return ""


def wr_atomic(p, v):
    tmp = p + ".feeder-tmp"
    with open(tmp, "w") as f:
        f.write(v + "\n")
    os.chmod(tmp, os.stat(p).st_mode & 0o777 if os.path.exists(p) else 0o644)
    os.rename(tmp, p)


def enabled():
    return rd(os.path.join(a.dev, "buffer/enable")) == "1" or rd(os.path.join(a.dev, "buffer0/enable")) == "1"


def num(p, default):
    try:
        return float(rd(p))
    except ValueError:
        return default


def axis_conv(axis):
    scale = num(os.path.join(a.dev, f"in_accel_{axis}_scale"), None) or num(os.path.join(a.dev, "in_accel_scale"), 1.0)
    off = num(os.path.join(a.dev, f"in_accel_{axis}_offset"), None)
    if off is None:
        off = num(os.path.join(a.dev, "in_accel_offset"), 0.0)
    return scale, off


def layout():
    chans = {}
    for d in ("scan_elements", "buffer0"):
        se = os.path.join(a.dev, d)
        if not os.path.isdir(se):
            continue
        for fn in os.listdir(se):
            m = re.match(r"(.*)_en$", fn)
            if not m or rd(os.path.join(se, fn)) != "1":
                continue
            name = m.group(1)
            t = re.match(r"(le|be):([su])(\d+)/(\d+)(?:X(\d+))?>>(\d+)", rd(os.path.join(se, name + "_type")))
            if not t:
                continue
            chans[name] = (int(rd(os.path.join(se, name + "_index"))), name, t.group(1), t.group(2),
                           int(t.group(3)), int(t.group(4)), int(t.group(6)))
    return sorted(chans.values())


def load_trace(path):
    ts, xs = [], []
    with open(path, encoding="utf-8-sig") as f:
        header = None
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            if header is None:
                header = line.replace(" ", "")
                if header != "t,ax,ay,az":
                    sys.exit(f"{path}:{n}: expected the header 't,ax,ay,az', found '{line}'")
                continue
            p = line.split(",")
            if len(p) != 4:
                sys.exit(f"{path}:{n}: expected 4 fields (t,ax,ay,az), found {len(p)}")
            v = [float(x) for x in p]
            if ts and v[0] < ts[-1]:
                sys.exit(f"{path}:{n}: time goes backwards")
            ts.append(v[0]); xs.append(v[1:])
    if not ts:
        sys.exit(f"{path}: no samples")
    return ts, xs


def samples():
    """Yields (trace seconds since start, [ax, ay, az] in m/s^2 or None, raw override or None)."""
    if not a.trace:
        i = 0
        while a.count < 0 or i < a.count:
            yield i / a.pattern_rate, None, [i, -i, 981]
            i += 1
        return
    ts, xs = load_trace(a.trace)
    t0 = ts[0]
    if a.rate <= 0:
        for t, x in zip(ts, xs):
            yield t - t0, x, None
        return
    j, k = 0, 0
    while True:
        t = t0 + k / a.rate
        if t > ts[-1] + 1e-9:
            return
        while j + 1 < len(ts) and ts[j + 1] <= t:
            j += 1
        if j + 1 >= len(ts) or t <= ts[j]:
            x = xs[j]
        else:
            w = (t - ts[j]) / (ts[j + 1] - ts[j]) if ts[j + 1] > ts[j] else 1.0
            x = [xs[j][i] * (1 - w) + xs[j + 1][i] * w for i in range(3)]
        yield t - t0, x, None
        k += 1


def clock_ns():
    c = rd(os.path.join(a.dev, "current_timestamp_clock"))
    if c == "monotonic":
        return time.monotonic_ns()
    if c == "boottime":
        return time.clock_gettime_ns(time.CLOCK_BOOTTIME)
    return time.time_ns()


def pack(chans, raw):
    rec, largest = bytearray(), 1
    for idx, name, endian, sign, bits, storage, shift in chans:
        size = storage // 8
        largest = max(largest, size)
        rec += b"\0" * (-len(rec) % size)
        if "timestamp" in name:
            v = clock_ns()
        else:
            v = raw["xyz".index(name[-1])] if name[-1] in "xyz" else 0
        # keep BITS bits, shift into place, store in STORAGE bits (two's complement)
        v = ((v & ((1 << bits) - 1)) << shift) & ((1 << storage) - 1)
        rec += v.to_bytes(size, "little" if endian == "le" else "big", signed=False)
    rec += b"\0" * (-len(rec) % largest)
    return bytes(rec)


def load_step_times(trace):
    """The sidecar's true step times, in trace seconds ([] without a sidecar)."""
    import json
    side = trace[:-4] + ".json" if trace.endswith(".csv") else trace + ".json"
    try:
        with open(side) as f:
            return sorted(float(t) for t in json.load(f).get("step_times", []))
    except (OSError, ValueError):
        return []


steps_file = os.path.join(a.dev, "in_steps_input")
steps_en = os.path.join(a.dev, "in_steps_en")
step_times = load_step_times(a.trace) if a.steps and a.trace else []
next_step, chip_counted = 0, 0


def count_steps(until):
    """Adds the true steps up to trace time `until` to the chip's counter, if it is counting."""
    global next_step, chip_counted
    n = 0
    while next_step < len(step_times) and step_times[next_step] <= until:
        next_step += 1
        n += 1
    if n and rd(steps_en) == "1":
        try:
            value = int(rd(steps_file) or "0")
        except ValueError:
            value = 0
        wr_atomic(steps_file, str((value + n) % (1 << a.steps_bits)))
        chip_counted += n


conv = [axis_conv(ax) for ax in "xyz"]
raw_files = [os.path.join(a.dev, f"in_accel_{ax}_raw") for ax in "xyz"]
# before the replay starts: the first sample in the raw attributes, the replay rate in
# sampling_frequency
first = next(iter(samples()))
raw0 = first[2] or [int(round(first[1][i] / conv[i][0] - conv[i][1])) for i in range(3)]
for f, v in zip(raw_files, raw0):
    if os.path.exists(f):
        wr_atomic(f, str(v))
if a.trace:
    hz = a.rate
    if hz <= 0:
        ts = load_trace(a.trace)[0]
        dts = sorted(t1 - t0 for t0, t1 in zip(ts, ts[1:]))
        hz = 1 / dts[len(dts) // 2] if dts and dts[len(dts) // 2] > 0 else 0
else:
    hz = a.pattern_rate
for f in ("in_accel_sampling_frequency", "sampling_frequency"):
    p = os.path.join(a.dev, f)
    if hz > 0 and os.path.exists(p):
        wr_atomic(p, f"{hz:.6f}")
start_wait = time.time()
while not a.start_now and not enabled():
    if time.time() - start_wait > a.timeout:
        sys.exit("fake-iio-feeder: no reader enabled the buffer")
    time.sleep(0.01)
wall0 = time.monotonic()
trace_t0 = load_trace(a.trace)[0][0] if a.trace else 0.0
fd, chans, written, lost = None, None, 0, 0
for t, acc, raw in samples():
    if a.speed > 0:
        time.sleep(max(0.0, wall0 + t / a.speed - time.monotonic()))
    if raw is None:
        raw = [int(round(acc[i] / conv[i][0] - conv[i][1])) for i in range(3)]
    if step_times:
        count_steps(trace_t0 + t)
    for f, v in zip(raw_files, raw):
        if os.path.exists(f):
            wr_atomic(f, str(v))
    if not enabled():
        if fd is not None:
            os.close(fd); fd = None
        lost += 1
        continue
    if fd is None:
        chans = layout()
        print("fake-iio-feeder: streaming", [c[1] for c in chans], file=sys.stderr)
        try:
            fd = os.open(a.fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError:  # nobody has the FIFO open yet: count the sample as lost
            lost += 1
            continue
        os.set_blocking(fd, True)
    try:
        os.write(fd, pack(chans, raw))
        written += 1
    except BrokenPipeError:
        os.close(fd); fd = None
        lost += 1
if fd is not None:
    os.close(fd)
if step_times:
    count_steps(float("inf"))
    print(f"fake-iio-feeder: the step counter counted {chip_counted} of {len(step_times)} true steps", file=sys.stderr)
print(f"fake-iio-feeder: wrote {written} scans, {lost} samples fell while no reader was there", file=sys.stderr)

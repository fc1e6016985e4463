#!/usr/bin/env python3
"""Write an Axivity .cwa recording from a Footfall trace (t,ax,ay,az in m/s^2).

The block format is OpenMovement's published one (openmovement/Docs/ax3/cwa.h): a 1,024-byte
header block "MD", then 512-byte data blocks "AX", each with its timestamp (packed local clock
from 2000), its rate code, a sample count, a timestamp offset, optionally a fractional
timestamp, and a checksum that makes the sum of its 16-bit words zero.

The trace is resampled to the rate the file declares (linear interpolation; a real device
samples at its nominal rate), quantised as the device would store it, and written; the samples
as a reader should decode them go to --expected, a Footfall trace whose times count from the
recording's start in seconds on the device's clock (1970-based, no zone).

  tools/recordings/cwa.py IN.csv OUT.cwa --expected OUT.csv [--packed|--unpacked|--ax6]
      [--rate 100] [--range 8] [--start 2026-05-01T08:00:00] [--seconds N] [--fractional]

This is a test tool: it makes files for Footfall's reader and for the independent reader
(scikit-digital-health) to agree on (tools/recordings/crosscheck).
"""
import argparse
import csv
import datetime as dt
import math
import struct
import sys

G = 9.80665
RATE_CODES = {6.25: 6, 12.5: 7, 25: 8, 50: 9, 100: 10, 200: 11, 400: 12, 800: 13, 1600: 14, 3200: 15}
RANGE_BITS = {16: 0, 8: 1, 4: 2, 2: 3}


def packed_time(when):
    """YYYYYYMM MMDDDDDh hhhhmmmm mmssssss, years from 2000."""
    return ((when.year - 2000) << 26) | (when.month << 22) | (when.day << 17) | (when.hour << 12) \
        | (when.minute << 6) | when.second


def checksummed(block):
    """Sets the last word so that the 16-bit word sum of the block is zero."""
    total = sum(struct.unpack("<255H", bytes(block[:510]))) & 0xFFFF
    struct.pack_into("<H", block, 510, (-total) & 0xFFFF)
    return bytes(block)


def header(rate_code, session, device_id, ax6, start):
    block = bytearray(1024)
    struct.pack_into("<2sHBHIH", block, 0, b"MD", 1020, 0x64 if ax6 else 0x17, device_id & 0xFFFF, session,
                     device_id >> 16)
    struct.pack_into("<II", block, 13, 0, 0xFFFFFFFF)  # start always, stop never
    block[35] = 0x02 if ax6 else 0x00  # AX6: gyroscope at 2000 dps
    block[36] = rate_code
    struct.pack_into("<I", block, 37, packed_time(start))
    block[41] = 47
    struct.pack_into("<h", block, 42, -1)
    annotation = b"?_sc=footfall-test"
    block[64:64 + len(annotation)] = annotation
    for k in range(64 + len(annotation), 1024):
        block[k] = 0xFF
    return bytes(block)


def resample(path, rate, seconds):
    times, rows = [], []
    with open(path) as handle:
        reader = csv.reader(handle)
        next(reader)
        for row in reader:
            times.append(float(row[0]))
            rows.append([float(v) / G for v in row[1:4]])
    span = times[-1] - times[0] if seconds is None else min(seconds, times[-1] - times[0])
    count = int(span * rate) + 1
    out, j = [], 0
    for i in range(count):
        t = times[0] + i / rate
        while j + 1 < len(times) - 1 and times[j + 1] <= t:
            j += 1
        w = 0.0 if times[j + 1] == times[j] else (t - times[j]) / (times[j + 1] - times[j])
        w = min(max(w, 0.0), 1.0)
        out.append([a + w * (b - a) for a, b in zip(rows[j], rows[j + 1])])
    return out


def pack(x, y, z):
    """Three 10-bit signed values and a shared exponent, 1/256 g before the shift."""
    raw = [int(round(v * 256)) for v in (x, y, z)]
    exponent = 0
    while exponent < 3 and any(not -512 <= (r >> exponent) <= 511 for r in raw):
        exponent += 1
    parts = [max(-512, min(511, r >> exponent)) for r in raw]
    value = (exponent << 30) | ((parts[2] & 0x3FF) << 20) | ((parts[1] & 0x3FF) << 10) | (parts[0] & 0x3FF)
    decoded = [float(p << exponent) / 256 for p in parts]
    return struct.pack("<I", value), decoded


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("trace")
    parser.add_argument("output")
    parser.add_argument("--expected", required=True, help="where to write the samples a reader must decode")
    layout = parser.add_mutually_exclusive_group()
    layout.add_argument("--packed", action="store_const", dest="layout", const="packed")
    layout.add_argument("--unpacked", action="store_const", dest="layout", const="unpacked")
    layout.add_argument("--ax6", action="store_const", dest="layout", const="ax6")
    parser.add_argument("--rate", type=float, default=100)
    parser.add_argument("--range", type=int, default=8)
    parser.add_argument("--start", default="2026-05-01T08:00:00", help="the device clock at the first sample")
    parser.add_argument("--seconds", type=float, help="write only this much of the trace")
    parser.add_argument("--fractional", action="store_true", help="write fractional block timestamps")
    parser.add_argument("--session", type=int, default=7)
    parser.add_argument("--device", type=int, default=12345)
    args = parser.parse_args()
    layout = args.layout or "packed"
    rate_code = (RANGE_BITS[args.range] << 6) | RATE_CODES[args.rate]
    start = dt.datetime.fromisoformat(args.start)
    epoch = (start - dt.datetime(1970, 1, 1)).total_seconds()
    samples = resample(args.trace, args.rate, args.seconds)
    per_block = {"packed": 120, "unpacked": 80, "ax6": 40}[layout]
    # AX6 unpacked accelerometer units: 1/2^(8+n) g with n chosen so the range fits 16 bits.
    accel_bits = {"packed": 0, "unpacked": 0, "ax6": 8 + {16: 1, 8: 4, 4: 5, 2: 6}[args.range] - 8}[layout]
    scale = float(1 << (8 + accel_bits))
    expected = []
    with open(args.output, "wb") as out:
        out.write(header(rate_code, args.session, args.device, layout == "ax6", start))
        for sequence, first in enumerate(range(0, len(samples), per_block)):
            chunk = samples[first:first + per_block]
            block = bytearray(512)
            t0 = epoch + first / args.rate
            whole = math.floor(t0)
            fraction = t0 - whole
            # The timestamp is the clock's whole second; the offset says which sample it names
            # (may be negative: before the block). A fractional timestamp names the first sample.
            if args.fractional:
                fractional = int(round(fraction * 65536)) & 0xFFFE
                device_fractional = 0x8000 | (fractional >> 1)
                offset = -((fractional * int(args.rate)) >> 16)
                t0 = whole + fractional / 65536
            else:
                device_fractional = 0
                offset = int(round((whole - t0) * args.rate))
                t0 = whole - offset / args.rate
            when = dt.datetime(1970, 1, 1) + dt.timedelta(seconds=whole)
            light = (accel_bits & 0x7) << 13 | (2 << 10) | 300 if layout == "ax6" else 300
            struct.pack_into("<2sHHIIIHHBBBBhH", block, 0, b"AX", 508, device_fractional, args.session, sequence,
                             packed_time(when), light, 380, 0, 200, rate_code,
                             0x30 if layout == "packed" else (0x62 if layout == "ax6" else 0x32), offset, len(chunk))
            for index, (x, y, z) in enumerate(chunk):
                if layout == "packed":
                    raw, decoded = pack(x, y, z)
                    block[30 + 4 * index:34 + 4 * index] = raw
                else:
                    values = [max(-32768, min(32767, int(round(v * scale)))) for v in (x, y, z)]
                    decoded = [v / scale for v in values]
                    if layout == "ax6":
                        gyro = [int(1000 * math.sin(first + index + k)) for k in range(3)]
                        struct.pack_into("<6h", block, 30 + 12 * index, *gyro, *values)
                    else:
                        struct.pack_into("<3h", block, 30 + 6 * index, *values)
                expected.append((t0 - epoch + index / args.rate, [v * G for v in decoded]))
            out.write(checksummed(block))
    with open(args.expected, "w") as handle:
        handle.write("t,ax,ay,az\n")
        for t, (x, y, z) in expected:
            handle.write(f"{epoch + t:.6f},{x:.6f},{y:.6f},{z:.6f}\n")
    print(f"{args.output}: {len(samples)} samples, {layout}, {args.rate:g} Hz, +/-{args.range} g", file=sys.stderr)


if __name__ == "__main__":
    main()

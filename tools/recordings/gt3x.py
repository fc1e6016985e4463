#!/usr/bin/env python3
"""Write an ActiGraph .gt3x recording from a Footfall trace (t,ax,ay,az in m/s^2).

The format is ActiGraph's published one (github.com/actigraph/GT3X-File-Format): a zip with
info.txt and log.bin, log.bin a sequence of records 0x1E, type, timestamp (u32 seconds on the
device's local clock), size (u16), payload, checksum (~XOR of every byte before it). Each
activity record is one second of samples: ACTIVITY (0x00) packs 12-bit values y, x, z; with
--activity2, ACTIVITY2 (0x1A) holds 16-bit x, y, z. A battery record and a parameters record
(idle sleep mode enabled) are written too, and with --idle-sleep SECONDS the device sleeps that
long in the middle (an EVENT 0x08 then 0x09, no activity between), as a still wrist makes it.

The trace is resampled to --rate (default 30 Hz, ActiGraph's default), quantised to the scale
(256 counts per g, +-8 g) and written; the samples a reader should decode go to --expected,
idle sleep filled with the last sample as ActiGraph's pygt3x fills it.

With --uncalibrated the counts are stored as newer devices store them, uncalibrated, with a
calibration.json (isCalibrated false, calibration method 2: offsets, then a sensitivity matrix);
the samples written to --expected are what that calibration makes of them, as pygt3x applies it.

With --nhanes the older layout of the NHANES 2011-2014 GT3X+ devices is written instead:
info.txt without an Acceleration Scale (a NEO serial number: 341 counts per g), activity.bin (one
stream of 12-bit samples y, x, z from Start Date, no records) and lux.bin.

  tools/recordings/gt3x.py IN.csv OUT.gt3x --expected OUT.csv [--rate 30] [--activity2]
      [--idle-sleep SECONDS] [--seconds N] [--start 2026-05-01T08:00:00] [--stored] [--damage SECOND]
      [--uncalibrated] [--nhanes]
"""
import json
import argparse
import datetime as dt
import importlib.util
import os
import struct
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("cwa", os.path.join(HERE, "cwa.py"))
cwa = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cwa)

G = 9.80665
SCALE = 256


def record(kind, timestamp, payload):
    head = struct.pack("<BBIH", 0x1E, kind, timestamp, len(payload))
    check = 0
    for byte in head + payload:
        check ^= byte
    return head + payload + bytes([~check & 0xFF])


def pack12(values):
    """12-bit values, most significant bits first, two in three bytes."""
    out = bytearray()
    values = [v & 0xFFF for v in values]
    if len(values) % 2:
        values.append(0)
    for a, b in zip(values[0::2], values[1::2]):
        out += bytes([a >> 4, ((a & 0xF) << 4) | (b >> 8), b & 0xFF])
    return bytes(out)


# A device's calibration at every rate, method 2 as ActiGraph's pygt3x applies it.
CALIBRATION = {"offset": (12.0, -7.0, 20.0), "xx": 25_400.0, "yy": 25_750.0, "zz": 25_600.0, "xy": 7.0, "xz": -12.0, "yz": 3.0}


def calibration_matrix():
    c = CALIBRATION
    across = lambda s: 1 / (s * 0.01 + 250) - 0.004
    xy, xz, yz = across(c["xy"]), across(c["xz"]), across(c["yz"])
    return [[1 / (c["xx"] * 0.01), xy, xz], [xy, 1 / (c["yy"] * 0.01), yz], [xz, yz, 1 / (c["zz"] * 0.01)]]


def calibrated(raw):
    """g from uncalibrated counts: the matrix times the counts less the offsets."""
    v = [r - o for r, o in zip(raw, CALIBRATION["offset"])]
    return [sum(m * x for m, x in zip(row, v)) for row in calibration_matrix()]


def uncalibrated(g):
    """The counts whose calibration is nearest to g (solving the matrix)."""
    m = calibration_matrix()
    det = (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
           + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))
    inverse = [[(m[(j + 1) % 3][(i + 1) % 3] * m[(j + 2) % 3][(i + 2) % 3] - m[(j + 1) % 3][(i + 2) % 3] * m[(j + 2) % 3][(i + 1) % 3]) / det
                for j in range(3)] for i in range(3)]
    return [max(-32768, min(32767, int(round(sum(a * b for a, b in zip(row, g)) + o)))) for row, o in zip(inverse, CALIBRATION["offset"])]


def calibration_json(rate):
    c = CALIBRATION
    out = {"isCalibrated": False, "calibrationMethod": 2}
    for r in (30, 60, 90, 100):
        out.update({f"offsetX_{r}": c["offset"][0], f"offsetY_{r}": c["offset"][1], f"offsetZ_{r}": c["offset"][2],
                    f"sensitivityXX_{r}": c["xx"], f"sensitivityYY_{r}": c["yy"], f"sensitivityZZ_{r}": c["zz"],
                    f"sensitivityXY_{r}": c["xy"], f"sensitivityXZ_{r}": c["xz"], f"sensitivityYZ_{r}": c["yz"]})
    return json.dumps(out)


def ticks(seconds):
    """.NET ticks (100 ns since 0001-01-01) for seconds since 1970."""
    return int((seconds + 62135596800) * 10_000_000)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("trace")
    parser.add_argument("output")
    parser.add_argument("--expected", required=True)
    parser.add_argument("--rate", type=int, default=30)
    parser.add_argument("--activity2", action="store_true")
    parser.add_argument("--idle-sleep", type=int, default=0, help="seconds of idle sleep mode in the middle")
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--start", default="2026-05-01T08:00:00")
    parser.add_argument("--stored", action="store_true", help="store the entries without compression")
    parser.add_argument("--damage", type=int, help="give the activity record of this second a wrong checksum")
    parser.add_argument("--nhanes", action="store_true", help="the older NHANES layout: activity.bin and lux.bin")
    parser.add_argument("--uncalibrated", action="store_true", help="uncalibrated counts and a calibration.json (method 2)")
    args = parser.parse_args()
    if args.nhanes:
        return nhanes(args)
    start = dt.datetime.fromisoformat(args.start)
    epoch = int((start - dt.datetime(1970, 1, 1)).total_seconds())
    samples = cwa.resample(args.trace, args.rate, args.seconds)
    seconds = len(samples) // args.rate
    sleep_from = seconds // 2 if args.idle_sleep else seconds
    sleep_to = sleep_from + args.idle_sleep
    log = bytearray()
    log += record(0x02, epoch, struct.pack("<H", 4100))  # battery, mV
    # Parameters: address 2 (idle sleep mode) with bit 2 set.
    log += record(0x15, epoch, struct.pack("<BBBBI", 0, 0, 0x02, 0, 4))
    log += record(0x00, epoch, b"\x00")  # a USB connection: no samples
    expected = []
    last = None
    for second in range(seconds):
        timestamp = epoch + second
        chunk = samples[second * args.rate:(second + 1) * args.rate]
        if args.uncalibrated:
            raw = [uncalibrated([v / G for v in sample]) for sample in chunk]
        else:
            raw = [[max(-2048, min(2047, int(round(v * SCALE)))) for v in sample] for sample in chunk]
        if sleep_from <= second < sleep_to:
            if second == sleep_from:
                log += record(0x03, timestamp, b"\x08")
            continue
        if second == sleep_to and args.idle_sleep:
            log += record(0x03, timestamp, b"\x09")
            for asleep in range(sleep_from, sleep_to):
                for k in range(args.rate):
                    expected.append((epoch + asleep + k / args.rate, last))
        if args.activity2:
            payload = b"".join(struct.pack("<3h", x, y, z) for x, y, z in raw)
            written = record(0x1A, timestamp, payload)
        else:
            written = record(0x00, timestamp, pack12([v for x, y, z in raw for v in (y, x, z)]))
        if second == args.damage:
            log += written[:-1] + bytes([written[-1] ^ 0xFF])
            last = raw[-1]
            continue  # a reader that skips it has no samples for this second
        log += written
        for k, values in enumerate(raw):
            expected.append((timestamp + k / args.rate, values))
        last = raw[-1]
    info = "\r\n".join([
        "Serial Number: MOS2E12345678", "Device Type: wGT3XBT", "Firmware: 1.9.2", "Battery Voltage: 4,10",
        f"Sample Rate: {args.rate}", f"Start Date: {ticks(epoch)}", f"Stop Date: {ticks(epoch + seconds)}",
        f"Last Sample Time: {ticks(epoch + seconds)}", "TimeZone: 01:00:00", f"Download Date: {ticks(epoch + seconds + 60)}",
        "Board Revision: 8", "Unexpected Resets: 0", f"Acceleration Scale: {SCALE}.0", "Acceleration Min: -8.0",
        "Acceleration Max: 8.0", "Subject Name: footfall-test", ""])
    with zipfile.ZipFile(args.output, "w", compression=zipfile.ZIP_STORED if args.stored else zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("info.txt", "\ufeff" + info)
        archive.writestr("log.bin", bytes(log))
        if args.uncalibrated:
            archive.writestr("calibration.json", calibration_json(args.rate))
    with open(args.expected, "w") as handle:
        handle.write("t,ax,ay,az\n")
        for t, raw in expected:
            x, y, z = calibrated(raw) if args.uncalibrated else [v / SCALE for v in raw]
            handle.write(f"{t:.6f},{x * G:.6f},{y * G:.6f},{z * G:.6f}\n")
    print(f"{args.output}: {len(expected)} samples, {'ACTIVITY2' if args.activity2 else 'ACTIVITY'}, {args.rate} Hz,"
          f" {args.idle_sleep} s idle sleep", file=sys.stderr)


def nhanes(args):
    """The NHANES layout: activity.bin, lux.bin and an info.txt without Acceleration Scale."""
    scale = 341
    start = dt.datetime.fromisoformat(args.start)
    epoch = (start - dt.datetime(1970, 1, 1)).total_seconds()
    samples = cwa.resample(args.trace, args.rate, args.seconds)
    raw = [[max(-2048, min(2047, int(round(v * scale)))) for v in sample] for sample in samples]
    activity = pack12([v for x, y, z in raw for v in (y, x, z)])
    # 36 bits a sample: an odd last sample takes four and a half bytes, stored as five.
    activity = activity[:(len(raw) * 36 + 7) // 8]
    seconds = len(raw) // args.rate
    info = "\r\n".join([
        "Serial Number: NEO1C12345678", "Device Type: GT3XPlus", "Firmware: 2.5.0", "Battery Voltage: 4.10",
        f"Sample Rate: {args.rate}", f"Start Date: {ticks(epoch)}", f"Stop Date: {ticks(epoch + seconds)}",
        f"Last Sample Time: {ticks(epoch + seconds)}", "TimeZone: -05:00:00", f"Download Date: {ticks(epoch + seconds + 60)}",
        "Board Revision: 4", "Unexpected Resets: 0", "Subject Name: footfall-test", ""])
    with zipfile.ZipFile(args.output, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("info.txt", info)
        archive.writestr("log.txt", "")
        archive.writestr("activity.bin", activity)
        archive.writestr("lux.bin", bytes(2 * seconds))
    with open(args.expected, "w") as handle:
        handle.write("t,ax,ay,az\n")
        for k, (x, y, z) in enumerate(raw):
            handle.write(f"{epoch + k / args.rate:.6f},{x * G / scale:.6f},{y * G / scale:.6f},{z * G / scale:.6f}\n")
    print(f"{args.output}: {len(raw)} samples, NHANES layout, {args.rate} Hz", file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Write a GENEActiv .bin recording from a Footfall trace (t,ax,ay,az in m/s^2).

The format is Activinsights' published one (the GENEActiv instructions' "binary file
structure"): text lines ending CRLF, a 59-line header (device, capabilities, configuration,
subject, "Calibration Data" with each axis's gain and offset, "Memory Status" with the number of
pages), then pages of ten lines: "Recorded Data", serial code, sequence number, "Page Time"
(YYYY-MM-DD hh:mm:ss:mmm on the device's clock), unassigned, temperature, battery voltage,
device status, "Measurement Frequency", and 3,600 hexadecimal digits: 300 samples of 48 bits,
x, y and z as 12-bit two's complement, 10 bits of light, a button bit and a reserved bit.
A value in g is (raw * 100 - offset) / gain.

  tools/recordings/geneactiv.py IN.csv OUT.bin --expected OUT.csv [--rate 100] [--seconds N]
      [--start 2026-05-01T08:00:00]
"""
import argparse
import datetime as dt
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("cwa", os.path.join(HERE, "cwa.py"))
cwa = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cwa)

G = 9.80665
GAIN = {"x": 25548, "y": 25660, "z": 25490}
OFFSET = {"x": 574, "y": -230, "z": 1120}
PER_PAGE = 300


def clock(when):
    return when.strftime("%Y-%m-%d %H:%M:%S:") + f"{when.microsecond // 1000:03d}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("trace")
    parser.add_argument("output")
    parser.add_argument("--expected", required=True)
    parser.add_argument("--rate", type=int, default=100)
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--start", default="2026-05-01T08:00:00")
    args = parser.parse_args()
    start = dt.datetime.fromisoformat(args.start)
    epoch = (start - dt.datetime(1970, 1, 1)).total_seconds()
    samples = cwa.resample(args.trace, args.rate, args.seconds)
    pages = len(samples) // PER_PAGE
    samples = samples[:pages * PER_PAGE]
    header = [
        "Device Identity", "Device Unique Serial Code:034576", "Device Type:GENEActiv", "Device Model:1.1",
        "Device Firmware:Ver06.17 15June2016", "Calibration Date:2016-06-29 11:30:31:000", "",
        "Device Capabilities", "Accelerometer Range:-8 to 8", "Accelerometer Resolution:0.0039", "Accelerometer Units:g",
        "Light Meter Range:0 to 5000", "Light Meter Resolution:5", "Light Meter Units:lux", "Temperature Sensor Range:0 to 60",
        "Temperature Sensor Resolution:0.25", "Temperature Sensor Units:deg. C", "",
        "Configuration Info", f"Measurement Frequency:{args.rate} Hz", "Measurement Period:168 Hours",
        f"Start Time:{clock(start)}", "Study Centre:footfall", "Study Code:test", "Investigator ID:", "Exercise Type:",
        "Config Operator ID:", f"Config Time:{clock(start)}", "Config Notes:", "Extract Operator ID:",
        f"Extract Time:{clock(start)}", "Extract Notes:", "Device Location Code:left wrist", "Time Zone:GMT +01:00", "",
        "Subject Info", "Subject Code:test", "Date of Birth:", "Sex:", "Height:",
        "Weight:", "Handedness Code:", "Subject Notes:", "",
        "Calibration Data", f"x gain:{GAIN['x']}", f"x offset:{OFFSET['x']}", f"y gain:{GAIN['y']}",
        f"y offset:{OFFSET['y']}", f"z gain:{GAIN['z']}", f"z offset:{OFFSET['z']}", "Volts:300", "Lux:800", "",
        "Memory Status", f"Number of Pages:{pages}", "",
    ]
    assert len(header) == 57, len(header)
    lines = list(header)
    expected = []
    for page in range(pages):
        when = start + dt.timedelta(seconds=page * PER_PAGE / args.rate)
        digits = []
        for index in range(PER_PAGE):
            sample = samples[page * PER_PAGE + index]
            raw = []
            for axis, value in zip("xyz", sample):
                # (raw * 100 - offset) / gain = value  =>  raw = (value * gain + offset) / 100
                raw.append(max(-2048, min(2047, int(round((value * GAIN[axis] + OFFSET[axis]) / 100)))))
            light = 123
            bits = ((raw[0] & 0xFFF) << 36) | ((raw[1] & 0xFFF) << 24) | ((raw[2] & 0xFFF) << 12) | (light << 2)
            digits.append(f"{bits:012X}")
            decoded = [(r * 100 - OFFSET[a]) / GAIN[a] * G for r, a in zip(raw, "xyz")]
            expected.append((epoch + page * PER_PAGE / args.rate + index / args.rate, decoded))
        lines += ["Recorded Data", "Device Unique Serial Code:034576", f"Sequence Number:{page}", f"Page Time:{clock(when)}",
                  "Unassigned:", "Temperature:26.5", "Battery voltage:4.05", "Device Status:Recording",
                  f"Measurement Frequency:{args.rate}.0", "".join(digits)]
    with open(args.output, "w", newline="") as out:
        out.write("\r\n".join(lines) + "\r\n")
    with open(args.expected, "w") as handle:
        handle.write("t,ax,ay,az\n")
        for t, (x, y, z) in expected:
            handle.write(f"{t:.6f},{x:.6f},{y:.6f},{z:.6f}\n")
    print(f"{args.output}: {len(expected)} samples in {pages} pages, {args.rate} Hz", file=sys.stderr)


if __name__ == "__main__":
    main()

#!/bin/bash
# fake-iio.sh: run a command on the plain host (no VM, no kernel IIO support needed) with a
# fake IIO accelerometer that the real libiio (local backend), iio_readdev, iiod and plain
# sysfs code accept.
#
#   tools/hwsim/fake-iio.sh [OPTIONS] -- COMMAND [ARG...]
#
# In a private mount namespace: a tmpfs over /sys/bus holds /sys/bus/iio/devices/iio:device0
# (and trigger0), files copied from a snapshot of a real kernel device; a tmpfs over /dev
# holds the usual nodes (bound back from the host) and a FIFO at /dev/iio:device0, fed by
# fake-iio-feeder.py with scans for the enabled channels once buffer/enable is 1. The host is
# not modified: everything vanishes with the namespace. COMMAND's status is returned.
#
# Options:
#   --trace FILE.csv   replay a trace (t,ax,ay,az): raw = round(a / in_accel_scale); without
#                      it, the pattern x=i, y=-i, z=981 (raw units) at 100 Hz
#   --rate HZ          resample the trace to HZ (default: the trace's own timestamps)
#   --speed X          X times real time (default 1; 0: as fast as the reader reads)
#   --snapshot FILE    the sysfs tree to mirror (default snapshots/uhid-walk-2s.sysfs.txt:
#                      ff-uhid-accel's accel_3d, 1 mg units; snapshots/accel_3d.sysfs.txt is
#                      the reference's, 0.01 g units)
#   --no-trigger       no trigger: trigger0 is left out and current_trigger is empty, like
#                      an I2C driver without an interrupt (the buffer can't be used); the
#                      replay starts at once, for code that polls in_accel_*_raw
#   --start-now        start the replay at once instead of at the first buffer enable
#   --no-feeder        no data at all (structure only)
#   --steps            add a hardware step counter (in_steps_input, in_steps_en = 0, as
#                      bma400 has): while in_steps_en is 1 the feeder adds the trace's true
#                      steps (step_times of its JSON sidecar) to in_steps_input as the replay
#                      passes them, wrapping at --steps-bits; a test may also write the file
#                      (a reset) and the feeder counts on from there
#   --steps-start N    the counter's value to begin with (default 0; near 2^24 to see a wrap)
#   --steps-bits B     the counter's width (default 24, bma400's)
#   --steps-only       a chip that offers only its step counter: no accelerometer channels,
#                      no buffer, no trigger, name "ff-step-counter"; no feeder (the test
#                      writes in_steps_input as the chip would count)
#   -h, --help         this text
# Needs root, or FAKE_IIO_USERNS=1 to run as any user (adds a user namespace: unshare -r).
# Inside, the command runs as (namespace) root with its own /dev and /sys/bus; the rest of
# the file system is the host's.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
SNAP=$HERE/snapshots/uhid-walk-2s.sysfs.txt
FEEDARGS=(); NOTRIG=; FEED=1; STEPS=; STEPSONLY=; STEPSSTART=0
usage() { sed -n '2,42p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --trace) FEEDARGS+=(--trace "$(realpath "$2")"); shift 2 ;;
    --rate|--speed) FEEDARGS+=("$1" "$2"); shift 2 ;;
    --snapshot) SNAP=$(realpath "$2"); shift 2 ;;
    --no-trigger) NOTRIG=1; FEEDARGS+=(--start-now); shift ;;
    --start-now) FEEDARGS+=(--start-now); shift ;;
    --no-feeder) FEED=; shift ;;
    --steps) STEPS=1; FEEDARGS+=(--steps); shift ;;
    --steps-start) STEPSSTART=$2; shift 2 ;;
    --steps-bits) FEEDARGS+=(--steps-bits "$2"); shift 2 ;;
    --steps-only) STEPS=1; STEPSONLY=1; NOTRIG=1; FEED=; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; break ;;
    *) echo "fake-iio.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
done
[ $# -gt 0 ] || { echo "fake-iio.sh: no command given" >&2; usage >&2; exit 2; }
[ -f "$SNAP" ] || { echo "fake-iio.sh: no snapshot $SNAP" >&2; exit 2; }
export HWSIM_HERE=$HERE HWSIM_SNAP=$SNAP HWSIM_FEED=$FEED HWSIM_NOTRIG=$NOTRIG
export HWSIM_STEPS=$STEPS HWSIM_STEPSONLY=$STEPSONLY HWSIM_STEPSSTART=$STEPSSTART
export HWSIM_FEEDARGS=$(printf '%q ' "${FEEDARGS[@]}")
if ! err=$(unshare ${FAKE_IIO_USERNS:+-r} -m --propagation private -- true 2>&1); then
  echo "${0##*/}: cannot create a private mount namespace: $err" >&2
  echo "${0##*/}: (needs root or FAKE_IIO_USERNS=1; in a chroot, / must be a mount point: mount --bind DIR DIR first)" >&2
  exit 125
fi
exec unshare ${FAKE_IIO_USERNS:+-r} -m --propagation private -- bash -c '
set -e
# /sys/bus -> tmpfs holding the fake iio bus (files: "mode<TAB>path<TAB>value" lines)
mount -t tmpfs -o mode=755 hwsim-sysbus /sys/bus
mkdir -p /sys/bus/iio/devices
while IFS=$(printf "\t") read -r mode path value; do
  case "$mode" in "#"*|crw*|"") continue ;; esac
  if [ -n "$HWSIM_NOTRIG" ]; then
    case "$path" in trigger*) continue ;; */trigger/current_trigger) value= ;; esac
  fi
  f=/sys/bus/iio/devices/$path
  mkdir -p "$(dirname "$f")"
  printf "%s\n" "$value" > "$f"
  chmod "$mode" "$f"
done < "$HWSIM_SNAP"
if [ -n "$HWSIM_STEPS" ]; then
  d=/sys/bus/iio/devices/iio:device0
  printf "%s\n" "$HWSIM_STEPSSTART" > "$d/in_steps_input"
  printf "0\n" > "$d/in_steps_en"
  chmod 644 "$d/in_steps_input" "$d/in_steps_en"
fi
if [ -n "$HWSIM_STEPSONLY" ]; then
  d=/sys/bus/iio/devices/iio:device0
  rm -rf "$d"/in_accel_* "$d"/scan_elements "$d"/buffer "$d"/buffer0 "$d"/trigger "$d"/sampling_frequency*
  printf "ff-step-counter\n" > "$d/name"
fi
# /dev -> tmpfs with the essentials bound back, and a FIFO as the buffer character device
. "$HWSIM_HERE/private-dev.sh"
mkfifo -m 600 "/dev/iio:device0"
FEEDER=
if [ -n "$HWSIM_FEED" ]; then
  eval "python3 \"\$HWSIM_HERE/fake-iio-feeder.py\" $HWSIM_FEEDARGS" &
  FEEDER=$!
fi
set +e
"$@"
rc=$?
[ -n "$FEEDER" ] && { kill $FEEDER 2>/dev/null; wait $FEEDER 2>/dev/null; }
exit $rc
' fake-iio "$@"

#!/bin/bash
# fake-evdev.sh: run a command on the plain host (no VM, no uinput) with a fake evdev
# accelerometer at /dev/input/event0 that the real libevdev accepts.
#
#   tools/hwsim/fake-evdev.sh [OPTIONS] -- COMMAND [ARG...]
#
# In a private mount namespace, /dev is a tmpfs with the usual nodes bound back from the
# host, and /dev/input is a FUSE file system (fuse-evdev) with one file, event0: it answers
# libevdev's EVIOCG* ioctls as an accelerometer (INPUT_PROP_ACCELEROMETER, ABS_X/Y/Z with
# resolution in units per g), read() returns struct input_event records paced in real time,
# poll() works, and every open() replays the stream from its start. It is a regular file,
# not a character device. The host is not modified. COMMAND's status is returned.
#
# Options (passed to fuse-evdev; see .build-hwsim/bin/fuse-evdev --help):
#   --trace FILE.csv     replay a trace: value = round(a / 9.80665 * RESOLUTION)
#   --file BYTES         replay recorded input_event bytes (e.g. snapshots/uinput-walk-2s.evdev)
#   --still SECONDS      a device lying flat and still (default: 10 s)
#   --rate HZ --speed X --resolution N (default 256) --range G (default 8) --name NAME
#   --msc-timestamp --drop-at T[:N] --end-enodev
#   -h, --help           this text
# Needs /dev/fuse and root, or FAKE_EVDEV_USERNS=1 to run as any user (adds a user
# namespace: unshare -r). The fuse-evdev binary is built on first use (build-fixtures.sh).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
B=${HWSIM_BUILD:-$ROOT/.build-hwsim}
usage() { sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; }
ARGS=()
while [ $# -gt 0 ]; do
  case "$1" in
    --trace|--file) ARGS+=("$1" "$(realpath "$2")"); shift 2 ;;
    --still|--rate|--speed|--resolution|--range|--name|--drop-at) ARGS+=("$1" "$2"); shift 2 ;;
    --msc-timestamp|--end-enodev) ARGS+=("$1"); shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; break ;;
    *) echo "fake-evdev.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
  esac
done
[ $# -gt 0 ] || { echo "fake-evdev.sh: no command given" >&2; usage >&2; exit 2; }
[ -e /dev/fuse ] || { echo "fake-evdev.sh: no /dev/fuse (the kernel needs CONFIG_FUSE_FS)" >&2; exit 125; }
"$HERE/build-fixtures.sh" >/dev/null 2>&1 || "$HERE/build-fixtures.sh" >&2
export HWSIM_HERE=$HERE HWSIM_FUSE=$B/bin/fuse-evdev
export HWSIM_FUSEARGS=$(printf '%q ' "${ARGS[@]}")
if ! err=$(unshare ${FAKE_EVDEV_USERNS:+-r} -m --propagation private -- true 2>&1); then
  echo "${0##*/}: cannot create a private mount namespace: $err" >&2
  echo "${0##*/}: (needs root or FAKE_EVDEV_USERNS=1; in a chroot, / must be a mount point: mount --bind DIR DIR first)" >&2
  exit 125
fi
exec unshare ${FAKE_EVDEV_USERNS:+-r} -m --propagation private -- bash -c '
set -e
. "$HWSIM_HERE/private-dev.sh"
eval "\"\$HWSIM_FUSE\" $HWSIM_FUSEARGS /dev/input -o allow_other,fsname=fuse-evdev,subtype=evdev"
for i in $(seq 1 100); do [ -e /dev/input/event0 ] && break; sleep 0.02; done
[ -e /dev/input/event0 ] || { echo "fake-evdev.sh: the FUSE node did not appear" >&2; exit 125; }
set +e
"$@"; rc=$?
umount /dev/input 2>/dev/null || umount -l /dev/input
exit $rc
' fake-evdev "$@"

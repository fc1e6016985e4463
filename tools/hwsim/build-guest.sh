#!/bin/bash
# build-guest.sh: build the throw-away QEMU guest used by run-in-guest.sh.
#
#   tools/hwsim/build-guest.sh [--force]
#
# Kernel: Debian's stock kernel, the exact package that linux-image-amd64 depends on
# (`apt-cache depends linux-image-amd64`, or $HWSIM_KERNEL_PACKAGE), fetched with
# `apt-get download` and unpacked with `dpkg -x` (never installed). Initramfs: busybox
# (busybox-static) + guest-init.sh as /init + the modules listed below and everything
# they depend on (resolved from the modules.dep that depmod writes for that kernel).
#
# Output (gitignored): .build-hwsim/guest/{vmlinux,vmlinuz,initrd.img,kernel-version}
# Cache:               .build-hwsim/cache/ (the .deb and its unpacked tree)
# A second run with the same inputs only checks a stamp (well under a second).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
B=${HWSIM_BUILD:-$ROOT/.build-hwsim}
OUT=$B/guest
CACHE=$B/cache
FORCE=
case "${1:-}" in
  --force) FORCE=1 ;;
  -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  "") ;;
  *) echo "build-guest.sh: unknown option $1" >&2; exit 2 ;;
esac
mkdir -p "$OUT" "$CACHE/debs"
say() { echo "build-guest: $*" >&2; }

# Modules loaded at boot, in dependency order (dependencies come from modules.dep).
BOOT_MODULES="virtio_pci virtio_mmio 9pnet_virtio 9p evdev uinput uhid hid hid-generic
 hid-sensor-hub hid-sensor-iio-common hid-sensor-trigger hid-sensor-accel-3d
 industrialio industrialio-triggered-buffer kfifo_buf configfs"
# Modules only copied into the initramfs, loaded on request with
# run-in-guest.sh --insmod NAME[:param=value,...] (e.g. an i2c-stub chip + a real I2C
# accelerometer driver; Debian's kernel has no IIO software triggers).
EXTRA_MODULES=${HWSIM_EXTRA_MODULES:-"i2c-stub i2c-dev kxcjk-1013 bmc150-accel-i2c mma8452 hid-sensor-gyro-3d"}

# 1. Which kernel package.
PKG=${HWSIM_KERNEL_PACKAGE:-}
resolve() { apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/{print $2; exit}'; }
if [ -z "$PKG" ]; then
  PKG=$(resolve)
  if [ -z "$PKG" ]; then
    say "apt-cache does not know linux-image-amd64; running apt-get update"
    SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -qq >&2 || true
    PKG=$(resolve)
  fi
  [ -n "$PKG" ] || { say "cannot resolve linux-image-amd64 (set HWSIM_KERNEL_PACKAGE)"; exit 1; }
fi

# 2. Stamp: the package, the busybox binary, and every input file of this build.
BUSYBOX=${HWSIM_BUSYBOX:-/bin/busybox}
[ -x "$BUSYBOX" ] || { say "no $BUSYBOX: apt-get install busybox-static"; exit 1; }
if LC_ALL=C readelf -l "$BUSYBOX" 2>/dev/null | grep -q 'Requesting program interpreter'; then
  say "$BUSYBOX is dynamically linked: apt-get install busybox-static"; exit 1
fi
STAMP=$( { echo "$PKG"; echo "$BOOT_MODULES"; echo "$EXTRA_MODULES"; cat "$BUSYBOX" "$HERE/build-guest.sh" "$HERE/guest-init.sh" | sha256sum; } | sha256sum | cut -c1-16)
if [ -z "$FORCE" ] && [ "$(cat "$OUT/stamp" 2>/dev/null)" = "$STAMP" ] && [ -f "$OUT/initrd.img" ] && [ -f "$OUT/vmlinuz" ]; then
  [ -n "${HWSIM_QUIET:-}" ] || say "up to date ($(cat "$OUT/kernel-version"), $OUT)"
  exit 0
fi
T0=$(date +%s%N)

# 3. Download + unpack the kernel package (cached per package name).
KROOT=$CACHE/kroot-$PKG
if [ ! -d "$KROOT/boot" ]; then
  rm -rf "$CACHE/debs"/linux-image-*.deb.partial
  if ! ls "$CACHE/debs/${PKG}"_*.deb >/dev/null 2>&1; then
    say "downloading $PKG"
    dl() { ( cd "$CACHE/debs" && apt-get download "$PKG" 2>&1 | grep -v -e unsandboxed -e '^$' >&2; ls "${PKG}"_*.deb >/dev/null 2>&1 ); }
    if ! dl; then
      say "apt-get download failed; running apt-get update and retrying"
      SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
      $SUDO apt-get update -qq >&2 || true
      dl || { say "cannot download $PKG"; exit 1; }
    fi
  fi
  rm -rf "$KROOT.tmp"
  dpkg -x "$(ls "$CACHE/debs/${PKG}"_*.deb | tail -1)" "$KROOT.tmp"
  mv "$KROOT.tmp" "$KROOT"
fi
KVER=$(ls "$KROOT/lib/modules" | head -1)
MODDIR=$KROOT/lib/modules/$KVER
[ -f "$MODDIR/modules.dep" ] || depmod -b "$KROOT" "$KVER"   # the .deb ships no modules.dep
[ -f "$MODDIR/modules.dep" ] || depmod -b "$KROOT" -F "$KROOT/boot/System.map-$KVER" "$KVER"

# 4. Kernel images: vmlinuz (bzImage) and, for QEMU's faster PVH direct boot, the
#    uncompressed ELF vmlinux (skips ~3 s of in-guest decompression under TCG).
cp "$KROOT/boot/vmlinuz-$KVER" "$OUT/vmlinuz.tmp" && mv "$OUT/vmlinuz.tmp" "$OUT/vmlinuz"
rm -f "$OUT/vmlinux"
python3 - "$OUT/vmlinuz" "$OUT/vmlinux" <<'PY' || say "no vmlinux extracted; run-in-guest.sh will boot the bzImage (slower)"
import lzma, sys, zlib
data = open(sys.argv[1], "rb").read()
out = None
off = data.find(b"\xfd7zXZ\x00")
if off >= 0:
    out = lzma.LZMADecompressor().decompress(data[off:])
else:
    off = data.find(b"\x1f\x8b\x08\x00")
    if off >= 0:
        out = zlib.decompressobj(16 + zlib.MAX_WBITS).decompress(data[off:])
if not out or out[:4] != b"\x7fELF":
    sys.exit("no xz or gzip ELF payload in the bzImage")
open(sys.argv[2] + ".tmp", "wb").write(out)
import os; os.rename(sys.argv[2] + ".tmp", sys.argv[2])
PY

# 5. Module closure from modules.dep.
python3 - "$MODDIR" "$CACHE/modorder" "$CACHE/modextra" "$BOOT_MODULES" "$EXTRA_MODULES" <<'PY'
import os, sys
moddir, orderf, extraf, want, extra = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4].split(), sys.argv[5].split()
deps, byname = {}, {}
for line in open(os.path.join(moddir, "modules.dep")):
    path, _, rest = line.partition(":")
    deps[path] = rest.split()
    byname[os.path.basename(path).split(".ko")[0].replace("-", "_")] = path
builtin = set()
bf = os.path.join(moddir, "modules.builtin")
if os.path.exists(bf):
    builtin = {os.path.basename(l.strip()).split(".ko")[0].replace("-", "_") for l in open(bf)}
def closure(p, out, seen):
    if p in seen: return
    seen.add(p)
    for d in deps[p]: closure(d, out, seen)
    out.append(p)
missing = []
order, seen = [], set()
for w in want:
    k = w.replace("-", "_")
    if k in byname: closure(byname[k], order, seen)
    elif k not in builtin: missing.append(w)
with open(extraf, "w") as f:
    for w in extra:
        k = w.replace("-", "_")
        if k not in byname:
            if k not in builtin: print(f"build-guest: note: optional module {w} not in this kernel", file=sys.stderr)
            continue
        out = []; closure(byname[k], out, set())
        f.write(k + " " + " ".join(out) + "\n")
if missing:
    sys.exit("build-guest: modules missing from this kernel: " + " ".join(missing))
open(orderf, "w").write("\n".join(order) + "\n")
PY

# 6. Initramfs.
R=$CACHE/initramfs
rm -rf "$R"; mkdir -p "$R"/{bin,sbin,dev,proc,sys,tmp,host,etc,lib/modules,hwsim}
cp "$BUSYBOX" "$R/bin/busybox"
for a in $("$BUSYBOX" --list); do [ "$a" = busybox ] || ln -sf busybox "$R/bin/$a"; done
for m in $(cat "$CACHE/modorder"; cut -d' ' -f2- "$CACHE/modextra" | tr ' ' '\n'); do
  mkdir -p "$R/lib/modules/$(dirname "$m")"
  [ -f "$R/lib/modules/$m" ] || cp "$MODDIR/$m" "$R/lib/modules/$m"
done
cp "$CACHE/modorder" "$R/lib/modules/order"
cp "$CACHE/modextra" "$R/lib/modules/extra"
echo "$KVER" > "$R/etc/hwsim-kernel"
install -m 0755 "$HERE/guest-init.sh" "$R/init"
( cd "$R" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0 | gzip -1 ) > "$OUT/initrd.img.tmp"
mv "$OUT/initrd.img.tmp" "$OUT/initrd.img"
echo "$KVER ($PKG)" > "$OUT/kernel-version"
echo "$STAMP" > "$OUT/stamp"
say "kernel $KVER: $OUT/vmlinuz$( [ -f "$OUT/vmlinux" ] && echo ' + vmlinux'), initrd $(du -h "$OUT/initrd.img" | cut -f1), $(wc -l < "$CACHE/modorder") modules at boot, $(wc -l < "$CACHE/modextra") on request, in $(( ($(date +%s%N) - T0) / 1000000 )) ms"

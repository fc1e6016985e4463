#!/bin/bash
# ci-setup.sh: prepare a machine (fresh Debian 12, or CI) for the hwsim tools, once:
# installs the missing packages of packages.txt (apt-get, with sudo when not root), builds
# the guest (build-guest.sh) and the C fixtures (build-fixtures.sh). Safe to run again: it
# only installs what is missing and the builds are cached in .build-hwsim/.
#
#   tools/hwsim/ci-setup.sh
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
mapfile -t packages < <(grep -v -e '^#' -e '^[[:space:]]*$' "$HERE/packages.txt")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> ci-setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "==> ci-setup: all ${#packages[@]} packages of packages.txt are installed"
fi
echo "==> ci-setup: building the guest"
"$HERE/build-guest.sh"
echo "==> ci-setup: building the fixtures"
"$HERE/build-fixtures.sh"
# what the tools need from the machine at run time
[ -e /dev/fuse ] || echo "ci-setup: note: no /dev/fuse: fake-evdev.sh will not work (modprobe fuse)" >&2
[ -r /dev/kvm ] && echo "ci-setup: note: /dev/kvm exists; run-in-guest.sh uses TCG unless HWSIM_ACCEL=kvm" >&2
unshare -m --propagation private true 2>/dev/null ||
  echo "ci-setup: note: cannot create a private mount namespace here (not root, or / is not a mount point): the fakes need root or FAKE_*_USERNS=1" >&2
echo "==> ci-setup: done (tools/hwsim/selftest.sh checks everything)"

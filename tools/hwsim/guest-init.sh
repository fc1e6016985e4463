#!/bin/sh
# /init of the hwsim guest's initramfs (busybox ash). Written by build-guest.sh; driven by
# run-in-guest.sh, which appends a small second cpio archive holding /hwsim/:
#   cmd.sh   the script to run (environment, cd to the host's current directory, command)
#   mounts   lines "TAG PATH": 9p shares to mount read-write over the host path PATH
#   insmod   lines "NAME[:param=value,...]": extra modules to load (from lib/modules/extra)
#   verbose  present: print timings and mount details
# It loads the modules, mounts the host's / (9p tag "hostroot") read-only at /host, gives
# it the guest's /dev /proc /sys and fresh tmpfs /tmp /run /dev/shm (host paths below /tmp
# or /run that are the current directory or a --rw share are bound back in), chroots into
# it, runs cmd.sh, prints "HWSIM-RC=<status>" and powers off.
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /dev/pts /dev/shm && mount -t devpts devpts /dev/pts
V=; [ -e /hwsim/verbose ] && V=1
say() { echo "hwsim: $*"; }
vsay() { [ -z "$V" ] || echo "hwsim: $* ($(cut -d' ' -f1 /proc/uptime)s)"; }
finish() { echo "HWSIM-RC=$1"; sync; poweroff -f; sleep 5; }

for m in $(cat /lib/modules/order); do
  insmod /lib/modules/$m 2>/tmp/insmod.err || say "insmod $m failed: $(cat /tmp/insmod.err)"
done
if [ -f /hwsim/insmod ]; then
  while read -r spec; do
    [ -n "$spec" ] || continue
    name=${spec%%:*}; params=
    case "$spec" in *:*) params=$(echo "${spec#*:}" | tr ',' ' ') ;; esac
    line=$(grep "^$(echo "$name" | tr - _) " /lib/modules/extra)
    [ -n "$line" ] || { say "no module $name in the initramfs (see build-guest.sh EXTRA_MODULES)"; continue; }
    set -- $line; shift
    while [ $# -gt 1 ]; do insmod /lib/modules/$1 2>/dev/null; shift; done
    insmod /lib/modules/$1 $params || say "insmod $name $params failed"
  done < /hwsim/insmod
fi
vsay "modules loaded"
ip link set lo up 2>/dev/null
mount -t configfs none /sys/kernel/config 2>/dev/null

[ -f /hwsim/cmd.sh ] || { say "no /hwsim/cmd.sh (boot through run-in-guest.sh)"; finish 125; }
if ! cat /sys/bus/virtio/drivers/9pnet_virtio/*/mount_tag 2>/dev/null | tr '\0' '\n' | grep -qx hostroot; then
  say "no hostroot share: running in the initramfs"
  mkdir -p /run/hwsim && cp /hwsim/cmd.sh /run/hwsim/cmd.sh
  sh /run/hwsim/cmd.sh; finish $?
fi

H=/host
mount -t 9p -o trans=virtio,version=9p2000.L,ro,msize=512000,cache=loose hostroot $H ||
  { say "9p mount of the host root failed"; finish 125; }
# Keep views of the host's /tmp and /run: the chroot gets fresh ones, but a current
# directory or a --rw share below them must stay visible.
mkdir -p /keep/tmp /keep/run
mount -o bind $H/tmp /keep/tmp 2>/dev/null
mount -o bind $H/run /keep/run 2>/dev/null
mount -o bind /dev $H/dev
mount -t devpts devpts $H/dev/pts 2>/dev/null
mount -t tmpfs -o mode=1777 tmpfs $H/dev/shm 2>/dev/null
mount -t proc proc $H/proc
mount -t sysfs sysfs $H/sys
mount -t configfs none $H/sys/kernel/config 2>/dev/null
mount -t tmpfs -o mode=1777 tmpfs $H/tmp
mount -t tmpfs -o mode=755 tmpfs $H/run
mkdir -p $H/run/hwsim && cp /hwsim/cmd.sh $H/run/hwsim/cmd.sh
CWD=$(cat /hwsim/cwd 2>/dev/null)
case "$CWD" in
  /tmp/*|/run/*)
    mkdir -p "$H$CWD" && mount -o bind "/keep$CWD" "$H$CWD" || say "cannot show $CWD in the guest"
    ;;
esac
if [ -f /hwsim/mounts ]; then
  while read -r tag path; do
    [ -n "$tag" ] || continue
    mkdir -p "$H$path" 2>/dev/null
    mount -t 9p -o trans=virtio,version=9p2000.L,msize=512000 "$tag" "$H$path" ||
      { say "read-write mount of $path failed"; finish 125; }
    vsay "read-write: $path"
  done < /hwsim/mounts
fi
vsay "command start"
HOME=/tmp TMPDIR=/tmp HWSIM_GUEST=1 chroot $H /bin/sh /run/hwsim/cmd.sh
rc=$?
vsay "command end, status $rc"
sync
finish $rc

# Sourced by fake-evdev.sh and fake-iio.sh inside their private mount namespace: replaces
# /dev with a tmpfs that has only the essentials bound back (null, zero, tty, pts, shm,
# std streams...), so the fake device nodes they add are the only input devices in sight.
mkdir -p /run/hwsim-olddev 2>/dev/null || { mount -t tmpfs hwsim-run /run && mkdir -p /run/hwsim-olddev; }
mount --rbind /dev /run/hwsim-olddev
mount -t tmpfs -o mode=755 hwsim-dev /dev
for n in null zero full random urandom tty ptmx fuse kvm; do
  [ -e /run/hwsim-olddev/$n ] && touch /dev/$n && mount --bind /run/hwsim-olddev/$n /dev/$n
done
mkdir -p /dev/pts /dev/shm /dev/input
mount --bind /run/hwsim-olddev/pts /dev/pts 2>/dev/null || true
mount -t tmpfs -o mode=1777 hwsim-shm /dev/shm
ln -sf /proc/self/fd /dev/fd
ln -sf /proc/self/fd/0 /dev/stdin; ln -sf /proc/self/fd/1 /dev/stdout; ln -sf /proc/self/fd/2 /dev/stderr

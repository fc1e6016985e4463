/* ff-uinput-accel: a real evdev accelerometer made through /dev/uinput, replaying a trace.
 * See --help and tools/hwsim/README.md. Build: tools/hwsim/build-fixtures.sh */
#include "ff-replay.h"
#include <dirent.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <linux/input.h>
#include <linux/uinput.h>

static const char usage[] =
"usage: ff-uinput-accel --trace FILE.csv [OPTIONS]\n"
"Creates an evdev accelerometer through /dev/uinput (INPUT_PROP_ACCELEROMETER, EV_ABS\n"
"ABS_X/ABS_Y/ABS_Z, each axis with resolution = units per g) and replays the trace on it:\n"
"each sample becomes ABS_X, ABS_Y, ABS_Z (+ MSC_TIMESTAMP) and SYN_REPORT, with\n"
"value = round(a / 9.80665 * RESOLUTION), clamped to the range. The kernel drops an axis\n"
"whose value did not change, as for any evdev device.\n"
"Prints the device node (e.g. /dev/input/event3) on stdout each time the device is created.\n"
"By default it waits for a reader (a process with the node open, found through /proc)\n"
"before streaming, after each creation. Exit status: 0 at the end of the trace, 2 for bad\n"
"arguments or trace, 1 if uinput fails, 3 if no reader came.\n"
"\n"
"Device:\n"
"  --resolution N       units per g (default 256: 3.9 mg a unit, like a 12-bit part in its\n"
"                       +-8 g range or an ADXL345 in full-resolution mode)\n"
"  --range G            full scale in g (default 8): minimum -G*N, maximum G*N-1\n"
"  --fuzz N             absinfo fuzz (default 0: the kernel filters nothing)\n"
"  --name NAME          device name (default \"Footfall hwsim accelerometer\")\n"
"  --msc-timestamp      also send MSC_TIMESTAMP: microseconds of trace time since the\n"
"                       first sample, modulo 2^32 (as hid-playstation/hid-nintendo do)\n"
FF_COMMON_HELP
"  (defaults: --wait-reader 60 --linger 1: a reader gets the last samples before the\n"
"  device goes; the kernel refuses reads on a removed device even with data queued)\n";

struct uin {
    int fd;
    int res, min, max, fuzz, msc;
    const char *name;
    char node[256];
    double t_first;
    long clipped;
};

static void uin_create(void *vctx, char *node, size_t nodelen) {
    struct uin *u = vctx;
    u->fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (u->fd < 0) ff_die(1, "/dev/uinput: %s", strerror(errno));
    if (ioctl(u->fd, UI_SET_EVBIT, EV_SYN) < 0 || ioctl(u->fd, UI_SET_EVBIT, EV_ABS) < 0 ||
        ioctl(u->fd, UI_SET_PROPBIT, INPUT_PROP_ACCELEROMETER) < 0)
        ff_die(1, "uinput setup: %s", strerror(errno));
    if (u->msc && (ioctl(u->fd, UI_SET_EVBIT, EV_MSC) < 0 || ioctl(u->fd, UI_SET_MSCBIT, MSC_TIMESTAMP) < 0))
        ff_die(1, "uinput setup (MSC_TIMESTAMP): %s", strerror(errno));
    for (int code = ABS_X; code <= ABS_Z; code++) {
        struct uinput_abs_setup as = { .code = code };
        as.absinfo.minimum = u->min;
        as.absinfo.maximum = u->max;
        as.absinfo.fuzz = u->fuzz;
        as.absinfo.resolution = u->res;
        if (ioctl(u->fd, UI_SET_ABSBIT, code) < 0 || ioctl(u->fd, UI_ABS_SETUP, &as) < 0)
            ff_die(1, "uinput abs setup: %s", strerror(errno));
    }
    struct uinput_setup us = { .id = { .bustype = BUS_VIRTUAL, .vendor = 0x1234, .product = 0xacce, .version = 1 } };
    snprintf(us.name, sizeof us.name, "%s", u->name);
    if (ioctl(u->fd, UI_DEV_SETUP, &us) < 0 || ioctl(u->fd, UI_DEV_CREATE) < 0)
        ff_die(1, "uinput create: %s", strerror(errno));
    char sysname[64] = "";
    if (ioctl(u->fd, UI_GET_SYSNAME(sizeof sysname), sysname) < 0) ff_die(1, "UI_GET_SYSNAME: %s", strerror(errno));
    char dir[256];
    snprintf(dir, sizeof dir, "/sys/devices/virtual/input/%s", sysname);
    u->node[0] = 0;
    for (double end = ff_now() + 5; !u->node[0] && ff_now() < end;) {
        DIR *dd = opendir(dir);
        struct dirent *e;
        while (dd && (e = readdir(dd)))
            if (!strncmp(e->d_name, "event", 5)) snprintf(u->node, sizeof u->node, "/dev/input/%s", e->d_name);
        if (dd) closedir(dd);
        struct stat sb;
        if (u->node[0] && stat(u->node, &sb) < 0) u->node[0] = 0; /* devtmpfs not there yet */
        if (!u->node[0]) usleep(10000);
    }
    if (!u->node[0]) ff_die(1, "no /dev/input/event* node appeared for %s (is evdev loaded?)", dir);
    snprintf(node, nodelen, "%s", u->node);
}

static void uin_destroy(void *vctx) {
    struct uin *u = vctx;
    if (u->fd < 0) return;
    ioctl(u->fd, UI_DEV_DESTROY);
    close(u->fd);
    u->fd = -1;
}

/* Is any other process holding the node open? */
static int node_has_reader(const char *node) {
    int found = 0;
    DIR *proc = opendir("/proc");
    struct dirent *p;
    char me[32];
    snprintf(me, sizeof me, "%d", (int)getpid());
    while (!found && proc && (p = readdir(proc))) {
        if (!isdigit((unsigned char)p->d_name[0]) || !strcmp(p->d_name, me)) continue;
        char fdd[300];
        snprintf(fdd, sizeof fdd, "/proc/%s/fd", p->d_name);
        DIR *fds = opendir(fdd);
        struct dirent *f;
        while (!found && fds && (f = readdir(fds))) {
            char link[600], target[300];
            snprintf(link, sizeof link, "%s/%s", fdd, f->d_name);
            ssize_t n = readlink(link, target, sizeof target - 1);
            if (n > 0) { target[n] = 0; found = !strcmp(target, node); }
        }
        if (fds) closedir(fds);
    }
    if (proc) closedir(proc);
    return found;
}

static int uin_wait_reader(void *vctx, double timeout) {
    struct uin *u = vctx;
    for (double end = ff_now() + timeout;; usleep(20000)) {
        if (node_has_reader(u->node)) return 1;
        if (ff_now() > end) return 0;
    }
}

static void uin_emit(void *vctx, const struct ff_sample *s) {
    struct uin *u = vctx;
    struct input_event ev[5];
    int n = 0;
    memset(ev, 0, sizeof ev);
    for (int k = 0; k < 3; k++) {
        long v = lround(s->a[k] / FF_G * u->res);
        if (v < u->min) { v = u->min; u->clipped++; }
        if (v > u->max) { v = u->max; u->clipped++; }
        ev[n].type = EV_ABS; ev[n].code = ABS_X + k; ev[n].value = (int)v; n++;
    }
    if (u->msc) {
        if (s->index == 0 && u->t_first < 0) u->t_first = s->t;
        ev[n].type = EV_MSC; ev[n].code = MSC_TIMESTAMP;
        ev[n].value = (int)(uint32_t)(uint64_t)llround((s->t - u->t_first) * 1e6); n++;
    }
    ev[n].type = EV_SYN; ev[n].code = SYN_REPORT; n++;
    if (write(u->fd, ev, n * sizeof ev[0]) != (ssize_t)(n * sizeof ev[0])) ff_die(1, "uinput write: %s", strerror(errno));
}

static void uin_idle(void *vctx, double until) { (void)vctx; ff_sleep_until(until); }

int main(int argc, char **argv) {
    ff_prog = "ff-uinput-accel";
    struct ff_opts o = { .speed = 1, .wait_reader = 60, .linger = 1, .max_lag = 0.1 };
    struct uin u = { .fd = -1, .res = 256, .name = "Footfall hwsim accelerometer", .t_first = -1 };
    double range = 8;
    static const struct option lo[] = {
        FF_COMMON_LONGOPTS,
        { "resolution", required_argument, 0, 2001 },
        { "range", required_argument, 0, 2002 },
        { "fuzz", required_argument, 0, 2003 },
        { "name", required_argument, 0, 2004 },
        { "msc-timestamp", no_argument, 0, 2005 },
        { 0, 0, 0, 0 },
    };
    int c;
    while ((c = getopt_long(argc, argv, "qh", lo, NULL)) != -1) {
        if (ff_common_opt(&o, c, optarg)) continue;
        switch (c) {
        case 'h': fputs(usage, stdout); return 0;
        case 2001: u.res = (int)ff_num("resolution", optarg, 1); break;
        case 2002: range = ff_num("range", optarg, 0.01); break;
        case 2003: u.fuzz = (int)ff_num("fuzz", optarg, 0); break;
        case 2004: u.name = optarg; break;
        case 2005: u.msc = 1; break;
        default: fputs(usage, stderr); return 2;
        }
    }
    if (optind < argc) ff_die(2, "unexpected argument '%s' (see --help)", argv[optind]);
    double lim = range * u.res;
    if (lim > 2147483647.0) ff_die(2, "--range * --resolution too large");
    u.max = (int)lim - 1;
    u.min = -(int)lim;
    struct ff_trace tr;
    ff_opts_finish(&o, &tr);
    ff_log("trace %s: %zu samples, %.3f s; resolution %d/g (%.4f m/s^2 a unit), range [%d, %d]; %s, speed %g",
           o.trace ? o.trace : "(still)", tr.n, tr.t[tr.n - 1] - tr.t[0], u.res, FF_G / u.res, u.min, u.max,
           o.rate > 0 ? "resampled" : "trace timestamps", o.speed);
    struct ff_device d = { &u, uin_create, uin_destroy, uin_wait_reader, uin_emit, uin_idle, NULL };
    ff_replay(&o, &tr, &d);
    if (u.clipped) ff_log("%ld axis values clipped to the range", u.clipped);
    return 0;
}

/* fuse-evdev: a FUSE file system with one file, "event0", that behaves like an evdev
 * accelerometer node for libevdev: it answers the EVIOCG* ioctls (INPUT_PROP_ACCELEROMETER,
 * EV_ABS X/Y/Z with absinfo, optional MSC_TIMESTAMP), read() returns struct input_event
 * records paced in real time, and poll() works. Each open() replays the stream from its
 * start. Used by fake-evdev.sh (which mounts it over /dev/input in a private mount
 * namespace). Adapted from /work/shared/hwsim/fuse-evdev.c. See --help. */
#define FUSE_USE_VERSION 35
#include "ff-replay.h"
#include <fcntl.h>
#include <fuse.h>
#include <poll.h>
#include <pthread.h>
#include <sys/stat.h>
#include <linux/input.h>

static const char usage[] =
"usage: fuse-evdev [OPTIONS] MOUNTPOINT [FUSE OPTIONS, e.g. -f -o allow_other]\n"
"Serves MOUNTPOINT/event0, an evdev accelerometer that libevdev accepts (a regular file,\n"
"not a character device: code that insists on S_ISCHR will refuse it).\n"
"Stream (each open() replays it from the start, paced from the moment of the open):\n"
"  --trace FILE.csv   replay a trace: value = round(a / 9.80665 * RESOLUTION), clamped;\n"
"                     an axis is sent only when its value changes, and a sample where\n"
"                     nothing changed sends nothing, as the kernel's input core does\n"
"  --file BYTES       replay recorded struct input_event records (24 bytes each, e.g. a\n"
"                     copy of a real /dev/input/eventN), paced by their own times\n"
"  --still SECONDS    a device lying flat and still (the default, 10 s)\n"
"  --rate HZ          resample the trace (default: its own timestamps)\n"
"  --speed X          X times real time (default 1; 0 = everything at once, event times\n"
"                     still spaced as in the trace)\n"
"  --drop-at T[:N]    at trace time T lose N packets (default 5) and send SYN_DROPPED, as\n"
"                     a kernel buffer overflow does (repeatable)\n"
"  --end-enodev       after the stream ends, read() fails with ENODEV and poll() reports\n"
"                     POLLERR|POLLHUP (a device unplugged); default: silence\n"
"Device: --resolution N (units per g, default 256), --range G (default 8),\n"
"        --name NAME, --msc-timestamp (MSC_TIMESTAMP in each packet: trace microseconds)\n";

struct evt { double due; uint16_t type, code; int32_t value; int32_t state[3]; };
static struct evt *evs;
static size_t nev, capev;
static int res = 256, amin, amax, msc, end_enodev;
static double speed = 1;
static const char *devname = "Footfall fake evdev accelerometer";

static void push(double due, int type, int code, int value, const int32_t st[3]) {
    if (nev == capev) { capev = capev ? 2 * capev : 4096; evs = realloc(evs, capev * sizeof *evs); }
    struct evt *e = &evs[nev++];
    e->due = due; e->type = type; e->code = code; e->value = value;
    memcpy(e->state, st, sizeof e->state);
}

struct drop { double at; int n; };

static void build_from_trace(const struct ff_trace *tr, double rate, struct drop *drops, int ndrops) {
    int32_t st[3] = { 0, 0, 0 };
    double t0 = tr->t[0], tend = tr->t[tr->n - 1];
    size_t cursor = 0, k = 0;
    int lose = 0, di = 0;
    for (double t = t0; rate > 0 ? t <= tend + 1e-9 : k < tr->n; k++) {
        double a[3];
        if (rate > 0) ff_trace_at(tr, t, &cursor, a);
        else { t = tr->t[k]; memcpy(a, tr->a + 3 * k, sizeof a); }
        double due = t - t0;
        if (di < ndrops && t >= drops[di].at) { lose = drops[di].n; di++; }
        size_t mark = nev;
        for (int ax = 0; ax < 3; ax++) {
            long v = lround(a[ax] / FF_G * res);
            if (v < amin) v = amin;
            if (v > amax) v = amax;
            if (v != st[ax]) { st[ax] = (int32_t)v; push(due, EV_ABS, ABS_X + ax, (int)v, st); }
        }
        if (msc) push(due, EV_MSC, MSC_TIMESTAMP, (int32_t)(uint32_t)(uint64_t)llround(due * 1e6), st);
        if (nev > mark) {
            push(due, EV_SYN, SYN_REPORT, 0, st);
            if (lose > 0) {
                /* lost packet: kept in the list (it moves the state EVIOCGABS reports) but
                 * marked by type 0xffff so read() skips it */
                for (size_t i = mark; i < nev; i++) evs[i].type = 0xffff;
                if (--lose == 0) push(due, EV_SYN, SYN_DROPPED, 0, st);
            }
        }
        if (rate > 0) t += 1 / rate;
    }
}

static void build_from_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) ff_die(2, "%s: %s", path, strerror(errno));
    struct input_event ie;
    int32_t st[3] = { 0, 0, 0 };
    double first = -1;
    while (fread(&ie, sizeof ie, 1, f) == 1) {
        double t = ie.input_event_sec + ie.input_event_usec / 1e6;
        if (first < 0) first = t;
        if (ie.type == EV_ABS && ie.code <= ABS_Z) st[ie.code] = ie.value;
        if (ie.type == EV_MSC && ie.code == MSC_TIMESTAMP) msc = 1;
        push(t - first, ie.type, ie.code, ie.value, st);
    }
    fclose(f);
    if (!nev) ff_die(2, "%s: no input_event records", path);
}

/* ---- per-open state ------------------------------------------------------------- */

struct handle {
    double mono_start;     /* CLOCK_MONOTONIC at open */
    clockid_t clk;
    double clk_start;      /* the event clock at open */
    size_t pos;            /* next event to deliver */
    struct fuse_pollhandle *ph;
    struct handle *next;
};
static struct handle *handles;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;

static double clk_now(clockid_t c) { struct timespec t; clock_gettime(c, &t); return t.tv_sec + t.tv_nsec / 1e9; }
static double wall_due(const struct handle *h, size_t i) { return h->mono_start + (speed > 0 ? evs[i].due / speed : 0); }
static size_t skip_lost(size_t i) { while (i < nev && evs[i].type == 0xffff) i++; return i; }
static int ready(const struct handle *h) { size_t i = skip_lost(h->pos); return i < nev && wall_due(h, i) <= ff_now(); }

static void *notifier(void *arg) {
    (void)arg;
    pthread_mutex_lock(&mu);
    for (;;) {
        double next = 0;
        for (struct handle *h = handles; h; h = h->next) {
            if (!h->ph) continue;
            size_t i = skip_lost(h->pos);
            if (i >= nev) {
                if (end_enodev) { fuse_notify_poll(h->ph); fuse_pollhandle_destroy(h->ph); h->ph = NULL; }
                continue;
            }
            double w = wall_due(h, i);
            if (w <= ff_now()) { fuse_notify_poll(h->ph); fuse_pollhandle_destroy(h->ph); h->ph = NULL; }
            else if (!next || w < next) next = w;
        }
        if (!next) pthread_cond_wait(&cv, &mu);
        else {
            struct timespec ts;
            double rt = clk_now(CLOCK_REALTIME) + (next - ff_now());
            ts.tv_sec = (time_t)rt; ts.tv_nsec = (long)((rt - floor(rt)) * 1e9);
            pthread_cond_timedwait(&cv, &mu, &ts);
        }
    }
    return NULL;
}

/* ---- FUSE operations -------------------------------------------------------------- */

static int ev_getattr(const char *path, struct stat *st, struct fuse_file_info *fi) {
    (void)fi;
    memset(st, 0, sizeof *st);
    if (!strcmp(path, "/")) { st->st_mode = S_IFDIR | 0755; st->st_nlink = 2; return 0; }
    if (!strcmp(path, "/event0")) { st->st_mode = S_IFREG | 0444; st->st_nlink = 1; return 0; }
    return -ENOENT;
}

static int ev_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off,
                      struct fuse_file_info *fi, enum fuse_readdir_flags fl) {
    (void)off; (void)fi; (void)fl;
    if (strcmp(path, "/")) return -ENOENT;
    fill(buf, ".", NULL, 0, 0);
    fill(buf, "..", NULL, 0, 0);
    fill(buf, "event0", NULL, 0, 0);
    return 0;
}

static int ev_open(const char *path, struct fuse_file_info *fi) {
    if (strcmp(path, "/event0")) return -ENOENT;
    if ((fi->flags & O_ACCMODE) != O_RDONLY && (fi->flags & O_ACCMODE) != O_RDWR) return -EACCES;
    struct handle *h = calloc(1, sizeof *h);
    h->mono_start = ff_now();
    h->clk = CLOCK_REALTIME;
    h->clk_start = clk_now(h->clk);
    pthread_mutex_lock(&mu);
    h->next = handles; handles = h;
    pthread_mutex_unlock(&mu);
    fi->fh = (uint64_t)(uintptr_t)h;
    fi->direct_io = 1;
    fi->nonseekable = 1;
    return 0;
}

static int ev_release(const char *path, struct fuse_file_info *fi) {
    (void)path;
    struct handle *h = (struct handle *)(uintptr_t)fi->fh;
    pthread_mutex_lock(&mu);
    for (struct handle **p = &handles; *p; p = &(*p)->next) if (*p == h) { *p = h->next; break; }
    if (h->ph) fuse_pollhandle_destroy(h->ph);
    pthread_mutex_unlock(&mu);
    free(h);
    return 0;
}

static int ev_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
    (void)path; (void)off;
    struct handle *h = (struct handle *)(uintptr_t)fi->fh;
    size_t want = size / sizeof(struct input_event);
    if (!want) return -EINVAL;
    pthread_mutex_lock(&mu);
    for (;;) {
        h->pos = skip_lost(h->pos);
        if (h->pos >= nev) {
            pthread_mutex_unlock(&mu);
            if (end_enodev) return -ENODEV;
            if (fi->flags & O_NONBLOCK) return -EAGAIN;
            pause(); /* silence forever (the reader gets interrupted or killed) */
            return -EINTR;
        }
        double w = wall_due(h, h->pos);
        if (w <= ff_now()) break;
        if (fi->flags & O_NONBLOCK) { pthread_mutex_unlock(&mu); return -EAGAIN; }
        pthread_mutex_unlock(&mu);
        ff_sleep_until(w);
        pthread_mutex_lock(&mu);
    }
    size_t n = 0;
    double now = ff_now();
    while (n < want && h->pos < nev && wall_due(h, h->pos) <= now) {
        const struct evt *e = &evs[h->pos++];
        if (e->type == 0xffff) continue;
        struct input_event ie;
        memset(&ie, 0, sizeof ie);
        double t = h->clk_start + (speed > 0 ? e->due / speed : e->due);
        ie.input_event_sec = (time_t)t;
        ie.input_event_usec = (suseconds_t)((t - floor(t)) * 1e6);
        ie.type = e->type; ie.code = e->code; ie.value = e->value;
        memcpy(buf + n * sizeof ie, &ie, sizeof ie);
        n++;
    }
    pthread_mutex_unlock(&mu);
    return (int)(n * sizeof(struct input_event));
}

static int ev_poll(const char *path, struct fuse_file_info *fi, struct fuse_pollhandle *ph, unsigned *reventsp) {
    (void)path;
    struct handle *h = (struct handle *)(uintptr_t)fi->fh;
    pthread_mutex_lock(&mu);
    unsigned rev = 0;
    if (ready(h)) rev = POLLIN | POLLRDNORM;
    else if (end_enodev && skip_lost(h->pos) >= nev) rev = POLLIN | POLLERR | POLLHUP;
    if (ph) {
        if (h->ph) fuse_pollhandle_destroy(h->ph);
        h->ph = ph;
        pthread_cond_signal(&cv);
    }
    pthread_mutex_unlock(&mu);
    *reventsp = rev;
    return 0;
}

static void setbit(unsigned char *b, unsigned size, int bit) { if ((unsigned)bit / 8 < size) b[bit / 8] |= 1 << (bit % 8); }

static int ev_ioctl(const char *path, unsigned int cmd, void *arg, struct fuse_file_info *fi,
                    unsigned int flags, void *data) {
    (void)path; (void)arg; (void)flags;
    struct handle *h = (struct handle *)(uintptr_t)fi->fh;
    unsigned int nr = _IOC_NR(cmd), size = _IOC_SIZE(cmd);
    if (_IOC_TYPE(cmd) != 'E') return -ENOTTY;
    if (cmd == EVIOCGVERSION) { *(int *)data = EV_VERSION; return 0; }
    if (cmd == EVIOCGID) { struct input_id id = { BUS_VIRTUAL, 0x1234, 0xacce, 1 }; memcpy(data, &id, sizeof id); return 0; }
    if (cmd == EVIOCGRAB) return 0;
    if (cmd == EVIOCSCLOCKID) {
        int c = *(int *)data;
        if (c != CLOCK_REALTIME && c != CLOCK_MONOTONIC && c != CLOCK_BOOTTIME) return -EINVAL;
        pthread_mutex_lock(&mu);
        h->clk = c;
        h->clk_start = clk_now(c) - (ff_now() - h->mono_start);
        pthread_mutex_unlock(&mu);
        return 0;
    }
    if (_IOC_DIR(cmd) != _IOC_READ) return -EINVAL;
    if (nr == _IOC_NR(EVIOCGNAME(0))) {
        size_t l = strlen(devname) + 1;
        if (l > size) l = size;
        memcpy(data, devname, l);
        return (int)l;
    }
    if (nr == _IOC_NR(EVIOCGPHYS(0)) || nr == _IOC_NR(EVIOCGUNIQ(0))) return -ENOENT;
    if (nr == _IOC_NR(EVIOCGPROP(0))) { memset(data, 0, size); setbit(data, size, INPUT_PROP_ACCELEROMETER); return (int)size; }
    if (nr == _IOC_NR(EVIOCGKEY(0)) || nr == _IOC_NR(EVIOCGLED(0)) || nr == _IOC_NR(EVIOCGSND(0)) ||
        nr == _IOC_NR(EVIOCGSW(0))) { memset(data, 0, size); return (int)size; }
    if (nr >= 0x20 && nr < 0x20 + EV_CNT) { /* EVIOCGBIT(ev, len) */
        int ev = nr - 0x20;
        memset(data, 0, size);
        if (ev == 0) { setbit(data, size, EV_SYN); setbit(data, size, EV_ABS); if (msc) setbit(data, size, EV_MSC); }
        else if (ev == EV_SYN) { setbit(data, size, SYN_REPORT); setbit(data, size, SYN_DROPPED); }
        else if (ev == EV_ABS) { setbit(data, size, ABS_X); setbit(data, size, ABS_Y); setbit(data, size, ABS_Z); }
        else if (ev == EV_MSC && msc) setbit(data, size, MSC_TIMESTAMP);
        return (int)size;
    }
    if (nr >= 0x40 && nr < 0x40 + ABS_CNT) { /* EVIOCGABS(abs) */
        int code = nr - 0x40;
        struct input_absinfo ai = { 0 };
        if (code <= ABS_Z) {
            pthread_mutex_lock(&mu);
            ai.value = h->pos > 0 ? evs[h->pos - 1].state[code] : 0;
            pthread_mutex_unlock(&mu);
            ai.minimum = amin; ai.maximum = amax; ai.resolution = res;
        }
        memcpy(data, &ai, size < sizeof ai ? size : sizeof ai);
        return 0;
    }
    return -EINVAL;
}

/* fuse_main forks into the background before calling init: threads must start here */
static void *ev_init(struct fuse_conn_info *conn, struct fuse_config *cfg) {
    (void)conn; (void)cfg;
    pthread_t th;
    pthread_create(&th, NULL, notifier, NULL);
    pthread_detach(th);
    return NULL;
}

static const struct fuse_operations ops = {
    .init = ev_init, .getattr = ev_getattr, .readdir = ev_readdir, .open = ev_open, .release = ev_release,
    .read = ev_read, .poll = ev_poll, .ioctl = ev_ioctl,
};

int main(int argc, char **argv) {
    ff_prog = "fuse-evdev";
    const char *trace = NULL, *file = NULL;
    double still = 0, rate = 0, range = 8;
    struct drop drops[64];
    int ndrops = 0, i;
    for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; i++) {
        const char *o = argv[i] + 2;
        if (!strcmp(o, "help")) { fputs(usage, stdout); return 0; }
        if (!strcmp(o, "end-enodev")) { end_enodev = 1; continue; }
        if (!strcmp(o, "msc-timestamp")) { msc = 1; continue; }
        if (i + 1 >= argc) ff_die(2, "--%s needs a value", o);
        const char *v = argv[++i];
        if (!strcmp(o, "trace")) trace = v;
        else if (!strcmp(o, "file")) file = v;
        else if (!strcmp(o, "still")) still = ff_num(o, v, 0.001);
        else if (!strcmp(o, "rate")) rate = ff_num(o, v, 0.001);
        else if (!strcmp(o, "speed")) speed = ff_num(o, v, 0);
        else if (!strcmp(o, "resolution")) res = (int)ff_num(o, v, 1);
        else if (!strcmp(o, "range")) range = ff_num(o, v, 0.01);
        else if (!strcmp(o, "name")) devname = v;
        else if (!strcmp(o, "drop-at")) {
            if (ndrops == 64) ff_die(2, "too many --drop-at");
            drops[ndrops].n = 5;
            char *colon = strchr(v, ':');
            if (colon) drops[ndrops].n = (int)ff_num(o, colon + 1, 1);
            char tbuf[64];
            snprintf(tbuf, sizeof tbuf, "%.*s", colon ? (int)(colon - v) : (int)strlen(v), v);
            drops[ndrops++].at = ff_num(o, tbuf, -1e18);
        } else ff_die(2, "unknown option --%s (see --help)", o);
    }
    if (i >= argc) { fputs(usage, stderr); return 2; }
    amax = (int)(range * res) - 1;
    amin = -(int)(range * res);
    if ((trace != NULL) + (file != NULL) + (still > 0) > 1) ff_die(2, "give one of --trace, --file, --still");
    if (file) build_from_file(file);
    else {
        struct ff_trace tr;
        if (trace) ff_trace_load(trace, &tr);
        else ff_trace_still(&tr, still > 0 ? still : 10, rate > 0 ? rate : 50);
        build_from_trace(&tr, rate, drops, ndrops);
    }
    /* hand the mount point and FUSE options to fuse_main */
    char **fargv = calloc(argc + 2, sizeof *fargv);
    int fargc = 0;
    fargv[fargc++] = argv[0];
    for (; i < argc; i++) fargv[fargc++] = argv[i];
    return fuse_main(fargc, fargv, &ops, NULL);
}

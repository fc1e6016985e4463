/* ff-uhid-accel: a HID sensor hub with one 3D accelerometer, made through /dev/uhid,
 * replaying a trace. The stock kernel drivers (hid-sensor-hub, hid-sensor-accel-3d) turn
 * it into a real buffered IIO device "accel_3d" with a trigger "accel_3d-devN".
 * Adapted from /work/shared/hwsim/uhid-accel.c. See --help and tools/hwsim/README.md.
 * Build: tools/hwsim/build-fixtures.sh */
#include "ff-replay.h"
#include <dirent.h>
#include <fcntl.h>
#include <glob.h>
#include <poll.h>
#include <sys/stat.h>
#include <linux/uhid.h>

static const char usage[] =
"usage: ff-uhid-accel --trace FILE.csv [OPTIONS]\n"
"Creates a HID sensor hub with one 3D accelerometer through /dev/uhid; the kernel's\n"
"hid-sensor-accel-3d driver makes it an IIO device \"accel_3d\" (in_accel_{x,y,z}_raw,\n"
"in_accel_scale, a buffer with 32-bit channels and a timestamp, trigger accel_3d-devN).\n"
"The trace is sent as HID input reports: raw = round(a / (9.80665 * 10^E)) with E the unit\n"
"exponent, so in_accel_scale = 9.80665 * 10^E m/s^2.\n"
"Prints the IIO node (e.g. /dev/iio:device0) on stdout each time the device is created.\n"
"The kernel keeps samples only while a reader has the IIO buffer enabled, so after each\n"
"creation the replay waits until buffer/enable reads 1 and the kernel has powered the\n"
"sensor up (--wait-reader, default 60 s; a raw\n"
"in_accel_*_raw read does not count: it is answered with the current sample and the replay\n"
"does not start). When the host writes in_accel_sampling_frequency (the HID report\n"
"interval, whole milliseconds) the replay is resampled to that rate from then on, as a\n"
"real sensor would change its rate, unless --ignore-interval.\n"
"Exit status: 0 at the end of the trace, 2 for bad arguments or trace, 1 if uhid fails or\n"
"no IIO device appears, 3 if no reader came.\n"
"\n"
"Device:\n"
"  --unit-exponent E    HID unit exponent of the acceleration fields, -4..0 (default -3:\n"
"                       units of 1 mg, scale 0.009806650; -2 gives 0.01 g like the\n"
"                       reference fixture and many laptop sensor hubs)\n"
"  --ignore-interval    keep the replay rate whatever the host asks for\n"
"  --name NAME          HID device name (default \"Footfall hwsim sensor hub\")\n"
"  --hid-timestamps     add a HID timestamp field (microseconds) to each input report: the\n"
"                       kernel then puts it in the IIO timestamp channel instead of the\n"
"                       arrival time. It carries trace time (CLOCK_REALTIME at the first\n"
"                       sample + trace seconds), so at --speed X the timestamps still show\n"
"                       the trace's own rate and cadence, and a gap shows as a jump\n"
FF_COMMON_HELP
"  (defaults: --wait-reader 60 --linger 1: a reader gets the last samples before the\n"
"  device goes; the kernel refuses reads on a removed device even with data queued)\n";

static uint8_t rdesc[] = {
    0x05, 0x20,                   /* Usage Page (Sensor) */
    0x09, 0x73,                   /* Usage (Motion: Accelerometer 3D) */
    0xA1, 0x00,                   /* Collection (Physical) */
    0x85, 0x02,                   /*   Report ID (2): feature report */
    0x0A, 0x0E, 0x03,             /*   Usage (Property: Report Interval) */
    0x15, 0x00,                   /*   Logical Minimum (0) */
    0x27, 0xFF, 0xFF, 0xFF, 0x7F, /*   Logical Maximum (0x7fffffff) */
    0x75, 0x20, 0x95, 0x01,       /*   Report Size (32), Report Count (1) */
    0x55, 0x00,                   /*   Unit Exponent (0) -> milliseconds */
    0xB1, 0x02,                   /*   Feature (Data,Var,Abs) */
    0x0A, 0x16, 0x03,             /*   Usage (Property: Reporting State) */
    0x15, 0x00, 0x25, 0x05,       /*   Logical Min 0, Max 5 */
    0x75, 0x08, 0x95, 0x01,       /*   Report Size (8), Count (1) */
    0xA1, 0x02,                   /*   Collection (Logical) */
    0x0A, 0x40, 0x08, 0x0A, 0x41, 0x08, 0x0A, 0x42, 0x08,
    0x0A, 0x43, 0x08, 0x0A, 0x44, 0x08, 0x0A, 0x45, 0x08,
    0xB1, 0x00,                   /*     Feature (Data,Arr,Abs) */
    0xC0,                         /*   End Collection */
    0x0A, 0x19, 0x03,             /*   Usage (Property: Power State) */
    0x15, 0x00, 0x25, 0x05,
    0x75, 0x08, 0x95, 0x01,
    0xA1, 0x02,                   /*   Collection (Logical) */
    0x0A, 0x50, 0x08, 0x0A, 0x51, 0x08, 0x0A, 0x52, 0x08,
    0x0A, 0x53, 0x08, 0x0A, 0x54, 0x08, 0x0A, 0x55, 0x08,
    0xB1, 0x00,                   /*     Feature (Data,Arr,Abs) */
    0xC0,                         /*   End Collection */
    0x85, 0x01,                   /*   Report ID (1): input report */
    0x17, 0x00, 0x00, 0x00, 0x80, /*   Logical Minimum (-2^31) */
    0x27, 0xFF, 0xFF, 0xFF, 0x7F, /*   Logical Maximum (2^31-1) */
    0x75, 0x20, 0x95, 0x01,       /*   Report Size (32), Count (1) */
    0x55, 0x0D,                   /*   Unit Exponent (-3): 1 mg (patched by --unit-exponent) */
    0x0A, 0x53, 0x04, 0x81, 0x02, /*   Usage (Accel X), Input (Data,Var,Abs) */
    0x0A, 0x54, 0x04, 0x81, 0x02, /*   Usage (Accel Y), Input */
    0x0A, 0x55, 0x04, 0x81, 0x02, /*   Usage (Accel Z), Input */
};
#define RDESC_EXPONENT_AT 0x6f /* offset of the 0x0D above */
/* --hid-timestamps: a 64-bit timestamp in microseconds after Z in the input report; the
 * kernel's hid-sensor-accel-3d then uses it for the IIO timestamp channel */
static const uint8_t rdesc_timestamp[] = {
    0x0A, 0x29, 0x05,             /*   Usage (Time: Timestamp, 0x200529) */
    0x15, 0x00,                   /*   Logical Minimum (0) */
    0x27, 0xFF, 0xFF, 0xFF, 0x7F, /*   Logical Maximum (2^31-1): not checked for this field */
    0x75, 0x40, 0x95, 0x01,       /*   Report Size (64), Count (1) */
    0x55, 0x0A,                   /*   Unit Exponent (-6): microseconds */
    0x81, 0x02,                   /*   Input (Data,Var,Abs) */
};
static const uint8_t rdesc_end[] = { 0xC0 /* End Collection */ };

struct hub {
    int fd;
    const char *name;
    int exponent;
    double unit;            /* m/s^2 per raw unit */
    int ignore_interval;
    uint32_t interval_ms;   /* what the host (or we) last set */
    double host_hz;         /* rate the host asked for, 0 if none */
    uint8_t report_state, power_state;
    int opened, powered;
    int32_t cur[3];
    char node[256], sysdir[512];
    long sent_while_off;    /* samples sent while buffer/enable was 0 */
    int hid_ts;             /* --hid-timestamps */
    int64_t ts_anchor_us;   /* CLOCK_REALTIME microseconds at trace time 0 */
};

static void hub_send(struct hub *h, struct uhid_event *ev) {
    if (write(h->fd, ev, sizeof *ev) != sizeof *ev) ff_die(1, "uhid write: %s", strerror(errno));
}

static void hub_handle(struct hub *h) {
    struct uhid_event ev, r;
    memset(&ev, 0, sizeof ev);
    ssize_t n = read(h->fd, &ev, sizeof ev);
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
    if (n <= 0) ff_die(1, "uhid read: %s", n < 0 ? strerror(errno) : "end of file");
    memset(&r, 0, sizeof r);
    if (getenv("FF_DEBUG")) {
        if (ev.type == UHID_SET_REPORT)
            ff_log("debug: SET_REPORT rnum=%d size=%d data=%02x %02x%02x%02x%02x %02x %02x", ev.u.set_report.rnum, ev.u.set_report.size,
                   ev.u.set_report.data[0], ev.u.set_report.data[1], ev.u.set_report.data[2], ev.u.set_report.data[3],
                   ev.u.set_report.data[4], ev.u.set_report.data[5], ev.u.set_report.data[6]);
        else if (ev.type == UHID_GET_REPORT) ff_log("debug: GET_REPORT rnum=%d rtype=%d", ev.u.get_report.rnum, ev.u.get_report.rtype);
        else ff_log("debug: uhid event %u", ev.type);
    }
    switch (ev.type) {
    case UHID_START: break;
    case UHID_STOP: break;
    case UHID_OPEN: h->opened = 1; h->powered = 0; break;
    case UHID_CLOSE: h->opened = 0; h->powered = 0; break;
    case UHID_GET_REPORT:
        r.type = UHID_GET_REPORT_REPLY;
        r.u.get_report_reply.id = ev.u.get_report.id;
        if (ev.u.get_report.rnum == 2 && ev.u.get_report.rtype == UHID_FEATURE_REPORT) {
            uint8_t *d = r.u.get_report_reply.data;
            d[0] = 2;
            memcpy(d + 1, &h->interval_ms, 4);
            d[5] = h->report_state;
            d[6] = h->power_state;
            r.u.get_report_reply.size = 7;
        } else if (ev.u.get_report.rnum == 1 && ev.u.get_report.rtype == UHID_INPUT_REPORT) {
            r.u.get_report_reply.data[0] = 1;
            memcpy(r.u.get_report_reply.data + 1, h->cur, 12);
            r.u.get_report_reply.size = 13;
        } else {
            r.u.get_report_reply.err = EIO;
        }
        hub_send(h, &r);
        break;
    case UHID_SET_REPORT:
        r.type = UHID_SET_REPORT_REPLY;
        r.u.set_report_reply.id = ev.u.set_report.id;
        if (ev.u.set_report.rnum == 2 && ev.u.set_report.size >= 7) {
            uint32_t iv;
            memcpy(&iv, ev.u.set_report.data + 1, 4);
            if (iv != h->interval_ms && iv > 0) {
                ff_log("host set the report interval to %u ms (%.4g Hz)", iv, 1000.0 / iv);
                h->interval_ms = iv;
                if (!h->ignore_interval) h->host_hz = 1000.0 / iv;
            }
            h->report_state = ev.u.set_report.data[5];
            h->power_state = ev.u.set_report.data[6];
            /* hid-sensor powers a sensor up with hid_hw_open (UHID_OPEN), then marks it
             * ready for data, then writes the power state: after that write the kernel
             * keeps what we send */
            if (h->opened) h->powered = 1;
        } else {
            r.u.set_report_reply.err = EIO;
        }
        hub_send(h, &r);
        break;
    default: break;
    }
}

/* Serve uhid requests until the monotonic instant `until`. */
static void hub_idle(void *vctx, double until) {
    struct hub *h = vctx;
    for (;;) {
        double left = until - ff_now();
        if (left <= 0) return;
        if (h->fd < 0) { ff_sleep_until(until); return; }
        struct pollfd p = { .fd = h->fd, .events = POLLIN };
        int ms = (int)ceil(left * 1000);
        if (poll(&p, 1, ms) > 0) hub_handle(h);
    }
}

static int hub_dirs(char names[][64], int max) {
    int n = 0;
    DIR *d = opendir("/sys/devices/virtual/misc/uhid");
    struct dirent *e;
    while (d && (e = readdir(d)) && n < max)
        if (e->d_name[0] != '.' && strchr(e->d_name, ':')) snprintf(names[n++], 64, "%s", e->d_name);
    if (d) closedir(d);
    return n;
}

static void hub_create(void *vctx, char *node, size_t nodelen) {
    struct hub *h = vctx;
    static char before[256][64], after[256][64];
    int nb = hub_dirs(before, 256);
    h->fd = open("/dev/uhid", O_RDWR | O_CLOEXEC | O_NONBLOCK);
    if (h->fd < 0) ff_die(1, "/dev/uhid: %s", strerror(errno));
    h->opened = h->powered = 0;
    h->power_state = 0;
    h->report_state = 0;
    struct uhid_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = UHID_CREATE2;
    snprintf((char *)ev.u.create2.name, sizeof ev.u.create2.name, "%s", h->name);
    snprintf((char *)ev.u.create2.phys, sizeof ev.u.create2.phys, "ff-uhid-accel/%d", (int)getpid());
    size_t rs = 0;
    memcpy(ev.u.create2.rd_data, rdesc, sizeof rdesc); rs += sizeof rdesc;
    if (h->hid_ts) { memcpy(ev.u.create2.rd_data + rs, rdesc_timestamp, sizeof rdesc_timestamp); rs += sizeof rdesc_timestamp; }
    memcpy(ev.u.create2.rd_data + rs, rdesc_end, sizeof rdesc_end); rs += sizeof rdesc_end;
    ev.u.create2.rd_size = (uint16_t)rs;
    ev.u.create2.bus = 0x03; /* BUS_USB */
    ev.u.create2.vendor = 0x1234;
    ev.u.create2.product = 0x0073;
    hub_send(h, &ev);
    /* the drivers probe asynchronously and ask for feature reports meanwhile */
    h->node[0] = h->sysdir[0] = 0;
    double end = ff_now() + 15;
    while (!h->node[0] && ff_now() < end) {
        hub_idle(h, ff_now() + 0.02);
        int na = hub_dirs(after, 256);
        for (int i = 0; i < na && !h->node[0]; i++) {
            int old = 0;
            for (int j = 0; j < nb && !old; j++) old = !strcmp(after[i], before[j]);
            if (old) continue;
            char pat[400];
            snprintf(pat, sizeof pat, "/sys/devices/virtual/misc/uhid/%s/HID-SENSOR-200073.*/iio:device*", after[i]);
            glob_t g;
            if (glob(pat, 0, NULL, &g) == 0) {
                const char *dev = strrchr(g.gl_pathv[0], '/') + 1;
                char cand[256];
                struct stat sb;
                snprintf(cand, sizeof cand, "/dev/%s", dev);
                if (stat(cand, &sb) == 0) {
                    snprintf(h->node, sizeof h->node, "%s", cand);
                    snprintf(h->sysdir, sizeof h->sysdir, "%s", g.gl_pathv[0]);
                }
            }
            globfree(&g);
        }
    }
    if (!h->node[0]) ff_die(1, "no IIO device appeared for the uhid sensor hub within 15 s "
                               "(are hid-sensor-hub and hid-sensor-accel-3d loaded?)");
    char pat[600], trig[128] = "?";
    snprintf(pat, sizeof pat, "%s/../trigger*/name", h->sysdir);
    glob_t g;
    if (glob(pat, 0, NULL, &g) == 0) {
        FILE *f = fopen(g.gl_pathv[0], "r");
        if (f) { if (fgets(trig, sizeof trig, f)) trig[strcspn(trig, "\n")] = 0; fclose(f); }
    }
    globfree(&g);
    ff_log("IIO device %s, trigger %s, scale %.9f m/s^2 a unit", h->sysdir, trig, h->unit);
    snprintf(node, nodelen, "%s", h->node);
}

static void hub_destroy(void *vctx) {
    struct hub *h = vctx;
    if (h->fd < 0) return;
    struct uhid_event ev = { .type = UHID_DESTROY };
    hub_send(h, &ev);
    close(h->fd);
    h->fd = -1;
    h->opened = h->powered = 0;
    h->power_state = 0;
}

/* buffer/enable of our IIO device reads 1 */
static int hub_buffer_enabled(const struct hub *h) {
    char p[600], v[8] = "";
    snprintf(p, sizeof p, "%s/buffer/enable", h->sysdir);
    FILE *f = fopen(p, "r");
    if (!f) return 0;
    if (!fgets(v, sizeof v, f)) v[0] = 0;
    fclose(f);
    return v[0] == '1';
}

static int hub_wait_reader(void *vctx, double timeout) {
    struct hub *h = vctx;
    /* a reader: the IIO buffer is enabled (visible in sysfs a little before the kernel
     * takes data) and the sensor has been powered up (after which it does) */
    for (double end = ff_now() + timeout; !(hub_buffer_enabled(h) && h->powered);) {
        if (ff_now() > end) return 0;
        hub_idle(h, ff_now() + 0.02);
    }
    return 1;
}

static void hub_emit(void *vctx, const struct ff_sample *s) {
    struct hub *h = vctx;
    for (int k = 0; k < 3; k++) {
        double v = llround(s->a[k] / h->unit);
        if (v > 2147483647.0) v = 2147483647.0;
        if (v < -2147483648.0) v = -2147483648.0;
        h->cur[k] = (int32_t)v;
    }
    if (!hub_buffer_enabled(h)) h->sent_while_off++;
    struct uhid_event ev = { .type = UHID_INPUT2 };
    ev.u.input2.size = 13;
    ev.u.input2.data[0] = 1;
    memcpy(ev.u.input2.data + 1, h->cur, 12);
    if (h->hid_ts) {
        /* trace time, anchored to CLOCK_REALTIME when the replay started */
        if (h->ts_anchor_us < 0) {
            struct timespec rt;
            clock_gettime(CLOCK_REALTIME, &rt);
            h->ts_anchor_us = (int64_t)rt.tv_sec * 1000000 + rt.tv_nsec / 1000 - llround(s->t * 1e6);
        }
        int64_t us = h->ts_anchor_us + llround(s->t * 1e6);
        memcpy(ev.u.input2.data + 13, &us, 8);
        ev.u.input2.size = 21;
    }
    hub_send(h, &ev);
}

static double hub_host_rate(void *vctx) { return ((struct hub *)vctx)->host_hz; }

int main(int argc, char **argv) {
    ff_prog = "ff-uhid-accel";
    struct ff_opts o = { .speed = 1, .wait_reader = 60, .linger = 1, .max_lag = 0.1 };
    struct hub h = { .fd = -1, .name = "Footfall hwsim sensor hub", .exponent = -3, .ts_anchor_us = -1 };
    static const struct option lo[] = {
        FF_COMMON_LONGOPTS,
        { "unit-exponent", required_argument, 0, 2001 },
        { "ignore-interval", no_argument, 0, 2002 },
        { "name", required_argument, 0, 2003 },
        { "hid-timestamps", no_argument, 0, 2004 },
        { 0, 0, 0, 0 },
    };
    int c;
    while ((c = getopt_long(argc, argv, "qh", lo, NULL)) != -1) {
        if (ff_common_opt(&o, c, optarg)) continue;
        switch (c) {
        case 'h': fputs(usage, stdout); return 0;
        case 2001:
            h.exponent = (int)ff_num("unit-exponent", optarg, -4);
            if (h.exponent > 0) ff_die(2, "--unit-exponent: -4..0");
            break;
        case 2002: h.ignore_interval = 1; break;
        case 2003: h.name = optarg; break;
        case 2004: h.hid_ts = 1; break;
        default: fputs(usage, stderr); return 2;
        }
    }
    if (optind < argc) ff_die(2, "unexpected argument '%s' (see --help)", argv[optind]);
    if (rdesc[RDESC_EXPONENT_AT - 1] != 0x55 || rdesc[RDESC_EXPONENT_AT] != 0x0D) ff_die(1, "internal: descriptor offset");
    rdesc[RDESC_EXPONENT_AT] = (uint8_t)(h.exponent & 0x0F);
    h.unit = FF_G * pow(10, h.exponent);
    struct ff_trace tr;
    ff_opts_finish(&o, &tr);
    double hz = o.rate > 0 ? o.rate : 1.0 / ff_trace_median_dt(&tr);
    h.interval_ms = (uint32_t)lround(1000.0 / hz);
    if (h.interval_ms < 1) h.interval_ms = 1;
    for (int k = 0; k < 3; k++) h.cur[k] = (int32_t)llround(tr.a[k] / h.unit);
    ff_log("trace %s: %zu samples, %.3f s; unit 10^%d g = %.9f m/s^2; report interval %u ms; %s, speed %g",
           o.trace ? o.trace : "(still)", tr.n, tr.t[tr.n - 1] - tr.t[0], h.exponent, h.unit, h.interval_ms,
           o.rate > 0 ? "resampled" : "trace timestamps", o.speed);
    struct ff_device d = { &h, hub_create, hub_destroy, hub_wait_reader, hub_emit, hub_idle, hub_host_rate };
    ff_replay(&o, &tr, &d);
    if (h.sent_while_off) ff_log("%ld samples were sent while the IIO buffer was disabled (the kernel drops them)", h.sent_while_off);
    return 0;
}

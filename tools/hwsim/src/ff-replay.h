/* ff-replay.h: what ff-uinput-accel and ff-uhid-accel share: reading a trace in the
 * project's CSV format (docs/traces.md), the replay clock (real time, --speed, --rate
 * resampling, gaps), the ready file, and the options that go with them.
 *
 * A device implements struct ff_device; ff_replay() drives it:
 *   create -> announce (node on stdout, ready file) -> wait for a reader -> emit samples at
 *   their times -> [gap: destroy, wait, create, announce, wait for a reader] -> ... -> linger
 *   -> destroy.
 */
#ifndef FF_REPLAY_H
#define FF_REPLAY_H
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#pragma GCC diagnostic ignored "-Wunused-function"

#define FF_G 9.80665 /* standard gravity, m/s^2 per g */
#define FF_MAX_GAPS 16

static const char *ff_prog = "ff";
static int ff_quiet;

static void ff_log(const char *fmt, ...) {
    if (ff_quiet) return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", ff_prog);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static void ff_die(int status, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", ff_prog);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(status);
}

static double ff_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void ff_sleep_until(double when) {
    double left = when - ff_now();
    if (left <= 0) return;
    struct timespec ts = { (time_t)when, (long)((when - floor(when)) * 1e9) };
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {}
}

/* ---- trace ------------------------------------------------------------------------ */

struct ff_trace {
    double *t;  /* seconds, non-decreasing */
    double *a;  /* 3 per sample, m/s^2 including gravity */
    size_t n;
};

static char *ff_trim(char *s) {
    while (*s == ' ' || *s == '\t') s++;
    char *e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r')) *--e = 0;
    return s;
}

/* Reads NAME.csv (header t,ax,ay,az). Exits with status 2 and "path:line: problem" on
 * anything docs/traces.md says a reader refuses. */
static void ff_trace_load(const char *path, struct ff_trace *tr) {
    FILE *f = fopen(path, "r");
    if (!f) ff_die(2, "%s: cannot read the trace: %s", path, strerror(errno));
    size_t cap = 1024, n = 0;
    tr->t = malloc(cap * sizeof(double));
    tr->a = malloc(cap * 3 * sizeof(double));
    char *line = NULL;
    size_t len = 0;
    long lineno = 0;
    int header = 0;
    while (getline(&line, &len, f) >= 0) {
        lineno++;
        char *l = line;
        l[strcspn(l, "\n")] = 0;
        if (lineno == 1 && (unsigned char)l[0] == 0xEF && (unsigned char)l[1] == 0xBB && (unsigned char)l[2] == 0xBF) l += 3;
        l = ff_trim(l);
        if (!*l) continue;
        if (!header) {
            char norm[64];
            size_t k = 0;
            for (char *p = l; *p && k < sizeof norm - 1; p++) if (*p != ' ' && *p != '\t') norm[k++] = *p;
            norm[k] = 0;
            if (strcmp(norm, "t,ax,ay,az")) ff_die(2, "%s:%ld: expected the header 't,ax,ay,az', found '%s'", path, lineno, l);
            header = 1;
            continue;
        }
        double v[4];
        int fields = 1;
        for (char *p = l; *p; p++) fields += *p == ',';
        if (fields != 4) ff_die(2, "%s:%ld: expected 4 fields (t,ax,ay,az), found %d", path, lineno, fields);
        static const char *names[4] = { "t", "ax", "ay", "az" };
        char *save = NULL, *tok = strtok_r(l, ",", &save);
        for (int i = 0; i < 4; i++) {
            if (!tok) ff_die(2, "%s:%ld: expected 4 fields (t,ax,ay,az)", path, lineno);
            char *s = ff_trim(tok), *end;
            errno = 0;
            v[i] = strtod(s, &end);
            if (!*s || *ff_trim(end)) ff_die(2, "%s:%ld: field '%s' is not a number: '%s'", path, lineno, names[i], s);
            if (!isfinite(v[i])) ff_die(2, "%s:%ld: field '%s' is not a finite number (NaN or infinity)", path, lineno, names[i]);
            tok = strtok_r(NULL, ",", &save);
        }
        if (n > 0 && v[0] < tr->t[n - 1])
            ff_die(2, "%s:%ld: time goes backwards: %g s after %g s; samples must be in time order", path, lineno, v[0], tr->t[n - 1]);
        if (n == cap) {
            cap *= 2;
            tr->t = realloc(tr->t, cap * sizeof(double));
            tr->a = realloc(tr->a, cap * 3 * sizeof(double));
        }
        tr->t[n] = v[0];
        memcpy(tr->a + 3 * n, v + 1, 3 * sizeof(double));
        n++;
    }
    free(line);
    fclose(f);
    if (!header) ff_die(2, "%s: the file is empty; a trace starts with the header line 't,ax,ay,az'", path);
    if (!n) ff_die(2, "%s: the trace has a header but no samples", path);
    tr->n = n;
}

/* A device lying flat and still for `secs` seconds at `rate` Hz. */
static void ff_trace_still(struct ff_trace *tr, double secs, double rate) {
    size_t n = (size_t)(secs * rate) + 1;
    tr->t = malloc(n * sizeof(double));
    tr->a = malloc(n * 3 * sizeof(double));
    for (size_t i = 0; i < n; i++) {
        tr->t[i] = i / rate;
        tr->a[3 * i] = 0; tr->a[3 * i + 1] = 0; tr->a[3 * i + 2] = FF_G;
    }
    tr->n = n;
}

/* Linear interpolation at time t (clamped to the ends); *cursor speeds up forward scans. */
static void ff_trace_at(const struct ff_trace *tr, double t, size_t *cursor, double out[3]) {
    size_t j = *cursor < tr->n ? *cursor : 0;
    if (j > 0 && tr->t[j] > t) j = 0;
    while (j + 1 < tr->n && tr->t[j + 1] <= t) j++;
    *cursor = j;
    if (j + 1 >= tr->n || t <= tr->t[j]) { memcpy(out, tr->a + 3 * j, 3 * sizeof(double)); return; }
    double t0 = tr->t[j], t1 = tr->t[j + 1];
    double w = t1 > t0 ? (t - t0) / (t1 - t0) : 1.0;
    for (int k = 0; k < 3; k++) out[k] = tr->a[3 * j + k] * (1 - w) + tr->a[3 * (j + 1) + k] * w;
}

static int ff_cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median interval between samples (for devices that must announce a rate). */
static double ff_trace_median_dt(const struct ff_trace *tr) {
    if (tr->n < 2) return 0.02;
    size_t m = tr->n - 1;
    double *d = malloc(m * sizeof(double));
    for (size_t i = 0; i < m; i++) d[i] = tr->t[i + 1] - tr->t[i];
    qsort(d, m, sizeof(double), ff_cmp_double);
    double r = d[m / 2];
    free(d);
    return r > 0 ? r : 0.02;
}

/* ---- options shared by the fixtures ------------------------------------------------ */

struct ff_opts {
    const char *trace;
    double still;        /* --still SECONDS instead of a trace */
    double speed;        /* 1 = real time, 0 = as fast as possible */
    double rate;         /* 0 = the trace's own timestamps */
    struct { double at, len; } gaps[FF_MAX_GAPS];
    int ngaps, ngap_for;
    int gap_pause;       /* 1: the trace pauses during a gap; 0: its samples are lost */
    const char *ready_file;
    double linger;
    double wait_reader;  /* seconds; < 0: do not wait */
    double start_delay;  /* seconds between announcing and streaming when not waiting */
    double max_lag;      /* seconds behind schedule before the schedule shifts */
};

#define FF_COMMON_LONGOPTS                                     \
    { "trace", required_argument, 0, 1001 },                   \
    { "still", required_argument, 0, 1002 },                   \
    { "speed", required_argument, 0, 1003 },                   \
    { "rate", required_argument, 0, 1004 },                    \
    { "gap-at", required_argument, 0, 1005 },                  \
    { "gap-for", required_argument, 0, 1006 },                 \
    { "gap-pause", no_argument, 0, 1007 },                     \
    { "ready-file", required_argument, 0, 1008 },              \
    { "linger", required_argument, 0, 1009 },                  \
    { "wait-reader", required_argument, 0, 1010 },             \
    { "no-wait", no_argument, 0, 1011 },                       \
    { "start-delay", required_argument, 0, 1012 },             \
    { "max-lag", required_argument, 0, 1013 },                 \
    { "quiet", no_argument, 0, 'q' },                          \
    { "help", no_argument, 0, 'h' }

#define FF_COMMON_HELP \
"Trace and timing:\n" \
"  --trace FILE.csv     trace to replay (header t,ax,ay,az; seconds, m/s^2 with gravity)\n" \
"  --still SECONDS      instead of a trace: lie flat and still (0, 0, +1 g) that long\n" \
"  --speed X            replay X times faster than real time (default 1; 0 = no pacing)\n" \
"  --rate HZ            resample the trace to HZ by linear interpolation (default: emit\n" \
"                       the trace's own samples at their own times)\n" \
"  --gap-at T           destroy the device when the replay reaches T s after the trace's\n" \
"                       first sample ...\n" \
"  --gap-for D          ... and recreate it (same name and properties) D trace-seconds\n" \
"                       later (D/X seconds of wall time at --speed X). Repeatable pairs.\n" \
"                       The trace's samples inside the gap are lost, as in a real unplug,\n" \
"                       unless --gap-pause: the trace then resumes where it stopped.\n" \
"  --ready-file PATH    once the device exists, write its node path (one line) to PATH\n" \
"                       (atomically); removed while the device is gone and at exit\n" \
"  --wait-reader S      after each creation wait up to S s for a reader before streaming\n" \
"  --no-wait            stream at once (after --start-delay S, default 0)\n" \
"  --linger S           keep the device S seconds after the trace ends\n" \
"  --max-lag S          when the replay falls more than S s behind its schedule (a stalled\n" \
"                       machine), shift the schedule rather than send the missed samples\n" \
"                       in a burst (default 0.1)\n" \
"  -q, --quiet          no progress messages on stderr\n" \
"  -h, --help           this text\n"

static double ff_num(const char *opt, const char *arg, double min) {
    char *end;
    double v = strtod(arg, &end);
    if (!*arg || *end || !isfinite(v) || v < min) ff_die(2, "--%s: bad value '%s'", opt, arg);
    return v;
}

/* Returns 1 if c was a shared option. */
static int ff_common_opt(struct ff_opts *o, int c, const char *arg) {
    switch (c) {
    case 1001: o->trace = arg; return 1;
    case 1002: o->still = ff_num("still", arg, 0); return 1;
    case 1003: o->speed = ff_num("speed", arg, 0); return 1;
    case 1004: o->rate = ff_num("rate", arg, 0.001); return 1;
    case 1005:
        if (o->ngaps == FF_MAX_GAPS) ff_die(2, "at most %d gaps", FF_MAX_GAPS);
        o->gaps[o->ngaps].at = ff_num("gap-at", arg, -1e18);
        o->gaps[o->ngaps].len = -1;
        o->ngaps++;
        return 1;
    case 1006:
        if (o->ngap_for >= o->ngaps) ff_die(2, "--gap-for must follow a --gap-at");
        o->gaps[o->ngap_for++].len = ff_num("gap-for", arg, 0);
        return 1;
    case 1007: o->gap_pause = 1; return 1;
    case 1008: o->ready_file = arg; return 1;
    case 1009: o->linger = ff_num("linger", arg, 0); return 1;
    case 1010: o->wait_reader = ff_num("wait-reader", arg, 0); return 1;
    case 1011: o->wait_reader = -1; return 1;
    case 1012: o->start_delay = ff_num("start-delay", arg, 0); return 1;
    case 1013: o->max_lag = ff_num("max-lag", arg, 0); return 1;
    case 'q': ff_quiet = 1; return 1;
    }
    return 0;
}

static void ff_opts_finish(struct ff_opts *o, struct ff_trace *tr) {
    if (o->ngaps != o->ngap_for) ff_die(2, "every --gap-at needs a --gap-for");
    for (int i = 1; i < o->ngaps; i++)
        if (o->gaps[i].at < o->gaps[i - 1].at + o->gaps[i - 1].len) ff_die(2, "gaps must be in order and not overlap");
    if (o->trace && o->still > 0) ff_die(2, "--trace and --still exclude each other");
    if (o->trace) ff_trace_load(o->trace, tr);
    else if (o->still > 0) ff_trace_still(tr, o->still, o->rate > 0 ? o->rate : 50);
    else ff_die(2, "give --trace FILE.csv or --still SECONDS (see --help)");
}

/* ---- ready file, signals ----------------------------------------------------------- */

static const char *ff_ready_path;

static void ff_ready_write(const char *node) {
    if (!ff_ready_path) return;
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp%d", ff_ready_path, (int)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f) ff_die(1, "%s: %s", tmp, strerror(errno));
    fprintf(f, "%s\n", node);
    if (fclose(f) || rename(tmp, ff_ready_path)) ff_die(1, "%s: %s", ff_ready_path, strerror(errno));
}

static void ff_ready_remove(void) {
    if (ff_ready_path) unlink(ff_ready_path);
}

static void ff_on_signal(int sig) {
    if (ff_ready_path) unlink(ff_ready_path);
    /* closing /dev/uinput or /dev/uhid (at exit) destroys the device */
    _exit(128 + sig);
}

static void ff_install_signals(void) {
    struct sigaction sa = { .sa_handler = ff_on_signal };
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

/* ---- replay ------------------------------------------------------------------------ */

struct ff_sample {
    double t;    /* trace time, s */
    double a[3]; /* m/s^2 */
    long index;  /* emitted so far on this replay */
};

struct ff_device {
    void *ctx;
    /* create the device; write its node path (e.g. /dev/input/event3) into node */
    void (*create)(void *ctx, char *node, size_t nodelen);
    void (*destroy)(void *ctx);
    /* wait up to `timeout` s for a reader; return 1 if one is there */
    int (*wait_reader)(void *ctx, double timeout);
    void (*emit)(void *ctx, const struct ff_sample *s);
    /* pass the time until the monotonic instant `until` (serve requests meanwhile) */
    void (*idle)(void *ctx, double until);
    /* a rate the host asked for (Hz), or 0 */
    double (*host_rate)(void *ctx);
};

struct ff_stats { long emitted, lost_in_gaps, recreated, stalls; double stalled; };

static void ff_bring_up(const struct ff_opts *o, struct ff_device *d, const char *why) {
    char node[256] = "";
    d->create(d->ctx, node, sizeof node);
    printf("%s\n", node);
    fflush(stdout);
    ff_ready_write(node);
    ff_log("%s %s", why, node);
    if (o->wait_reader >= 0) {
        ff_log("waiting up to %g s for a reader", o->wait_reader);
        if (!d->wait_reader(d->ctx, o->wait_reader)) {
            d->destroy(d->ctx);
            ff_ready_remove();
            ff_die(3, "no reader opened %s within %g s (--wait-reader)", node, o->wait_reader);
        }
        ff_log("reader present, streaming");
    } else if (o->start_delay > 0) {
        d->idle(d->ctx, ff_now() + o->start_delay);
    }
}

static struct ff_stats ff_replay(const struct ff_opts *o, const struct ff_trace *tr, struct ff_device *d) {
    struct ff_stats st = { 0, 0, 0, 0, 0 };
    ff_ready_path = o->ready_file;
    ff_install_signals();
    const double eps = 1e-9, tstart = tr->t[0], tend = tr->t[tr->n - 1];
    size_t cursor = 0, idx = 0;  /* idx: next native sample */
    double rate = o->rate;       /* 0: the trace's own timestamps */
    double base = tstart;        /* resampling grid: t = base + k / rate */
    long k = 0;
    double t = tstart;
    int gap = 0;
    ff_bring_up(o, d, "created");
    double wall0 = ff_now(), trace0 = t;
    for (;;) {
        double hr = d->host_rate ? d->host_rate(d->ctx) : 0;
        if (hr > 0 && fabs(hr - rate) > 1e-9) {
            ff_log("host asked for %.4g Hz: resampling the trace to that rate from t=%.3f s", hr, t - tstart);
            rate = hr; base = t; k = 0;
        }
        if (t > tend + eps) break;
        if (gap < o->ngaps && t - tstart >= o->gaps[gap].at - eps) {
            double len = o->gaps[gap].len;
            double resume = tstart + o->gaps[gap].at + len; /* a sample at exactly this time is kept */
            ff_log("gap: destroying the device at trace time %.3f s for %g s", t - tstart, len);
            d->destroy(d->ctx);
            ff_ready_remove();
            d->idle(d->ctx, ff_now() + (o->speed > 0 ? len / o->speed : len));
            ff_bring_up(o, d, "recreated");
            st.recreated++;
            if (!o->gap_pause) {
                if (rate > 0) {
                    while (t < resume - eps) { st.lost_in_gaps++; t = base + ++k / rate; }
                } else {
                    while (idx < tr->n && tr->t[idx] < resume - eps) { idx++; st.lost_in_gaps++; }
                    if (idx >= tr->n) break;
                    t = tr->t[idx];
                }
            }
            wall0 = ff_now(); trace0 = t;
            gap++;
            continue;
        }
        if (o->speed > 0) {
            double due = wall0 + (t - trace0) / o->speed, late = ff_now() - due;
            if (late > o->max_lag) {
                /* the machine stalled (TCG under load): shift the schedule instead of
                 * bursting the missed samples, which would overflow evdev's buffer */
                wall0 += late; due += late;
                st.stalls++; st.stalled += late;
            }
            d->idle(d->ctx, due);
        }
        struct ff_sample s = { .t = t, .index = st.emitted };
        if (rate > 0) ff_trace_at(tr, t, &cursor, s.a);
        else memcpy(s.a, tr->a + 3 * idx, sizeof s.a);
        d->emit(d->ctx, &s);
        st.emitted++;
        if (rate > 0) {
            t = base + ++k / rate;
        } else {
            idx++;
            if (idx >= tr->n) break;
            t = tr->t[idx];
        }
    }
    ff_log("trace done: %ld samples emitted, %ld lost in gaps, recreated %ld times", st.emitted, st.lost_in_gaps, st.recreated);
    if (st.stalls)
        ff_log("fell behind by more than %g s %ld times (%.3f s in all): the replay waited instead of bursting",
               o->max_lag, st.stalls, st.stalled);
    if (o->linger > 0) d->idle(d->ctx, ff_now() + o->linger);
    d->destroy(d->ctx);
    ff_ready_remove();
    return st;
}

#endif

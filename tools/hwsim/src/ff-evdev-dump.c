/* ff-evdev-dump: read an evdev accelerometer through libevdev and print one line per
 * SYN_REPORT. A checking tool for the hwsim self-test and for people; see --help. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <libevdev/libevdev.h>

static const char usage[] =
"usage: ff-evdev-dump [OPTIONS] NODE\n"
"Opens NODE (e.g. /dev/input/event3) with libevdev, prints a header line\n"
"  # name='...' accelerometer=1 abs=XYZ res=256,256,256 min=-2048 max=2047 msc_timestamp=0\n"
"then one line per SYN_REPORT with the state of the axes (an axis that did not change is\n"
"not repeated by the kernel; the last value is kept):\n"
"  SECONDS X Y Z [MSC_TIMESTAMP]      (event time from the kernel; raw device units)\n"
"SYN_DROPPED is handled with libevdev's sync mode and reported as '# SYN_DROPPED'.\n"
"  --count N          stop after N samples (exit 1 if fewer arrived)\n"
"  --timeout S        stop when nothing arrives for S seconds (default 5)\n"
"  --si               print m/s^2 (value / resolution * 9.80665) instead of raw units\n"
"  --follow FILE      when the device goes away (ENODEV), print '# gone', wait for FILE\n"
"                     (an ff-*-accel --ready-file) to name a node again, reopen it and print\n"
"                     '# reopened NODE'; the sample count continues (waits --timeout)\n"
"  --clock monotonic  ask for CLOCK_MONOTONIC event times (default: the kernel's realtime)\n"
"  -h, --help         this text\n";

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }

static struct libevdev *open_dev(const char *node, int *fdp, int monotonic) {
    int fd = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) { fprintf(stderr, "ff-evdev-dump: %s: %s\n", node, strerror(errno)); return NULL; }
    struct libevdev *d;
    int rc = libevdev_new_from_fd(fd, &d);
    if (rc < 0) { fprintf(stderr, "ff-evdev-dump: %s: libevdev: %s\n", node, strerror(-rc)); close(fd); return NULL; }
    if (monotonic) libevdev_set_clock_id(d, CLOCK_MONOTONIC);
    *fdp = fd;
    return d;
}

static int read_ready(const char *file, char *node, size_t len) {
    FILE *f = fopen(file, "r");
    if (!f) return 0;
    int ok = fgets(node, (int)len, f) != NULL;
    fclose(f);
    node[strcspn(node, "\n")] = 0;
    return ok && node[0];
}

int main(int argc, char **argv) {
    long count = -1;
    double timeout = 5;
    int si = 0, monotonic = 0;
    const char *follow = NULL;
    static const struct option lo[] = {
        { "count", required_argument, 0, 'n' }, { "timeout", required_argument, 0, 't' },
        { "si", no_argument, 0, 's' }, { "follow", required_argument, 0, 'f' },
        { "clock", required_argument, 0, 'c' }, { "help", no_argument, 0, 'h' }, { 0, 0, 0, 0 },
    };
    int c;
    while ((c = getopt_long(argc, argv, "n:t:sf:c:h", lo, NULL)) != -1) {
        switch (c) {
        case 'n': count = atol(optarg); break;
        case 't': timeout = atof(optarg); break;
        case 's': si = 1; break;
        case 'f': follow = optarg; break;
        case 'c': monotonic = !strcmp(optarg, "monotonic"); break;
        case 'h': fputs(usage, stdout); return 0;
        default: fputs(usage, stderr); return 2;
        }
    }
    if (optind != argc - 1) { fputs(usage, stderr); return 2; }
    char node[256];
    snprintf(node, sizeof node, "%s", argv[optind]);
    int fd;
    struct libevdev *d = open_dev(node, &fd, monotonic);
    if (!d) return 2;
    int res[3], msc = libevdev_has_event_code(d, EV_MSC, MSC_TIMESTAMP);
    for (int k = 0; k < 3; k++) res[k] = libevdev_get_abs_resolution(d, ABS_X + k);
    printf("# name='%s' accelerometer=%d abs=%s%s%s res=%d,%d,%d min=%d max=%d msc_timestamp=%d\n",
           libevdev_get_name(d), libevdev_has_property(d, INPUT_PROP_ACCELEROMETER),
           libevdev_has_event_code(d, EV_ABS, ABS_X) ? "X" : "", libevdev_has_event_code(d, EV_ABS, ABS_Y) ? "Y" : "",
           libevdev_has_event_code(d, EV_ABS, ABS_Z) ? "Z" : "", res[0], res[1], res[2],
           libevdev_get_abs_minimum(d, ABS_X), libevdev_get_abs_maximum(d, ABS_X), msc);
    fflush(stdout);
    int cur[3], mscv = 0;
    for (int k = 0; k < 3; k++) cur[k] = libevdev_get_event_value(d, EV_ABS, ABS_X + k);
    long got = 0, dropped = 0;
    double last = now();
    while (count < 0 || got < count) {
        struct input_event ev;
        int rc = libevdev_next_event(d, LIBEVDEV_READ_FLAG_NORMAL, &ev);
        if (rc == LIBEVDEV_READ_STATUS_SYNC) {
            printf("# SYN_DROPPED\n");
            dropped++;
            while (rc == LIBEVDEV_READ_STATUS_SYNC) {
                if (ev.type == EV_ABS && ev.code <= ABS_Z) cur[ev.code] = ev.value;
                rc = libevdev_next_event(d, LIBEVDEV_READ_FLAG_SYNC, &ev);
            }
            continue;
        }
        if (rc == -EAGAIN) {
            double left = last + timeout - now();
            if (left <= 0) break;
            struct pollfd p = { fd, POLLIN, 0 };
            poll(&p, 1, (int)(left * 1000) + 1);
            continue;
        }
        if (rc == -ENODEV && follow) {
            printf("# gone\n");
            fflush(stdout);
            libevdev_free(d);
            close(fd);
            d = NULL;
            double end = now() + timeout;
            char old[256];
            snprintf(old, sizeof old, "%s", node);
            while (!d && now() < end) {
                usleep(20000);
                /* the ready file is removed while the device is gone, then rewritten */
                if (read_ready(follow, node, sizeof node) && access(node, R_OK) == 0) d = open_dev(node, &fd, monotonic);
            }
            if (!d) { fprintf(stderr, "ff-evdev-dump: the device did not come back\n"); break; }
            printf("# reopened %s%s\n", node, strcmp(old, node) ? " (new node)" : " (same node)");
            fflush(stdout);
            for (int k = 0; k < 3; k++) cur[k] = libevdev_get_event_value(d, EV_ABS, ABS_X + k);
            last = now();
            continue;
        }
        if (rc < 0) { fprintf(stderr, "ff-evdev-dump: read: %s\n", strerror(-rc)); break; }
        last = now();
        if (ev.type == EV_ABS && ev.code <= ABS_Z) cur[ev.code] = ev.value;
        else if (ev.type == EV_MSC && ev.code == MSC_TIMESTAMP) mscv = ev.value;
        else if (ev.type == EV_SYN && ev.code == SYN_REPORT) {
            printf("%ld.%06ld", (long)ev.input_event_sec, (long)ev.input_event_usec);
            for (int k = 0; k < 3; k++) {
                if (si) printf(" %.4f", res[k] ? (double)cur[k] / res[k] * 9.80665 : (double)cur[k]);
                else printf(" %d", cur[k]);
            }
            if (msc) printf(" %u", (unsigned)mscv);
            printf("\n");
            got++;
        }
    }
    fflush(stdout);
    fprintf(stderr, "ff-evdev-dump: %ld samples, %ld SYN_DROPPED\n", got, dropped);
    if (d) libevdev_free(d);
    return (count < 0 || got >= count) ? 0 : 1;
}

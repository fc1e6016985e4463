// libevdev (Debian: libevdev-dev), the library the evdev adapter reads input devices through.
#ifndef FOOTFALL_CFOOTFALLEVDEV_SHIM_H
#define FOOTFALL_CFOOTFALLEVDEV_SHIM_H
#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <linux/input-event-codes.h>
#include <sys/ioctl.h>

// Macros Swift cannot import, as inline functions.
static inline unsigned long footfall_evdev_property_accelerometer(void) { return INPUT_PROP_ACCELEROMETER; }
static inline int footfall_evdev_read_flag_normal(void) { return LIBEVDEV_READ_FLAG_NORMAL; }
static inline int footfall_evdev_read_flag_sync(void) { return LIBEVDEV_READ_FLAG_SYNC; }
static inline int footfall_evdev_read_flag_blocking(void) { return LIBEVDEV_READ_FLAG_BLOCKING; }
static inline int footfall_evdev_status_success(void) { return LIBEVDEV_READ_STATUS_SUCCESS; }
static inline int footfall_evdev_status_sync(void) { return LIBEVDEV_READ_STATUS_SYNC; }
#endif

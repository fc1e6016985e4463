// libsystemd (Debian: libsystemd-dev): sd-bus, the D-Bus library footfalld exports its
// interface through (connection, name, object vtable, messages, sender credentials), and
// sd-daemon's notifications to the service manager (sd_notify, sd_watchdog_enabled).
#ifndef FOOTFALL_CFOOTFALLSYSTEMD_SHIM_H
#define FOOTFALL_CFOOTFALLSYSTEMD_SHIM_H
#include <string.h>
#include <sys/eventfd.h>
#include <systemd/sd-bus.h>
#include <systemd/sd-daemon.h>

// The vtable macros (SD_BUS_VTABLE_START, SD_BUS_METHOD_WITH_NAMES, ...) build a struct with
// an anonymous union and bit fields that Swift cannot write, as inline functions. Every
// entry is zeroed first: sd-bus requires the unused parts of the union to be zero.

static inline sd_bus_vtable footfall_bus_vtable_start(void) {
        sd_bus_vtable entry;
        memset(&entry, 0, sizeof(entry));
        entry.type = _SD_BUS_VTABLE_START;
        entry.x.start.element_size = sizeof(sd_bus_vtable);
        entry.x.start.features = _SD_BUS_VTABLE_PARAM_NAMES;
        entry.x.start.vtable_format_reference = &sd_bus_object_vtable_format;
        return entry;
}

static inline sd_bus_vtable footfall_bus_vtable_end(void) {
        sd_bus_vtable entry;
        memset(&entry, 0, sizeof(entry));
        entry.type = _SD_BUS_VTABLE_END;
        return entry;
}

/// A method: `names` holds the input then the output argument names, each ending in a NUL.
static inline sd_bus_vtable footfall_bus_vtable_method(const char *member, const char *signature, const char *result,
                                                      const char *names, sd_bus_message_handler_t handler) {
        sd_bus_vtable entry;
        memset(&entry, 0, sizeof(entry));
        entry.type = _SD_BUS_VTABLE_METHOD;
        // Access is decided by the handler (the caller's uid as the bus reports it), not by
        // sd-bus's default of CAP_SYS_ADMIN on an untrusted (system) bus.
        entry.flags = SD_BUS_VTABLE_UNPRIVILEGED;
        entry.x.method.member = member;
        entry.x.method.signature = signature;
        entry.x.method.result = result;
        entry.x.method.handler = handler;
        entry.x.method.names = names;
        return entry;
}

/// A signal: `names` holds the argument names, each ending in a NUL.
static inline sd_bus_vtable footfall_bus_vtable_signal(const char *member, const char *signature, const char *names) {
        sd_bus_vtable entry;
        memset(&entry, 0, sizeof(entry));
        entry.type = _SD_BUS_VTABLE_SIGNAL;
        entry.x.signal.member = member;
        entry.x.signal.signature = signature;
        entry.x.signal.names = names;
        return entry;
}

/// A read-only property whose changes are announced with PropertiesChanged (with its value).
static inline sd_bus_vtable footfall_bus_vtable_property(const char *member, const char *signature,
                                                        sd_bus_property_get_t getter, int constant) {
        sd_bus_vtable entry;
        memset(&entry, 0, sizeof(entry));
        entry.type = _SD_BUS_VTABLE_PROPERTY;
        entry.flags = constant ? SD_BUS_VTABLE_PROPERTY_CONST : SD_BUS_VTABLE_PROPERTY_EMITS_CHANGE;
        entry.x.property.member = member;
        entry.x.property.signature = signature;
        entry.x.property.get = getter;
        return entry;
}

// sd_bus_error is initialised with a macro.
static inline sd_bus_error footfall_bus_error_null(void) {
        sd_bus_error error = SD_BUS_ERROR_NULL;
        return error;
}

// Credential masks are enum values Swift imports, but spelled as one here for the sender check.
static inline uint64_t footfall_bus_creds_uid_mask(void) {
        return SD_BUS_CREDS_UID | SD_BUS_CREDS_EUID | SD_BUS_CREDS_AUGMENT;
}

// The eventfd that wakes the bus thread (Swift's Glibc module does not export eventfd.h).
static inline int footfall_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }
#endif

#include "CFootfallConcurrencyHook.h"

// Weak: with a shared runtime the reference goes through the GOT (no copy relocation of the
// runtime's protected symbol), and a runtime without the hook gives NULL instead of failing
// to link.
extern void *swift_task_enqueueGlobal_hook __attribute__((weak));

void **footfall_swift_task_enqueue_global_hook(void) {
    return &swift_task_enqueueGlobal_hook;
}

// Where Swift's concurrency runtime keeps its hook for enqueueing global jobs.
#ifndef FOOTFALL_CFOOTFALLCONCURRENCYHOOK_H
#define FOOTFALL_CFOOTFALLCONCURRENCYHOOK_H

/// The address of `swift_task_enqueueGlobal_hook`, or NULL when the runtime has none. NIO
/// finds it with dlsym, which sees only the dynamic symbol table: with the runtime linked in
/// (`--static-swift-stdlib`, whose link hides every archive's symbols) it is not there, but
/// the linker resolves this reference to it all the same.
void *_Nullable *_Nullable footfall_swift_task_enqueue_global_hook(void);

#endif

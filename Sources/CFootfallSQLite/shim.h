// SQLite's C library (Debian: libsqlite3-dev), the daemon's store.
#ifndef FOOTFALL_CFOOTFALLSQLITE_SHIM_H
#define FOOTFALL_CFOOTFALLSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift cannot import:
// it tells sqlite3_bind_text to copy the text before the call returns.
static inline sqlite3_destructor_type footfall_sqlite_transient(void) { return SQLITE_TRANSIENT; }

// A pointer to an empty text, for binding "" (a NULL pointer would bind NULL).
static inline const char *footfall_sqlite_empty_text(void) { return ""; }
#endif

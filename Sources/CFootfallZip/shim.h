// libzip (Debian: libzip-dev): ActiGraph .gt3x recordings are zip archives (info.txt, log.bin).
// A well-kept reader of the zip format, its central directory and its deflated entries, read
// as a stream.
#ifndef FOOTFALL_CFOOTFALLZIP_SHIM_H
#define FOOTFALL_CFOOTFALLZIP_SHIM_H
#include <zip.h>
#endif

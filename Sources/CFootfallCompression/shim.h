// zlib, liblzma and libzstd (Debian: zlib1g-dev, liblzma-dev, libzstd-dev): the decompressors
// recordings are read through when they come gzip-, xz- or zstd-compressed.
#ifndef FOOTFALL_CFOOTFALLCOMPRESSION_SHIM_H
#define FOOTFALL_CFOOTFALLCOMPRESSION_SHIM_H
#include <zlib.h>
#include <lzma.h>
#include <zstd.h>

// zlib's inflateInit2 is a macro; Swift sees this function instead.
static inline int footfall_inflate_init(z_stream *stream) {
    // 15 bits of window, +32: a gzip or zlib header, found from the data.
    return inflateInit2(stream, 15 + 32);
}

// A raw deflate stream (no header): a zip archive's deflated entries.
static inline int footfall_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -15);
}
#endif

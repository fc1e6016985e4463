// libiio (Debian: libiio-dev), the library the IIO adapter reads accelerometers through.
#ifndef FOOTFALL_CFOOTFALLIIO_SHIM_H
#define FOOTFALL_CFOOTFALLIIO_SHIM_H
#include <iio.h>
#endif

// libyaml (Debian: libyaml-dev), the YAML parser the daemon reads its configuration with.
#ifndef FOOTFALL_CFOOTFALLYAML_SHIM_H
#define FOOTFALL_CFOOTFALLYAML_SHIM_H
#include <yaml.h>
#endif

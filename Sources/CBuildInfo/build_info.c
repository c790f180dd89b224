#define _GNU_SOURCE
#include "CBuildInfo.h"
#include <dlfcn.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>

const char *segue_build_stamp(void) {
#ifdef SEGUE_BUILD_STAMP
  return SEGUE_BUILD_STAMP;
#else
  return NULL;
#endif
}

const char *segue_aubio_build_version(void) {
#ifdef SEGUE_AUBIO_VERSION
  return SEGUE_AUBIO_VERSION;
#else
  return NULL;
#endif
}

char *segue_loaded_file(const char *symbol) {
  void *address = dlsym(RTLD_DEFAULT, symbol);
  Dl_info info;
  if (address == NULL || dladdr(address, &info) == 0 || info.dli_fname == NULL) return NULL;
  return realpath(info.dli_fname, NULL);
}

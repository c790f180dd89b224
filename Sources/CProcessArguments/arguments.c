#include "CProcessArguments.h"
#include <stdlib.h> /* defines __GLIBC__ on glibc */

static int saved_count;
static char **saved_arguments;

#if defined(__GLIBC__) || defined(__APPLE__)
/* glibc and Apple's loader call a program's constructors with main's argc and argv. */
__attribute__((constructor)) static void segue_save_arguments(int count, char **arguments) {
  saved_count = count;
  saved_arguments = arguments;
}
#endif

int segue_argument_count(void) { return saved_arguments ? saved_count : 0; }

const char *segue_argument(int index) {
  return index >= 0 && index < segue_argument_count() ? saved_arguments[index] : NULL;
}

/* The process's arguments as the C runtime passed them to main, for where Swift's
 * `CommandLine.arguments` is empty: with the Swift runtime linked statically it reads them from
 * /proc/self/cmdline, which a chroot or a minimal container may not mount. */
#ifndef SEGUE_CPROCESSARGUMENTS_H
#define SEGUE_CPROCESSARGUMENTS_H

/* The number of arguments, the program's name included: what glibc and Apple's loader pass a
 * program's constructors; 0 elsewhere (musl passes constructors nothing). */
int segue_argument_count(void);

/* Argument `index` (0 is the program's name), or NULL past the last. */
const char *segue_argument(int index);

#endif

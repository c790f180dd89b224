/* What a build records about itself that no library can say at run time, and the file each
 * library was loaded from. The records are C defines the build passes (scripts/package:
 * -Xcc -DSEGUE_BUILD_STAMP="git20261129.1307.c226db7"); a plain `swift build` defines neither, and
 * their functions return NULL. */
#ifndef SEGUE_CBUILDINFO_H
#define SEGUE_CBUILDINFO_H

/* The build's stamp, appended to the release after a '+' (`0.1.0+git20261129.1307.c226db7`): the
 * commit's time (UTC, to the minute) and abbreviated id, so that Debian orders versions by time. */
const char *segue_build_stamp(void);

/* aubio's version (pkg-config's) at build time: aubio has neither a version call nor a version
 * macro. */
const char *segue_aubio_build_version(void);

/* The file, symbolic links resolved, of the loaded object that defines the function named
 * `symbol`: the shared library (`/usr/lib/x86_64-linux-gnu/libavformat.so.59.27.100` for
 * `avformat_version`). In memory the caller frees; NULL when no loaded object exports the name
 * (a library linked in statically) or the system cannot tell. */
char *segue_loaded_file(const char *symbol);

#endif

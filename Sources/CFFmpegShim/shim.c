/* A C target needs one source file; the shim itself is all inline, in include/CFFmpegShim.h. */
#include "CFFmpegShim.h"

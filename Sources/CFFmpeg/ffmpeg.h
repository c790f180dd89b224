/* The FFmpeg headers Segue uses. Helpers and version checks live in CFFmpegShim, not here:
   SwiftPM does not notice edits to a system library's header. */
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswresample/swresample.h>
#include <libavutil/avutil.h>

/* What Swift cannot import from FFmpeg (function-like macros, compound literals), and every
   FFmpeg version check Segue needs. Swift code imports this module, never CFFmpeg directly. */
#ifndef SEGUE_CFFMPEG_SHIM_H
#define SEGUE_CFFMPEG_SHIM_H

#include <errno.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswresample/swresample.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/cpu.h>
#include <libavutil/dict.h>
#include <libavutil/md5.h>
#include <libavutil/opt.h>
#include <libavutil/samplefmt.h>

static const int SEGUE_AVERROR_EAGAIN = AVERROR(EAGAIN);
static const int SEGUE_AVERROR_EOF = AVERROR_EOF;
static const int SEGUE_AVERROR_ENOENT = AVERROR(ENOENT);
static const int SEGUE_AVERROR_INVALIDDATA = AVERROR_INVALIDDATA;
static const int SEGUE_AVERROR_STREAM_NOT_FOUND = AVERROR_STREAM_NOT_FOUND;
static const int SEGUE_AVERROR_DECODER_NOT_FOUND = AVERROR_DECODER_NOT_FOUND;
static const int SEGUE_AVERROR_ENCODER_NOT_FOUND = AVERROR_ENCODER_NOT_FOUND;
static const int64_t SEGUE_NOPTS_VALUE = AV_NOPTS_VALUE;

/* Wraps `AVERROR(e)` for errno values. */
static inline int segue_averror(int e) { return AVERROR(e); }

/* The versions of FFmpeg's libraries Segue was compiled against (AV_VERSION_INT's packing, as
   their `*_version()` calls give the loaded ones). */
static inline unsigned segue_built_avformat_version(void) { return LIBAVFORMAT_VERSION_INT; }
static inline unsigned segue_built_avcodec_version(void) { return LIBAVCODEC_VERSION_INT; }
static inline unsigned segue_built_swresample_version(void) { return LIBSWRESAMPLE_VERSION_INT; }
static inline unsigned segue_built_avutil_version(void) { return LIBAVUTIL_VERSION_INT; }

/* `swr_convert` with one signature across FFmpeg versions (7.x const-qualified its arrays). */
static inline int segue_swr_convert(SwrContext *s, uint8_t **out, int out_count,
                                    const uint8_t **in, int in_count) {
  return swr_convert(s, out, out_count, in, in_count);
}

/* The sample formats an encoder accepts, AV_SAMPLE_FMT_NONE-terminated, or NULL if any. */
static inline const enum AVSampleFormat *segue_codec_sample_formats(const AVCodec *codec) {
#if LIBAVCODEC_VERSION_INT >= AV_VERSION_INT(61, 13, 100)
  const void *formats = NULL;
  int count = 0;
  if (avcodec_get_supported_config(NULL, codec, AV_CODEC_CONFIG_SAMPLE_FORMAT, 0, &formats, &count) < 0)
    return NULL;
  return (const enum AVSampleFormat *)formats;
#else
  return codec->sample_fmts;
#endif
}

/* The sample rates an encoder accepts, 0-terminated, or NULL if any. */
static inline const int *segue_codec_sample_rates(const AVCodec *codec) {
#if LIBAVCODEC_VERSION_INT >= AV_VERSION_INT(61, 13, 100)
  const void *rates = NULL;
  int count = 0;
  if (avcodec_get_supported_config(NULL, codec, AV_CODEC_CONFIG_SAMPLE_RATE, 0, &rates, &count) < 0)
    return NULL;
  return (const int *)rates;
#else
  return codec->supported_samplerates;
#endif
}

/* The channel layouts an encoder accepts, ended by a layout of 0 channels, or NULL if any. */
static inline const AVChannelLayout *segue_codec_channel_layouts(const AVCodec *codec) {
#if LIBAVCODEC_VERSION_INT >= AV_VERSION_INT(61, 13, 100)
  const void *layouts = NULL;
  int count = 0;
  if (avcodec_get_supported_config(NULL, codec, AV_CODEC_CONFIG_CHANNEL_LAYOUT, 0, &layouts, &count) < 0)
    return NULL;
  return (const AVChannelLayout *)layouts;
#else
  return codec->ch_layouts;
#endif
}

#endif

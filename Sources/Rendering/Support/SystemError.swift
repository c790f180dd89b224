import FFmpegAudio
import Foundation

/// The `errno` behind `error`, when it has one: FFmpeg's `AVERROR(errno)`, a `POSIXError`, or a
/// Foundation error in the POSIX domain or wrapping one (as file handles throw on Linux).
func systemErrorNumber(of error: any Error) -> Int32? {
  if let ffmpeg = error as? FFmpegError { return ffmpeg.code < 0 && ffmpeg.code > -4096 ? -ffmpeg.code : nil }
  if let posix = error as? POSIXError { return posix.code.rawValue }
  let cocoa = error as NSError
  if cocoa.domain == NSPOSIXErrorDomain { return Int32(truncatingIfNeeded: cocoa.code) }
  if let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
    return Int32(truncatingIfNeeded: underlying.code)
  }
  return nil
}

/// A failure to probe, open or decode an audio file: a failed FFmpeg call, or a problem with its
/// content that FFmpeg itself does not report as one.
public enum AudioFileError: Error, Equatable, Sendable {
  /// An FFmpeg call failed: opening the file, finding its stream or decoder, or decoding it.
  case ffmpeg(FFmpegError)
  /// The file ends early: inside a frame, or before the length its container declares.
  case truncated(path: String, decoded: Int64, declared: Int64?)
  /// A seek did not land at or before the frame asked for.
  case seekFailed(path: String, target: Int64)
  /// A packet could not be read or decoded, after `atFrame` sample frames (at `sampleRate`) had been.
  case undecodable(path: String, atFrame: Int64, sampleRate: Int, cause: FFmpegError)
  /// The stream skips ahead after `atFrame` sample frames (at `sampleRate`): `frames` are lost
  /// there (the Ogg demuxer skipped pages that failed their checksum, or packets failed to decode).
  case skipped(path: String, atFrame: Int64, frames: Int64, sampleRate: Int)
  /// The stream changed its sample rate, format or channels part way through.
  case formatChanged(path: String, atFrame: Int64)
  /// A floating-point stream holds samples that are not numbers (NaN or infinite), the first
  /// `atFrame` sample frames (at `sampleRate`) in.
  case notANumber(path: String, atFrame: Int64, sampleRate: Int)
}

extension AudioFileError {
  /// `body`'s result; a failed FFmpeg call in it is thrown as `.ffmpeg`.
  public static func wrapping<Result>(_ body: () throws(FFmpegError) -> Result) throws(AudioFileError) -> Result {
    do { return try body() } catch { throw .ffmpeg(error) }
  }
}

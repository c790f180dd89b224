import Dispatch
import FFmpegAudio
import Foundation

/// Checks every input before anything is written, and reports all the bad ones at once.
enum InputCheck {
  /// Probes each input, in parallel (one input per core); throws one error per bad input, in
  /// the inputs' order.
  static func probeAll(_ inputs: [InputSource]) throws(RenderError) -> [AudioStreamInfo] {
    let results = ResultSlots<AudioStreamInfo>(count: inputs.count)
    DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
      results.set(index, Result { () throws(RenderError) in try probe(inputs[index]) })
    }
    var infos: [AudioStreamInfo] = []
    var errors: [RenderError] = []
    for result in results.values {
      switch result {
      case .success(let info): infos.append(info)
      case .failure(let error): errors.append(error)
      }
    }
    if errors.count == 1 { throw errors[0] }
    if errors.count > 1 { throw .several(errors) }
    return infos
  }

  private static func probe(_ input: InputSource) throws(RenderError) -> AudioStreamInfo {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isFolder) else {
      throw .input(input, .notFound)
    }
    if isFolder.boolValue { throw .input(input, .notAFile) }
    if let kind = specialFileKind(input.path) { throw .input(input, .notARegularFile(kind)) }
    let size = (try? FileManager.default.attributesOfItem(atPath: input.path)[.size] as? Int) ?? 0
    if size == 0 { throw .input(input, .empty) }
    let info: AudioStreamInfo
    do throws(AudioFileError) {
      info = try AudioStreamInfo.probe(path: input.path)
    } catch {
      throw .input(input, problem(for: error))
    }
    guard info.sampleRate > 0, info.channelCount > 0 else {
      throw .input(input, .notAudio)
    }
    return info
  }

  /// What kind of file `path` is (after symbolic links) when it is not a regular file: a FIFO, a
  /// device, a socket; nil for a regular file. Such files never end, or end when someone else says.
  static func specialFileKind(_ path: String) -> String? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    switch info.st_mode & S_IFMT {
    case S_IFREG, S_IFDIR: return nil
    case S_IFIFO: return "a FIFO"
    case S_IFCHR, S_IFBLK: return "a device"
    case S_IFSOCK: return "a socket"
    default: return "a special file"
    }
  }

  /// Words a failure to probe, open or decode an input for its user.
  static func problem(for error: AudioFileError) -> InputProblem {
    switch error {
    case .ffmpeg(let error): problem(for: error)
    case .truncated(_, let decoded, let declared): .truncated(decoded: decoded, declared: declared)
    case .formatChanged(_, let frame): .formatChanged(atFrame: frame)
    case .notANumber(_, let frame, let rate):
      .damaged(detail: "it holds samples that are not numbers (NaN or infinite)", atFrame: frame, sampleRate: rate)
    case .seekFailed(_, let target): .cannotDecode(detail: "could not seek to it", atFrame: target)
    case .undecodable(_, let frame, let rate, let cause): .damaged(detail: cause.message, atFrame: frame, sampleRate: rate)
    case .skipped(_, let frame, let lost, let rate):
      .damaged(detail: "\(lost) sample frames are missing there (the stream's timestamps skip past them)", atFrame: frame, sampleRate: rate)
    }
  }

  /// Words a failed FFmpeg call on an input: the call that failed says whether the file could
  /// not be opened (the demuxer's calls) or not decoded.
  static func problem(for error: FFmpegError) -> InputProblem {
    if error.isNotFound { return .notFound }
    if error.isStreamNotFound { return .noAudioStream }
    if error.isDecoderNotFound { return .noDecoder }
    guard error.function.hasPrefix("avformat_") else { return .cannotDecode(detail: error.message, atFrame: 0) }
    return error.isInvalidData || error.code == -EINVAL ? .notAudio : .cannotOpen(detail: error.message)
  }
}

import CBuildInfo

/// What this Segue is and what it runs with: its version, each library it links (as loaded, as
/// built against, and the file it was loaded from), FFmpeg's release, and the kernels chosen for
/// this processor. What `segue version` prints, and what a bug report needs.
public struct BuildInfo: Sendable, Codable, Equatable {
  /// Segue's release, without a build stamp.
  public static let release = "0.1.0"

  /// The version: the release, then the build's stamp after a '+' where the build recorded one
  /// (`0.1.0+git20261129.1307.c226db7`, from `scripts/package`), a version Debian orders by time.
  public let version: String
  /// The build's stamp (`git20261129.1307.c226db7`), or nil for a plain `swift build`, which records none.
  public let stamp: String?
  /// The FFmpeg Segue runs with.
  public let ffmpeg: FFmpeg
  /// The other libraries Segue links for its audio: aubio and Rubber Band.
  public let libraries: [LinkedLibrary]
  /// The copy of Segue's sample kernels this processor runs.
  public let kernels: KernelChoice

  /// FFmpeg as loaded: its release, its libraries, and what its own kernels use.
  public struct FFmpeg: Sendable, Codable, Equatable {
    /// FFmpeg's release as its build names it (`5.1.9-0+deb12u1`).
    public let release: String
    /// Its four libraries Segue links: libavformat, libavcodec, libswresample, libavutil.
    public let libraries: [LinkedLibrary]
    /// The processor features FFmpeg's own kernels use here, by FFmpeg's names (`AVX2`, `FMA3`).
    public let processorFeatures: [String]
  }

  /// One library Segue links.
  public struct LinkedLibrary: Sendable, Codable, Equatable {
    /// Its name: `libavformat`, `aubio`, `Rubber Band`.
    public let name: String
    /// The version loaded now, where the library has a call that says (FFmpeg's do; aubio and Rubber Band do not).
    public let loaded: String?
    /// The version Segue was compiled against, where the build knows it (aubio's only when the
    /// build recorded it: aubio's headers do not say).
    public let built: String?
    /// The file it was loaded from, symbolic links resolved, where the system can tell.
    public let file: String?
  }

  /// Which copy of Segue's sample kernels (quantizing, peak finding) runs here, and why.
  public struct KernelChoice: Sendable, Codable, Equatable {
    /// `avx2-fma`, `baseline`, or `native` (compiled once, for the target's own vector unit).
    public let name: String
    /// Why: `this processor has AVX2 and FMA`.
    public let reason: String
  }

  /// This build's stamp, where it recorded one.
  private static var currentStamp: String? { segue_build_stamp().map { String(cString: $0) } }

  /// This build's version: the release, and its stamp after a '+' where it recorded one.
  public static var currentVersion: String { currentStamp.map { "\(release)+\($0)" } ?? release }

  /// This process's build and libraries, read now (each library's file looked up by the loader).
  public static var current: BuildInfo {
    let ffmpeg = FFmpeg(release: FFmpegVersions.release, libraries: LinkedLibraries.ffmpeg, processorFeatures: FFmpegVersions.processorFeatures)
    return BuildInfo(
      version: currentVersion, stamp: currentStamp, ffmpeg: ffmpeg, libraries: LinkedLibraries.others, kernels: KernelChoice.current)
  }

  /// This build's facts as JSON, pretty-printed with sorted keys (`segue version --json`).
  public func json() -> String { JSONText.encode(self) }
}

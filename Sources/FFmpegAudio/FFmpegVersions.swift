import CFFmpegShim

/// Which FFmpeg this process runs with: each library's version as loaded and as compiled
/// against, FFmpeg's release, and the processor features its own kernels use.
///
/// A support question starts here: a render that differs between two machines most often differs
/// in the FFmpeg each loaded (Debian's security updates change the release, never the libraries'
/// versions), and a library loaded with a smaller minor version than it was built against is a
/// broken installation.
public enum FFmpegVersions {
  /// One of FFmpeg's libraries Segue links.
  public struct Library: Sendable, Equatable {
    /// The library's name, as its file is named: `libavformat`.
    public let name: String
    /// The version of the library loaded now (its `*_version()` call): `59.27.100`.
    public let loaded: String
    /// The version of the headers Segue was compiled against: `59.27.100`.
    public let built: String
    /// The name of its version call (`avformat_version`), a function it exports: where to look
    /// for the file it was loaded from.
    public let versionCall: String
  }

  /// FFmpeg's four libraries that Segue links, in the order they are layered (highest first).
  public static var libraries: [Library] {
    [
      library("libavformat", loaded: avformat_version(), built: segue_built_avformat_version()),
      library("libavcodec", loaded: avcodec_version(), built: segue_built_avcodec_version()),
      library("libswresample", loaded: swresample_version(), built: segue_built_swresample_version()),
      library("libavutil", loaded: avutil_version(), built: segue_built_avutil_version()),
    ]
  }

  /// FFmpeg's release as its build names it (`av_version_info`): `5.1.6-0+deb12u1` on Debian 12.
  public static var release: String { String(cString: av_version_info()) }

  /// The processor features FFmpeg's own kernels use here (`av_get_cpu_flags`), by FFmpeg's names.
  public static var processorFeatures: [String] {
    let flags = UInt32(bitPattern: av_get_cpu_flags())
    return featureNames.filter { flags & $0.flag != 0 }.map(\.name)
  }

  /// FFmpeg's processor feature flags for this architecture, with their names.
  private static var featureNames: [(name: String, flag: UInt32)] {
    #if arch(x86_64)
      [
        ("SSE2", UInt32(AV_CPU_FLAG_SSE2)), ("SSE3", UInt32(AV_CPU_FLAG_SSE3)), ("SSSE3", UInt32(AV_CPU_FLAG_SSSE3)),
        ("SSE4.1", UInt32(AV_CPU_FLAG_SSE4)), ("SSE4.2", UInt32(AV_CPU_FLAG_SSE42)), ("AVX", UInt32(AV_CPU_FLAG_AVX)),
        ("AVX2", UInt32(AV_CPU_FLAG_AVX2)), ("FMA3", UInt32(AV_CPU_FLAG_FMA3)), ("AVX-512", UInt32(AV_CPU_FLAG_AVX512)),
      ]
    #elseif arch(arm64)
      [("ARMv8", UInt32(AV_CPU_FLAG_ARMV8)), ("NEON", UInt32(AV_CPU_FLAG_NEON))]
    #else
      []
    #endif
  }

  /// The library named `name` (`libavformat`), whose version call is its name without `lib` and with `_version`.
  private static func library(_ name: String, loaded: UInt32, built: UInt32) -> Library {
    Library(name: name, loaded: dotted(loaded), built: dotted(built), versionCall: "\(name.dropFirst(3))_version")
  }

  /// `AV_VERSION_INT`'s packing (major << 16 | minor << 8 | micro) as `major.minor.micro`.
  static func dotted(_ version: UInt32) -> String { "\(version >> 16).\((version >> 8) & 0xFF).\(version & 0xFF)" }
}

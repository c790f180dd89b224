import Foundation
import CBuildInfo
import CKernels
import CRubberBand

/// The libraries Segue links, read from this process.
enum LinkedLibraries {
  /// FFmpeg's four libraries.
  static var ffmpeg: [BuildInfo.LinkedLibrary] {
    FFmpegVersions.libraries.map {
      BuildInfo.LinkedLibrary(name: $0.name, loaded: $0.loaded, built: $0.built, file: file(defining: $0.versionCall))
    }
  }

  /// aubio and Rubber Band.
  static var others: [BuildInfo.LinkedLibrary] {
    [
      BuildInfo.LinkedLibrary(
        name: "aubio", loaded: nil, built: segue_aubio_build_version().map { String(cString: $0) }, file: file(defining: "new_aubio_tempo")),
      BuildInfo.LinkedLibrary(name: "Rubber Band", loaded: nil, built: RUBBERBAND_VERSION, file: file(defining: "rubberband_new")),
    ]
  }

  /// The file of the loaded library that exports the function named `symbol`.
  private static func file(defining symbol: String) -> String? {
    guard let path = segue_loaded_file(symbol) else { return nil }
    defer { free(path) }
    return String(cString: path)
  }
}

extension BuildInfo.KernelChoice {
  /// The copy `CKernels` chooses on this processor.
  static var current: Self {
    #if arch(x86_64)
      segue_wide_kernels() != nil
        ? Self(name: "avx2-fma", reason: "this processor has AVX2 and FMA")
        : Self(name: "baseline", reason: "this processor lacks AVX2 or FMA: the SSE2 copy")
    #else
      Self(name: "native", reason: "compiled once, for this architecture's own vector unit")
    #endif
  }
}

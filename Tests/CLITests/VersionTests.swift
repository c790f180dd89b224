import AudioTestSupport
import Foundation
import Rendering
import Testing

/// `segue version` and `--version` tell the truth about the libraries loaded, judged by programs
/// that read them independently: ffprobe (FFmpeg's versions, as the libraries report them to it,
/// and the headers it was built against, which are Segue's where both come from one
/// distribution's packages), ldd (which file each library resolves to), pkg-config (Rubber Band's
/// headers) and the kernel's own list of processor features (the kernels, and the features
/// FFmpeg says it uses).
@Suite struct VersionTests {
  /// The version facts of the built `segue`, as JSON.
  static func facts() throws -> [String: Any] {
    let result = try runSegue(arguments: ["version", "--json"], in: NSTemporaryDirectory())
    #expect(result.status == 0, "\(result.stderr)")
    return try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
  }

  /// The libraries in `facts` (FFmpeg's and the others), by name.
  static func libraries(_ facts: [String: Any]) throws -> [String: [String: Any]] {
    let ffmpeg = try #require(facts["ffmpeg"] as? [String: Any])
    let list = try #require(ffmpeg["libraries"] as? [[String: Any]]) + #require(facts["libraries"] as? [[String: Any]])
    return Dictionary(uniqueKeysWithValues: list.compactMap { entry in (entry["name"] as? String).map { ($0, entry) } })
  }

  @Test func ffmpegVersionsAreThoseFFprobeLoads() throws {
    let printed = String(decoding: try FFmpegCLI.run("ffprobe", ["-version"]).stdout, as: UTF8.self)
    let facts = try Self.facts()
    let libraries = try Self.libraries(facts)
    for name in ["libavformat", "libavcodec", "libswresample", "libavutil"] {
      // ffprobe prints `libavformat    59. 27.100 / 59. 27.100`: built against, then loaded.
      let line = try #require(printed.split(separator: "\n").first { $0.hasPrefix(name + " ") }, "\(printed)")
      let versions = line.dropFirst(name.count).split(separator: "/").map { $0.replacingOccurrences(of: " ", with: "") }
      let library = try #require(libraries[name])
      #expect(library["loaded"] as? String == versions.last, "\(name): \(line)")
      #expect(library["built"] as? String == versions.first, "\(name): \(line)")
    }
    let release = try #require(printed.split(separator: " ").dropFirst(2).first, "ffprobe version 5.1.9-0+deb12u1 …")
    #expect((facts["ffmpeg"] as? [String: Any])?["release"] as? String == String(release))
    #expect(facts["version"] as? String == BuildInfo.release, "a plain swift build records no stamp")
  }

  @Test func libraryFilesAreThoseTheLoaderResolves() throws {
    let ldd = String(decoding: try FFmpegCLI.run("ldd", [try SegueExecutable.url().path]).stdout, as: UTF8.self)
    let libraries = try Self.libraries(try Self.facts())
    for (name, soname) in [("libavcodec", "libavcodec.so"), ("aubio", "libaubio.so"), ("Rubber Band", "librubberband.so")] {
      // `libaubio.so.5 => /lib/x86_64-linux-gnu/libaubio.so.5 (0x…)`
      let line = try #require(ldd.split(separator: "\n").first { $0.contains(soname) }, "\(ldd)")
      let resolved = try #require(line.split(separator: " ").first { $0.hasPrefix("/") }.map(String.init))
      let file = try #require(libraries[name]?["file"] as? String, "\(name)")
      #expect(URL(fileURLWithPath: resolved).resolvingSymlinksInPath().path == URL(fileURLWithPath: file).resolvingSymlinksInPath().path)
    }
  }

  @Test func rubberBandVersionIsItsHeaders() throws {
    let modversion = String(decoding: try FFmpegCLI.run("pkg-config", ["--modversion", "rubberband"]).stdout, as: UTF8.self)
    let libraries = try Self.libraries(try Self.facts())
    #expect(libraries["Rubber Band"]?["built"] as? String == modversion.trimmingCharacters(in: .whitespacesAndNewlines))
    let aubio = try #require(libraries["aubio"])
    #expect(aubio["built"] == nil && aubio["loaded"] == nil, "aubio says no version: only a build that records pkg-config's has one")
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/cpuinfo")))
  func kernelsAreThoseThisProcessorRuns() throws {
    let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
    let flags = Set(cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ").map(String.init) ?? [])
    let facts = try Self.facts()
    let kernels = try #require(facts["kernels"] as? [String: String])
    #if arch(x86_64)
      #expect(kernels["name"] == (flags.contains("avx2") && flags.contains("fma") ? "avx2-fma" : "baseline"), "\(kernels)")
      // FFmpeg's name of each feature, and the kernel's.
      let kernelNames = ["SSE2": "sse2", "SSE3": "pni", "SSSE3": "ssse3", "SSE4.1": "sse4_1", "SSE4.2": "sse4_2", "AVX": "avx", "AVX2": "avx2", "FMA3": "fma", "AVX-512": "avx512f"]
      let used = Set(try #require((facts["ffmpeg"] as? [String: Any])?["processorFeatures"] as? [String]))
      for (ffmpeg, kernel) in kernelNames where kernel != "avx512f" {
        #expect(used.contains(ffmpeg) == flags.contains(kernel), "FFmpeg's \(ffmpeg), the kernel's \(kernel)")
      }
      #expect(!used.contains("AVX-512") || flags.contains("avx512f"))
    #else
      #expect(kernels["name"] == "native")
    #endif
  }

  @Test func shortVersionNamesTheFFmpegLoaded() throws {
    let result = try runSegue(arguments: ["--version"], in: NSTemporaryDirectory())
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first == "segue \(BuildInfo.release)")
    let loaded = BuildInfo.current
    #expect(lines.dropFirst().first?.hasPrefix("FFmpeg \(loaded.ffmpeg.release): libavformat \(loaded.ffmpeg.libraries[0].loaded ?? "")") == true, "\(result.stdout)")
  }
}

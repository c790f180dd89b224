// swift-tools-version:6.2
import PackageDescription

/// Warnings that FFmpeg 7.x would turn into build failures are errors here already.
let strictFFmpeg: [SwiftSetting] = [.treatWarning("DeprecatedDeclaration", as: .error)]

let package = Package(
  name: "Segue",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "segue", targets: ["segue"]),
    .library(name: "Rendering", targets: ["Rendering"]),
    .library(name: "Composition", targets: ["Composition"]),
    .library(name: "Playlists", targets: ["Playlists"]),
    .library(name: "Settings", targets: ["Settings"]),
    .library(name: "Analysis", targets: ["Analysis"]),
    // For the libFuzzer targets in Fuzz/, a package of their own.
    .library(name: "Containers", targets: ["Containers"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
  ],
  targets: [
    .systemLibrary(
      name: "CFFmpeg",
      pkgConfig: "libavformat libavcodec libswresample libavutil",
      providers: [
        .apt(["pkg-config", "libavformat-dev", "libavcodec-dev", "libswresample-dev", "libavutil-dev"]),
        .brew(["ffmpeg"]),
      ]),
    .target(name: "CFFmpegShim", dependencies: ["CFFmpeg"]),
    // libebur128: the tests' independent judge of loudness (Segue measures with its own K-weighting).
    .systemLibrary(name: "CEbur128", pkgConfig: "libebur128", providers: [.apt(["libebur128-dev"]), .brew(["libebur128"])]),
    .systemLibrary(name: "CAubio", pkgConfig: "aubio", providers: [.apt(["libaubio-dev"]), .brew(["aubio"])]),
    // Inner loops over samples, compiled for AVX2 and FMA besides the baseline on x86-64, and FLAC's CRC.
    .target(name: "CKernels"),
    // The build's own records (its version stamp) and the files its libraries were loaded from.
    .target(name: "CBuildInfo", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    .target(name: "Analysis", dependencies: ["CAubio", "CKernels", "Composition"]),
    .systemLibrary(name: "CRubberBand", pkgConfig: "rubberband", providers: [.apt(["librubberband-dev"]), .brew(["rubberband"])]),
    .target(name: "Stretching", dependencies: ["CRubberBand", "FFmpegAudio"]),
    .target(name: "Containers"),
    .target(name: "FFmpegAudio", dependencies: ["CFFmpegShim", "CKernels", "Containers", "SampleBlocks"], swiftSettings: strictFFmpeg),
    .target(name: "Composition"),
    // Blocks of samples (or bytes) in pooled buffers, handed from thread to thread without copies.
    .target(name: "SampleBlocks"),
    // The settings a user chooses, with their ranges and refusals: shared by the library, the
    // playlist reader and the command line.
    .target(name: "Settings", dependencies: ["Composition"]),
    .target(name: "Playlists", dependencies: ["Composition", "Settings", "Yams"]),
    .target(name: "Rendering", dependencies: ["CBuildInfo", "CKernels", "CRubberBand", "Composition", "Playlists", "Settings", "FFmpegAudio", "Analysis", "Containers", "Stretching", "SampleBlocks"]),
    .executableTarget(
      name: "segue",
      dependencies: ["FFmpegAudio", "Rendering", "Settings", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
    .executableTarget(name: "make-demo-tracks", dependencies: ["Rendering"], path: "Examples/make-demo-tracks"),
    .executableTarget(name: "crossfade-two-files", dependencies: ["Rendering"], path: "Examples/crossfade-two-files"),
    .executableTarget(name: "album-to-one-file", dependencies: ["Rendering"], path: "Examples/album-to-one-file"),
    // docs/library.md's snippets, compiled with nothing but `import Rendering` (built for CLITests, which checks them).
    .target(name: "LibrarySnippets", dependencies: ["Rendering"], path: "Examples/library-snippets"),
    // Every test target names each module it imports, so a change to one rebuilds the tests
    // that use it (a module reached only through another target's dependency was left stale).
    .target(name: "AudioTestSupport", dependencies: ["Rendering"], path: "Tests/AudioTestSupport"),
    .testTarget(name: "KernelTests", dependencies: ["CKernels", "AudioTestSupport"]),
    .testTarget(name: "ContainersTests", dependencies: ["Containers", "AudioTestSupport"]),
    .testTarget(name: "CompositionTests", dependencies: ["Composition"]),
    .testTarget(name: "AnalysisTests", dependencies: ["Analysis", "CEbur128", "Composition", "AudioTestSupport"]),
    // One valid playlist in each format, for the format tests and the fuzz seeds.
    .target(name: "SamplePlaylists", path: "Tests/SamplePlaylists"),
    .testTarget(name: "PlaylistsTests", dependencies: ["Playlists", "SamplePlaylists"]),
    .testTarget(name: "RenderingTests", dependencies: ["Rendering", "SampleBlocks", "FFmpegAudio", "Containers", "Composition", "Playlists", "AudioTestSupport"]),
    .testTarget(name: "MixingTests", dependencies: ["Rendering", "Analysis", "Composition", "FFmpegAudio", "Playlists", "CEbur128", "AudioTestSupport"]),
    .testTarget(name: "SilenceTests", dependencies: ["Rendering", "Analysis", "Composition", "FFmpegAudio", "Playlists", "AudioTestSupport"]),
    .testTarget(name: "StretchTests", dependencies: ["Rendering", "Composition", "FFmpegAudio", "Playlists", "AudioTestSupport"]),
    .testTarget(name: "BeatTests", dependencies: ["Rendering", "Analysis", "Composition", "FFmpegAudio", "Playlists", "AudioTestSupport"]),
    .testTarget(name: "KeyTests", dependencies: ["Rendering", "Analysis", "Composition", "FFmpegAudio", "Playlists", "AudioTestSupport"]),
    .testTarget(name: "CLITests", dependencies: ["Rendering", "Composition", "Playlists", "Settings", "AudioTestSupport", "LibrarySnippets"]),
    .target(name: "FuzzSupport", dependencies: ["Playlists", "Containers", "AudioTestSupport", "SamplePlaylists"], path: "Tests/FuzzSupport"),
    .testTarget(name: "FuzzTests", dependencies: ["FuzzSupport", "AudioTestSupport", "Playlists", "Containers"]),
    // Counts a render's threads in a process of its own, for RenderThreadsTests.
    .executableTarget(name: "render-threads-probe", dependencies: ["Rendering", "FFmpegAudio", "SampleBlocks"], path: "Tests/ThreadProbe"),
    .executableTarget(name: "fuzz-runner", dependencies: ["FuzzSupport", "AudioTestSupport"], path: "Benchmarks/fuzz-runner"),
    // Writes the key detector's test set for Benchmarks/key.
    .executableTarget(name: "key-test-set", dependencies: ["AudioTestSupport", "Rendering", "FFmpegAudio"], path: "Benchmarks/key-test-set"),
  ]
)

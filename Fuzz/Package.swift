// swift-tools-version:6.2
import PackageDescription

/// libFuzzer targets, one per parser, in a package of their own: each links libFuzzer's driver,
/// there only with `-sanitize=fuzzer`, so the main package's plain `swift build` must not meet
/// them. Build one on Linux with
///
///     swift build -c release -Xswiftc -sanitize=fuzzer,address --product fuzz-m3u
let parsers = ["m3u", "pls", "xspf", "cue", "yaml", "time", "playlist-file", "mp3", "mp4", "wav"]

let package = Package(
  name: "SegueFuzz",
  platforms: [.macOS(.v15)],
  products: parsers.map { .executable(name: "fuzz-\($0)", targets: ["fuzz-\($0)"]) },
  dependencies: [.package(name: "Segue", path: "..")],
  targets: [
    .target(name: "CLibFuzzer"),
    .target(
      name: "FuzzEntry",
      dependencies: ["CLibFuzzer", .product(name: "Playlists", package: "Segue"), .product(name: "Containers", package: "Segue")]),
  ] + parsers.map { .executableTarget(name: "fuzz-\($0)", dependencies: ["FuzzEntry"]) }
)

import Foundation
import Testing

/// Real music nobody on the team made: the Ogg Vorbis soundtrack in Debian's `hedgewars-data`
/// package, which `scripts/bootstrap` installs, read in place. Each file is pinned by its
/// SHA-256, so a test judges the same recording on every machine.
public enum RealMusic {
  /// The package, and the version whose files the digests below are of.
  public static let package = (name: "hedgewars-data", version: "1.0.2-6")
  /// Where the package puts its music.
  public static let folder = "/usr/share/games/hedgewars/Data/Music"

  /// Each track's SHA-256, by file name.
  public static let digests: [String: String] = [
    "Art.ogg": "e96d850bc282f530b01df4e08840fd75c7a70c2610b445de3285e9747949d762",
    "Beach.ogg": "79d23cac82f165c2ca8b6b74999766ca00c4666b896dd1b7d3df51b54d2c3a31",
    "Brick.ogg": "265d6cb6bf5a88fb722e9e4b9523bd6ba6477642f2257778bd8bc1e9c016ddbc",
    "Castle.ogg": "8ad0fb7fb4976fcfb8d4a12adbd4986656af71cc15d3991883379435ac999d14",
    "City.ogg": "58b71f8e750a9d3686c2ea61b24d63e3a9becd840d32067ecb098792998d497b",
    "Compost.ogg": "031b2ea8c0885097383c889804b1101fec488370f9312564c7ebb227a90e6240",
    "Desert.ogg": "48d1d4fa68f78c4df1b5cabf384e8c00c46475b2d7e2afc5fffad06984ff91f8",
    "EarthRise.ogg": "954e1f47e8ac124c6d7c2d113e14137d68ccfc96a4e5c6801ad5ac2a3d29806c",
    "Freeway.ogg": "06b4a37f5268ba9208f1799e9a56581fa94eed2c787e22d63a49985df209896b",
    "Fruit.ogg": "dbaf42d0bed14460b53b163bba42600f7f0ddc4736dc8089f17b132a89da6ad1",
    "Golf.ogg": "8380faa5738106e866fe906816cb5fc389e5f8fd39a935d54c6417e47b488fa8",
    "Halloween.ogg": "07942983898e34c3997c2f248fe4589e10624dc59758d2374d8b751371a71cc3",
    "Jungle.ogg": "02b8b0033b5cfef25b10c739d091bb1294a273b50b68df03b14ddd6643e61705",
    "Nature.ogg": "289fdc26fbe6dd0371b877d648a685ad57733ad8fe2e661d9ed80229cb6318f3",
    "Olympics.ogg": "0b040ca7051e6d596c79244b481847c0c3adf0fcf896e778c43c8cf3ce263d3d",
    "Rock.ogg": "3208addeb10bde065881b6468ed44818deefcec4409547685e7f9b4aff94f814",
    "Sheep.ogg": "53650b213ed023c756254132dac12023bb09bbc0fbd53b4673c2ed219f63531f",
    "bath.ogg": "adb7b03481692c80202a26d16268c6efd897bb1a4f0bb986656081afc5fcbc9e",
    "hell.ogg": "94ad0c7c9eeb3023017c5b531caf2c526de375a467ba21219de29033c747d42b",
    "main_theme.ogg": "d40f34b05d89300fc44075e48c6885ad85e86a4bcadf4213a610225c661587b5",
    "olympics_sd.ogg": "c4150c4ebbf53dda685cdf191fa6eba79dcc2e6fc9acf5faedebb59c29d55a69",
    "oriental.ogg": "d0b301649828d269a5ed4942771c3a72110e2ba13e7ee5bdb5efa3fc87f98e72",
    "pirate.ogg": "64d8a0e562be82938de105c2c619b7bdba99110f899b55b4788673daf7a6417d",
    "sdmusic.ogg": "d5ced73e853f356505560ee42f03540be53438e96a52c5f4528cb267638e5a74",
    "snow.ogg": "5823f31293d3e90de12a5562672722abd4327d548db7ce0eced82744711c3856",
    "underwater.ogg": "b5b48f9b9a7dcaf2831b689f28b65df5d8590c50972a28f0d8439e3e5681d333",
  ]

  /// Every track's name, in a stable order.
  public static var names: [String] { digests.keys.sorted() }

  /// True where the corpus is expected: on Linux, where `scripts/bootstrap` installs the package
  /// (its absence there is a failure); elsewhere tests that need it are skipped.
  public static var isExpected: Bool {
    #if os(Linux)
      true
    #else
      FileManager.default.fileExists(atPath: folder)
    #endif
  }

  /// The path of track `name`, after checking it is the pinned recording.
  public static func path(_ name: String) throws -> String {
    guard let digest = digests[name] else { throw FFmpegCLI.Failure(message: "\(name) is not one of \(package.name)'s pinned tracks") }
    let path = "\(folder)/\(name)"
    guard FileManager.default.fileExists(atPath: path) else {
      throw FFmpegCLI.Failure(message: "\(path) is missing: scripts/bootstrap installs \(package.name) \(package.version)")
    }
    try verified.check(path, digest: digest)
    return path
  }

  /// The folder, when the tracks are installed.
  public static var installed: String? {
    FileManager.default.fileExists(atPath: folder) ? folder : nil
  }

  /// Writes `seconds` of the track `name` (such as "Rock") from `start` seconds on into `path`,
  /// decoded by the ffmpeg CLI; the format follows the extension (FLAC: 24 bits, as decoded).
  public static func excerpt(_ name: String, from start: Double, seconds: Double, to path: String) throws {
    try FFmpegCLI.make([
      "-ss", "\(start)", "-t", "\(seconds)", "-i", try self.path("\(name).ogg"), "-sample_fmt", "s32", "-map_metadata", "-1", path,
    ])
  }

  /// The files checked so far in this test run, so each is hashed once.
  private static let verified = VerifiedFiles()
}

/// Files whose SHA-256 was found as pinned, shared by the tests running at once.
private final class VerifiedFiles: @unchecked Sendable {
  // @unchecked: `paths` is touched only while `lock` is held.
  private let lock = NSLock()
  private var paths: Set<String> = []

  func check(_ path: String, digest: String) throws {
    if lock.withLock({ paths.contains(path) }) { return }
    let output = try FFmpegCLI.run("sha256sum", [path])
    let found = String(decoding: output.stdout, as: UTF8.self).split(separator: " ").first.map(String.init)
    guard found == digest else {
      throw FFmpegCLI.Failure(message: "\(path) is not the recording the tests pin (SHA-256 \(found ?? "unreadable")): \(RealMusic.package.name) \(RealMusic.package.version) has \(digest)")
    }
    lock.withLock { _ = paths.insert(path) }
  }
}

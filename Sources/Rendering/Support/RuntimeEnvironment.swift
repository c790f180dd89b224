import Foundation

/// What Segue needs of the system it runs on, beyond its libraries.
public enum RuntimeEnvironment {
  /// Why Segue cannot run here, or nil when it can: on Linux the proc filesystem must be mounted.
  ///
  /// The Swift runtime reads a program's arguments from `/proc/self/cmdline`, and Dispatch's
  /// thread pool (which Segue's parallel analysis uses) reads `/proc/self/task` every second and
  /// stops the process with an illegal instruction when it cannot. Containers mount `/proc`; a
  /// bare `chroot` may not, and there Segue says so instead of crashing at random.
  public static var problem: String? {
    #if os(Linux)
      guard FileManager.default.fileExists(atPath: "/proc/self/stat") else {
        return "/proc is not mounted, and Segue needs it on Linux (mount -t proc proc /proc, as a container does)"
      }
    #endif
    return nil
  }
}

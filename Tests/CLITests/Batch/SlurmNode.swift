import AudioTestSupport
import Foundation

/// A real single-node Slurm cluster on localhost for one test: munge, slurmctld and slurmd from
/// Debian's packages, each in the foreground under a folder of its own, with ports found free.
///
/// The daemons are started with `posix_spawn`, not Foundation's `Process`: a daemon closes every
/// descriptor it inherits, which Foundation takes for its exit, and its monitor thread then
/// blocks waiting for that process, so no other child of the test is ever reaped.
final class SlurmNode {
  let folder: String
  /// The environment Slurm's commands need to find this cluster.
  let environment: [String: String]
  private var daemons: [(name: String, id: pid_t)] = []

  /// Writes the key and configuration into `folder` and starts the daemons; throws if the node
  /// is not up and idle within 60 s.
  init(folder: String) throws {
    self.folder = folder
    let host = Self.shortHostName()
    let (controllerPort, nodePort) = (try Self.freePort(), try Self.freePort())
    for name in ["state", "spool"] { try FileManager.default.createDirectory(atPath: "\(folder)/\(name)", withIntermediateDirectories: true) }
    chmod(folder, 0o700)
    let key = Data((0..<1024).map { _ in UInt8.random(in: 0...255) })
    FileManager.default.createFile(atPath: "\(folder)/munge.key", contents: key, attributes: [.posixPermissions: 0o600])
    let configuration = """
      ClusterName=segue-test
      SlurmctldHost=\(host)(127.0.0.1)
      SlurmUser=root
      SlurmdUser=root
      AuthType=auth/munge
      AuthInfo=socket=\(folder)/munge.socket
      CredType=cred/munge
      StateSaveLocation=\(folder)/state
      SlurmdSpoolDir=\(folder)/spool
      SlurmctldPidFile=\(folder)/slurmctld.pid
      SlurmdPidFile=\(folder)/slurmd.pid
      SlurmctldPort=\(controllerPort)
      SlurmdPort=\(nodePort)
      ProctrackType=proctrack/linuxproc
      TaskPlugin=task/none
      SchedulerType=sched/backfill
      SelectType=select/cons_tres
      SelectTypeParameters=CR_CPU
      ReturnToService=2
      MpiDefault=none
      JobCompType=jobcomp/none
      JobAcctGatherType=jobacct_gather/none
      AccountingStorageType=accounting_storage/none
      SlurmctldLogFile=\(folder)/slurmctld.log
      SlurmdLogFile=\(folder)/slurmd.log
      NodeName=\(host) NodeAddr=127.0.0.1 CPUs=\(ProcessInfo.processInfo.activeProcessorCount) State=UNKNOWN
      PartitionName=test Nodes=ALL Default=YES MaxTime=10 State=UP

      """
    try configuration.write(toFile: "\(folder)/slurm.conf", atomically: true, encoding: .utf8)
    environment = ["SLURM_CONF": "\(folder)/slurm.conf"]
    do {
      try start("munged", [
        "--foreground", "--force", "--socket=\(folder)/munge.socket", "--key-file=\(folder)/munge.key", "--log-file=\(folder)/munged.log",
        "--pid-file=\(folder)/munged.pid", "--seed-file=\(folder)/munged.seed",
      ])
      guard SchedulerProcess.poll(seconds: 20, { FileManager.default.fileExists(atPath: "\(folder)/munge.socket") }) else {
        throw NotUp(what: "munged", log: (try? String(contentsOfFile: "\(folder)/munged.out", encoding: .utf8)) ?? "")
      }
      try start("slurmctld", ["-D", "-i", "-f", "\(folder)/slurm.conf"])
      try start("slurmd", ["-D", "-f", "\(folder)/slurm.conf"])
      guard SchedulerProcess.poll(seconds: 60, { (try? self.run("sinfo", ["-h", "-o", "%T"]).stdout)?.contains("idle") == true }) else {
        throw NotUp(what: "the Slurm node", log: (try? String(contentsOfFile: "\(folder)/slurmctld.log", encoding: .utf8)) ?? "")
      }
    } catch {
      stop()
      throw error
    }
  }

  /// Runs one of Slurm's commands against this cluster and waits for it.
  func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, stdout: String) {
    let result = try FFmpegCLI.run(program, arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    return (result.status, String(decoding: result.stdout, as: UTF8.self) + result.stderr)
  }

  /// Stops every daemon: SIGTERM, then SIGKILL after 5 s.
  func stop() {
    for daemon in daemons.reversed() {
      kill(daemon.id, SIGTERM)
      if !Self.reaped(daemon.id, within: 5) {
        kill(daemon.id, SIGKILL)
        _ = Self.reaped(daemon.id, within: 5)
      }
    }
    daemons = []
  }

  deinit { stop() }

  /// Starts `program` with its output in `folder/program.out`.
  private func start(_ program: String, _ arguments: [String]) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "\(folder)/\(program).out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
    let argv = ([program] + arguments).map { strdup($0) } + [nil]
    let envp = variables.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var id = pid_t()
    let status = posix_spawnp(&id, program, &actions, nil, argv, envp)
    guard status == 0 else { throw NotUp(what: program, log: String(cString: strerror(status))) }
    daemons.append((program, id))
  }

  /// True once `id` has ended and been reaped, polling for up to `seconds`.
  private static func reaped(_ id: pid_t, within seconds: Double) -> Bool {
    SchedulerProcess.poll(seconds: seconds) {
      var status: Int32 = 0
      return waitpid(id, &status, WNOHANG) != 0
    }
  }

  /// The host name up to its first dot, as slurmd names its node.
  private static func shortHostName() -> String {
    var name = [CChar](repeating: 0, count: 256)
    gethostname(&name, name.count)
    return String(String(cString: name).split(separator: ".").first ?? "localhost")
  }

  /// A TCP port on 127.0.0.1 that nothing listens on now (the system's pick).
  private static func freePort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
    }
    guard bound else { throw NotUp(what: "a free port", log: String(cString: strerror(errno))) }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// A daemon that did not come up, with what it logged.
  struct NotUp: Error, CustomStringConvertible {
    var what: String
    var log: String
    var description: String { "\(what) did not start: \(log.suffix(2_000))" }
  }
}

import Testing

/// `tool` when it was found; otherwise nil, recorded as an issue on Linux, where
/// `scripts/bootstrap` installs it (elsewhere the test that needs it is skipped).
public func installedByBootstrap<Tool>(_ tool: Tool?, _ what: String) -> Tool? {
  #if os(Linux)
    if tool == nil { Issue.record("no \(what): run scripts/bootstrap") }
  #endif
  return tool
}

/// One parser under fuzzing: its name, valid inputs to mutate, and a call that hands it bytes.
///
/// `parse` returns normally whether the parser gave a value or refused the input with its own
/// error (the typed throws and optionals of Segue's parsers make any other outcome impossible);
/// a crash or a hang is the failure a fuzz run looks for.
public struct FuzzTarget: Sendable {
  public let name: String
  public let seeds: [[UInt8]]
  public let parse: @Sendable ([UInt8]) -> FuzzOutcome

  public init(name: String, seeds: [[UInt8]], parse: @escaping @Sendable ([UInt8]) -> FuzzOutcome) {
    self.name = name
    self.seeds = seeds
    self.parse = parse
  }
}

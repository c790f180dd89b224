import Composition

/// A mix as planned: the timeline, the inputs its clips name (tracks, then overlays), and the
/// tracks' loudness levelling when it was asked for.
public struct MixPlan: Sendable {
  public var plan: Plan
  public var sources: [InputSource]
  public var levelling: Levelling?
}

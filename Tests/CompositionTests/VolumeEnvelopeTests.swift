import Composition
import Testing

/// Volume envelopes follow AVFoundation's ramp semantics.
@Suite struct VolumeEnvelopeTests {
  @Test func unityBeforeTheFirstRampAndHeldAfterEach() throws {
    var envelope = VolumeEnvelope()
    try envelope.setVolumeRamp(from: 1, to: 0.5, over: 100..<200)
    try envelope.setVolumeRamp(from: 0.2, to: 0, over: 300..<400)
    #expect(envelope.volume(at: 0) == 1)
    #expect(envelope.volume(at: 99) == 1)
    #expect(envelope.volume(at: 100) == 1)
    #expect(envelope.volume(at: 150) == 0.75)
    #expect(envelope.volume(at: 200) == 0.5)
    #expect(envelope.volume(at: 299) == 0.5)
    #expect(envelope.volume(at: 300) == 0.2)
    #expect(envelope.volume(at: 350) == 0.1)
    #expect(envelope.volume(at: 10_000) == 0)
  }

  @Test func risingAndFallingRampsMirror() throws {
    var rising = VolumeEnvelope()
    var falling = VolumeEnvelope()
    try rising.setVolumeRamp(from: 0, to: 1, over: 0..<1000, curve: .equalPower)
    try falling.setVolumeRamp(from: 1, to: 0, over: 0..<1000, curve: .equalPower)
    for frame in stride(from: Int64(0), through: 1000, by: 10) {
      #expect(abs(rising.volume(at: frame) - falling.volume(at: 1000 - frame)) < 1e-12)
    }
  }

  @Test func refusesOverlappingRamps() throws {
    var envelope = VolumeEnvelope()
    try envelope.setVolumeRamp(from: 1, to: 0, over: 100..<200)
    #expect(throws: TimelineError.overlappingRamps) { try envelope.setVolumeRamp(from: 0, to: 1, over: 150..<250) }
    #expect(envelope.ramps.count == 1)
  }

  @Test func knowsWhereItIsConstant() throws {
    var envelope = VolumeEnvelope()
    #expect(envelope.isUnity)
    try envelope.setVolumeRamp(from: 1, to: 0, over: 100..<200)
    #expect(!envelope.isUnity)
    #expect(envelope.isConstant(over: 0..<100))
    #expect(!envelope.isConstant(over: 99..<101))
    #expect(envelope.isConstant(over: 200..<5000))
  }
}

/// A small, fast generator with a fixed sequence for a given seed (Steele, Lea and Flood's SplitMix64), so that
/// bootstrap intervals and sweep orders are reproducible.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence `seed` fixes: the same seed always gives the same values.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next value of the sequence, spread evenly over all of `UInt64`.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

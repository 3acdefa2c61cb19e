/// A first-in, first-out queue in a growable circular buffer: O(1) append and removal from the front.
///
/// Its elements live in memory it allocates itself, so that appending and removing need no uniqueness check,
/// retain or release, which a Swift array would add; elements are copied bit for bit (`Unmanaged<Job>`, `Int`). It
/// cannot be copied, and frees its memory when it goes away.
struct RingBuffer<Element: BitwiseCopyable>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    /// A power of two, so that masking wraps an index.
    private var capacity: Int
    private var head = 0
    private(set) var count = 0

    init(capacity: Int = 16) {
        self.capacity = max(1, capacity).nextPowerOfTwo
        storage = .allocate(capacity: self.capacity)
    }

    var isEmpty: Bool {
        count == 0
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity {
            grow()
        }
        (storage + ((head + count) & (capacity - 1))).initialize(to: element)
        count += 1
    }

    @inline(__always)
    mutating func popFirst() -> Element? {
        guard count > 0 else {
            return nil
        }
        let element = (storage + head).move()
        head = (head + 1) & (capacity - 1)
        count -= 1
        return element
    }

    deinit {
        storage.deallocate()
    }

    @inline(never)
    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        for offset in 0..<count {
            (larger + offset).initialize(to: (storage + ((head + offset) & (capacity - 1))).move())
        }
        storage.deallocate()
        storage = larger
        capacity *= 2
        head = 0
    }
}

extension Int {
    /// The smallest power of two at or above this number (which must be positive).
    fileprivate var nextPowerOfTwo: Int {
        1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
    }
}

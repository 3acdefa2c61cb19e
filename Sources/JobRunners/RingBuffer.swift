/// A first-in, first-out queue in a growable circular buffer: O(1) append and removal from the front.
struct RingBuffer<Element> {
    private var storage: [Element?] = Array(repeating: nil, count: 16)
    private var head = 0
    private(set) var count = 0

    var isEmpty: Bool {
        count == 0
    }

    mutating func append(_ element: Element) {
        if count == storage.count {
            grow()
        }
        // The capacity is a power of two, so masking wraps the index.
        storage[(head + count) & (storage.count - 1)] = element
        count += 1
    }

    mutating func popFirst() -> Element? {
        guard count > 0 else {
            return nil
        }
        let element = storage[head]
        storage[head] = nil
        head = (head + 1) & (storage.count - 1)
        count -= 1
        return element
    }

    private mutating func grow() {
        var larger = [Element?](repeating: nil, count: storage.count * 2)
        for offset in 0..<count {
            larger[offset] = storage[(head + offset) & (storage.count - 1)]
        }
        storage = larger
        head = 0
    }
}

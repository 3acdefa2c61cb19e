import Testing

@testable import JobRunners

extension ThreadingOverheadsTests {
    @Suite struct RingBufferTests {
        @Test("first in, first out, across growth and wrap-around")
        func fifoOrder() {
            var buffer = RingBuffer<Int>()
            var expected: [Int] = []
            var next = 0
            // Interleave appends and removals so that the head wraps before the buffer grows.
            for round in 0..<50 {
                for _ in 0..<(round % 7 + 3) {
                    buffer.append(next)
                    expected.append(next)
                    next += 1
                }
                for _ in 0..<(round % 5 + 1) {
                    #expect(buffer.popFirst() == expected.removeFirst())
                }
                #expect(buffer.count == expected.count)
            }
            while let value = buffer.popFirst() {
                #expect(value == expected.removeFirst())
            }
            #expect(expected.isEmpty)
            // A noncopyable buffer can't be handed to #expect's property check; its answer can.
            let isEmpty = buffer.isEmpty
            #expect(isEmpty)
            #expect(buffer.popFirst() == nil)
        }
    }
}

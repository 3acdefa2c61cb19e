/// A value in memory of its own, read and written through ``pointee`` without Swift's run-time exclusivity checks.
///
/// Swift checks every access to a class's stored `var` (`swift_beginAccess` and `swift_endAccess`, about 10 ns a
/// pair here), a cost of the language's safety checks that no mechanism has; a runner keeps its hot state in one of
/// these instead, as a `let`, and says in a comment what orders the accesses to it. It frees the memory when it goes
/// away, and cannot be copied.
struct UncheckedState<Value: ~Copyable>: ~Copyable {
    private let pointer: UnsafeMutablePointer<Value>

    init(_ value: consuming Value) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    var pointee: Value {
        unsafeAddress {
            UnsafePointer(pointer)
        }
        nonmutating unsafeMutableAddress {
            pointer
        }
    }
}

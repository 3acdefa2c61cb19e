import Foundation

/// Starts a closure on a new detached thread.
///
/// The detach runners take one so that tests can substitute a spawner whose thread never starts, as happens when
/// the system's thread limit is reached: Foundation's `Thread.start()` then does nothing and reports nothing.
typealias ThreadSpawner = @Sendable (_ body: @escaping @Sendable () -> Void) -> Void

enum DetachedThread {
    /// Foundation's detached thread, as the 2010 experiment used `+[NSThread detachNewThreadSelector:…]`.
    static let spawn: ThreadSpawner = { body in
        Thread.detachNewThread(body)
    }
}

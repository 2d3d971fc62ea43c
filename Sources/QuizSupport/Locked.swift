import Foundation

/// A value that threads share, reached only with a lock held. Built on Foundation's `NSLock`:
/// Synchronization's `Mutex` needs macOS 15, and the package supports macOS 14.
public final class Locked<Value> {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` on the value with the lock held; `body` must not reach this lock again.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// Unchecked because the compiler cannot see a lock: every access to `value` holds `lock`.
extension Locked: @unchecked Sendable where Value: Sendable {}

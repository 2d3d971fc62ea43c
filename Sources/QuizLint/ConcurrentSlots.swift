import Foundation

/// Results of concurrent tasks, each written by its task to its own slot and read once all are
/// done (`DispatchQueue.concurrentPerform`).
final class ConcurrentSlots<Value>: @unchecked Sendable {
    private var slots: [Value]
    private let lock = NSLock()

    init(count: Int, initial: Value) {
        slots = Array(repeating: initial, count: count)
    }

    func store(_ value: Value, at index: Int) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    /// The values in slot order (after `concurrentPerform` has returned).
    var values: [Value] { slots }
}

import Foundation
import QuizSupport

/// Results of concurrent tasks, each written by its task to its own slot and read once all are
/// done (`DispatchQueue.concurrentPerform`).
struct ConcurrentSlots<Value: Sendable>: Sendable {
    private let slots: Locked<[Value]>

    init(count: Int, initial: Value) {
        slots = Locked(Array(repeating: initial, count: count))
    }

    func store(_ value: Value, at index: Int) {
        slots.withLock { $0[index] = value }
    }

    /// The values in slot order (after `concurrentPerform` has returned).
    var values: [Value] { slots.withLock { $0 } }
}

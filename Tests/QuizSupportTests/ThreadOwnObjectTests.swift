import Foundation
import Testing
@testable import QuizSupport

/// `ThreadOwnObject`: one object a thread, kept between calls, released with its thread.
struct ThreadOwnObjectTests {
    private final class Counter {
        var calls = 0
        let onRelease: @Sendable () -> Void
        init(onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
        deinit { onRelease() }
    }

    @Test func aThreadKeepsItsObjectAndAnotherThreadHasItsOwn() {
        let made = Locked(0)
        let released = Locked(0)
        let objects = ThreadOwnObject(for: "a test") {
            made.withLock { $0 += 1 }
            return Counter { released.withLock { $0 += 1 } }
        }
        // Two threads each call three times; each sees only its own calls.
        let seen = Locked<[Int]>([])
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            let thread = Thread {
                for _ in 0..<3 { objects.current.calls += 1 }
                seen.withLock { $0.append(objects.current.calls) }
                done.signal()
            }
            thread.start()
        }
        done.wait()
        done.wait()
        #expect(seen.withLock { $0 } == [3, 3])
        #expect(made.withLock { $0 } == 2)
        // Each thread's object goes with its thread (the key's destructor runs as it exits).
        let deadline = Date().addingTimeInterval(5)
        while released.withLock({ $0 }) < 2 && Date() < deadline { usleep(1_000) }
        #expect(released.withLock { $0 } == 2)
    }
}

import Foundation

/// A readers-writer lock (pthread): many threads look words up at once; adding a word waits
/// for them.
// Unchecked: a pthread lock is made to be shared, and the pointer to it never leaves this object.
final class ReadWriteLock: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>

    init() {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_rwlock_t())
        pthread_rwlock_init(lock, nil)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    @inline(__always) func lockForReading() { pthread_rwlock_rdlock(lock) }
    @inline(__always) func lockForWriting() { pthread_rwlock_wrlock(lock) }
    @inline(__always) func unlock() { pthread_rwlock_unlock(lock) }
}

#if canImport(Darwin)
import Darwin
#else
import Glibc
#endif

/// An object each thread has of its own, made at the thread's first `current` and released when
/// the thread ends: for what a thread reuses between calls (caches, scratch buffers) without a
/// lock.
public final class ThreadOwnObject<Object: AnyObject>: Sendable {
    private let key: pthread_key_t
    private let make: @Sendable () -> Object

    /// `make` gives a thread its object; `purpose` names it in the message if the process has no
    /// thread-specific key left.
    public init(for purpose: String, make: @escaping @Sendable () -> Object) {
        var key = pthread_key_t()
        #if canImport(Darwin)
        let status = pthread_key_create(&key) { Unmanaged<AnyObject>.fromOpaque($0).release() }
        #else
        let status = pthread_key_create(&key) { if let object = $0 { Unmanaged<AnyObject>.fromOpaque(object).release() } }
        #endif
        precondition(status == 0, "no thread-specific key left for \(purpose)")
        self.key = key
        self.make = make
    }

    /// This thread's object.
    public var current: Object {
        if let stored = pthread_getspecific(key) { return Unmanaged<Object>.fromOpaque(stored).takeUnretainedValue() }
        let object = make()
        pthread_setspecific(key, Unmanaged.passRetained(object).toOpaque())
        return object
    }
}

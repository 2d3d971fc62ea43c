extension String {
    /// Calls `body` with the string's UTF-8 bytes, in place for a native string. The rules take a
    /// quick look at the bytes of every text before anything costlier, and a loop over a buffer
    /// costs a fraction of one over `utf8`, which checks the string's form at every byte.
    @inlinable
    public func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(utf8).withUnsafeBufferPointer(body)
    }
}

extension UInt8 {
    /// An ASCII byte that `Character.isWhitespace` calls white space: tab, line feed, vertical
    /// tab, form feed, carriage return and space.
    @inlinable
    public var isASCIIWhitespace: Bool { self == 0x20 || (0x09...0x0D).contains(self) }
}

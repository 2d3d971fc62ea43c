#if os(Linux)
internal import CMalloc
#endif

/// How the C library's allocator gives back the memory of freed blocks, for a process that
/// holds a large bank while it makes and frees many buffers of a few mebibytes.
public enum FreedMemory {
    /// Blocks of at least this many bytes are mapped apart and unmapped when freed, and free
    /// room of more at the top of the heap is given back: glibc's default thresholds.
    public static let mappedBlockThreshold = 128 << 10

    /// Keeps glibc's thresholds for mapping a block apart and for giving back the top of the
    /// heap at `mappedBlockThreshold`. Left to itself, glibc raises them to the size of each
    /// mapped block that is freed (up to 32 MiB, and twice that), so that after the first such
    /// free, blocks of up to that size come from the heap, and, freed, stay resident among the
    /// blocks still held beside them. A lint of a large bank frees buffers of a few mebibytes
    /// all along (the decoder's, each rule's working state, the findings of each window of
    /// chunks) while the bank is held: fixed, each of them is given back when freed. Call it
    /// once, before the work (the command line does); elsewhere than Linux it does nothing.
    public static func returnLargeBlocksWhenFreed() {
        #if os(Linux)
        _ = mallopt(M_MMAP_THRESHOLD, Int32(mappedBlockThreshold))
        _ = mallopt(M_TRIM_THRESHOLD, Int32(mappedBlockThreshold))
        #endif
    }
}

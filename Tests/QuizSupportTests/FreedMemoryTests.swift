#if os(Linux)
import CMalloc
import Glibc
import Testing
import QuizSupport

@Suite struct FreedMemoryTests {
    /// After a mapped block of 30 MiB is freed, a block of 20 MiB is still mapped apart (so
    /// that freeing it gives its pages back), where glibc left to itself would have raised its
    /// threshold to 30 MiB and taken the block from the heap. A mapped block is page-aligned
    /// with a header of two words, so its usable size is two words short of whole pages; a
    /// block from the heap of this size is not. (20 MiB: more than the heap of a thread that
    /// gives back its top past the threshold has free.)
    @Test func largeBlocksStayMappedAfterALargerOneIsFreed() throws {
        FreedMemory.returnLargeBlocksWhenFreed()
        let page = sysconf(Int32(_SC_PAGESIZE))
        let header = 2 * MemoryLayout<Int>.size
        let larger = try #require(malloc(30 << 20))
        larger.storeBytes(of: 1, as: UInt8.self)
        free(larger)
        let size = (20 << 20) + 100
        let block = try #require(malloc(size))
        defer { free(block) }
        let usable = malloc_usable_size(block)
        #expect(usable >= size)
        #expect((usable + header) % page == 0, "usable size \(usable): not a block mapped apart")
    }
}
#endif

#if os(Linux)
import Testing
import TestSupport

@Suite struct FreedMemoryTests {
    /// After a mapped block of 30 MiB is freed, a block of 20 MiB is still mapped apart (so that
    /// freeing it gives its pages back), where glibc left to itself raises its threshold to
    /// 30 MiB and takes the block from the heap. The probe runs in a process of its own
    /// (Tests/FreedMemoryProbe says why); its run with glibc's defaults shows that it tells
    /// the two apart.
    @Test func largeBlocksStayMappedAfterALargerOneIsFreed() throws {
        let probe = TestRepository.builtProduct("freed-memory-probe")
        let fixed = try ProcessRun(probe, [], timeout: 60)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.stdout == "mapped\n")
        let defaults = try ProcessRun(probe, ["--glibc-defaults"], timeout: 60)
        #expect(defaults.status == 0, "\(defaults.stderr)")
        #expect(defaults.stdout == "heap\n")
    }
}
#endif

// Run by FreedMemoryTests, each time in a process of its own: glibc serves a large request from
// a free chunk of an arena before it maps one apart, whatever its threshold, and the tests that
// share the test runner's process leave such chunks behind.
//
// Frees a mapped block of 30 MiB, then asks for one of 20 MiB and prints `mapped` when that
// block is mapped apart (so that freeing it gives its pages back) or `heap` when it came from
// the heap. With `--glibc-defaults` it leaves glibc's thresholds as they are, to show what
// `FreedMemory.returnLargeBlocksWhenFreed` changes.
#if os(Linux)
import CMalloc
import Glibc
import QuizSupport

if !CommandLine.arguments.dropFirst().contains("--glibc-defaults") {
    FreedMemory.returnLargeBlocksWhenFreed()
}
guard let larger = malloc(30 << 20) else { exit(2) }
larger.storeBytes(of: 1, as: UInt8.self)
free(larger)
let size = (20 << 20) + 100
guard let block = malloc(size) else { exit(2) }
// A mapped block is page-aligned with a header of two words, so its usable size is two words
// short of whole pages; a block from the heap of this size is not.
let usable = malloc_usable_size(block)
let header = 2 * MemoryLayout<Int>.size
let page = sysconf(Int32(_SC_PAGESIZE))
print(usable >= size && (usable + header) % page == 0 ? "mapped" : "heap")
free(block)
#else
print("unsupported")
#endif

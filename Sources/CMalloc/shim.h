// glibc's allocator settings (mallopt). Other C libraries have no <malloc.h> of this kind, and
// the Swift code that reads this is for Linux only.
#if defined(__linux__) && __has_include(<malloc.h>)
#include <malloc.h>
#endif

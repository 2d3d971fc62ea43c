// The few calls of ICU's C API that line breaking uses.
//
// ICU renames every function by its major version (`ubrk_open` is a macro for `ubrk_open_72`
// on Debian 12), and Swift imports no such macro: the wrappers below call the unversioned
// names, so unicode/urename.h picks the suffix and no Swift code names a version.
//
// Only urename.h (macros and ICU's basic typedefs) is included, not ubrk.h, utext.h or
// uchar.h: on Linux, Foundation carries its own copy of ICU whose enums (UErrorCode,
// UProperty, ULineBreak) have more members, and Clang refuses two different definitions of
// one type in a Swift module that sees both. The declarations here are ICU's stable C API,
// with its enums passed as the int32_t they are; the constants are ICU's.
#include <stdint.h>
#include <unicode/urename.h>

typedef struct CICUBreakIterator CICUBreakIterator;
typedef struct CICUText CICUText;

CICUBreakIterator *ubrk_open(int32_t type, const char *locale, const UChar *text, int32_t textLength, int32_t *status);
void ubrk_close(CICUBreakIterator *iterator);
void ubrk_setUText(CICUBreakIterator *iterator, CICUText *text, int32_t *status);
int32_t ubrk_following(CICUBreakIterator *iterator, int32_t offset);
int32_t ubrk_next(CICUBreakIterator *iterator);
UBool ubrk_isBoundary(CICUBreakIterator *iterator, int32_t offset);
int32_t ubrk_getRuleStatus(CICUBreakIterator *iterator);
CICUText *utext_openUTF8(CICUText *reuse, const char *bytes, int64_t length, int32_t *status);
CICUText *utext_close(CICUText *text);
int32_t u_getIntPropertyValue(UChar32 scalar, int32_t property);

/// UBRK_DONE: no further boundary.
static const int32_t cicu_done = -1;
/// ULineBreak values (uchar.h).
enum {
    cicu_line_break_combining_mark = 9,
    cicu_line_break_h2 = 31,
    cicu_line_break_h3 = 32,
    cicu_line_break_jl = 33,
    cicu_line_break_jt = 34,
    cicu_line_break_jv = 35,
    cicu_line_break_zwj = 42,
};

/// A line break iterator for the root locale (UAX #14 with ICU's default tailoring), or NULL
/// with `status` set (U_FAILURE: above 0).
static inline CICUBreakIterator *cicu_line_break_iterator_open(int32_t *status) {
    return ubrk_open(2 /* UBRK_LINE */, "", NULL, 0, status);
}

static inline void cicu_break_iterator_close(CICUBreakIterator *iterator) {
    ubrk_close(iterator);
}

/// A UText over UTF-8 bytes (its native indices are byte offsets); `reuse` is NULL or a UText
/// opened before, which is then reused.
static inline CICUText *cicu_utext_open_utf8(CICUText *reuse, const char *bytes, int64_t length, int32_t *status) {
    return utext_openUTF8(reuse, bytes, length, status);
}

static inline void cicu_utext_close(CICUText *text) {
    utext_close(text);
}

static inline void cicu_break_iterator_set_utext(CICUBreakIterator *iterator, CICUText *text, int32_t *status) {
    ubrk_setUText(iterator, text, status);
}

/// The first boundary after `offset`, or cicu_done.
static inline int32_t cicu_break_iterator_following(CICUBreakIterator *iterator, int32_t offset) {
    return ubrk_following(iterator, offset);
}

static inline int32_t cicu_break_iterator_next(CICUBreakIterator *iterator) {
    return ubrk_next(iterator);
}

static inline int cicu_break_iterator_is_boundary(CICUBreakIterator *iterator, int32_t offset) {
    return ubrk_isBoundary(iterator, offset) != 0;
}

/// Whether the boundary last returned is a mandatory break: its rule status is in
/// [UBRK_LINE_HARD, UBRK_LINE_HARD_LIMIT).
static inline int cicu_break_iterator_is_hard(CICUBreakIterator *iterator) {
    int32_t status = ubrk_getRuleStatus(iterator);
    return status >= 100 && status < 200;
}

/// The Line_Break property (UCHAR_LINE_BREAK) of a code point, a ULineBreak value.
static inline int32_t cicu_line_break_class(UChar32 scalar) {
    return u_getIntPropertyValue(scalar, 0x1008 /* UCHAR_LINE_BREAK */);
}

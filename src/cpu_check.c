/*
 * The processor check that runs before boardlab's `main`.
 *
 * The workspace builds for x86-64-v3 (.cargo/config.toml), which lets the compiler use AVX2,
 * BMI2 and the rest of that level anywhere in the Rust code, even in code that would ask the
 * processor whether it has them. On an older processor such a program dies on an illegal
 * instruction before it can say why. So the question is asked here instead: this file is
 * compiled on its own for baseline x86-64 (build.rs passes -march=x86-64), so every instruction
 * in it runs on any x86-64 processor, and its one entry point is a constructor, which the C
 * runtime calls before Rust's `main`.
 *
 * Why a C constructor: GCC and Clang document it as the way to run code before `main`, its flags
 * are the C compiler's and not rustc's, and it reads as ordinary C. Rust's `global_asm!` could do
 * the same, but a student would then read the CPUID calls and the message formatting in assembly.
 *
 * build.rs compiles this file only when the build assumes more than baseline x86-64, and passes
 * two strings:
 *   BUILT_FOR    what the build was made for, e.g. "x86-64-v3" (rustc's -C target-cpu);
 *   BUILT_WITH   rustc's target features for the build, each between commas: ",avx,avx2,bmi1,".
 * When a feature the build assumes is missing, the check prints one line on standard error
 * naming what is missing and exits with status 2, the status boardlab gives every refusal.
 */

#include <cpuid.h>
#include <ctype.h>
#include <string.h>
#include <unistd.h>

#if !defined(BUILT_FOR) || !defined(BUILT_WITH)
#error "build.rs defines BUILT_FOR and BUILT_WITH"
#endif

/* The compiler defines these exactly when it may use the instructions on its own, which would
 * make the check fault where it should refuse. CFLAGS come after build.rs's -march=x86-64 on the
 * compiler's command line, so a CFLAGS=-march=native would otherwise win unnoticed. */
#if defined(__SSE3__) || defined(__POPCNT__) || defined(__AVX__) || defined(__BMI__)
#error "cpu_check.c must be compiled for baseline x86-64: remove -march from CFLAGS"
#endif

/* The registers CPUID answers in. */
enum reg { EAX, EBX, ECX, EDX };

/*
 * The XCR0 bits that say the operating system saves a register file across task switches. A
 * processor may have AVX while the system leaves the YMM registers' upper halves unsaved; then
 * AVX instructions fault, so the feature counts as missing.
 */
#define XMM_STATE (1ull << 1)
#define YMM_STATE (1ull << 2)
#define AVX512_STATE (7ull << 5) /* opmask registers, ZMM0-15's upper halves, ZMM16-31 */
#define AVX_OS (XMM_STATE | YMM_STATE)
#define AVX512_OS (AVX_OS | AVX512_STATE)

/* One feature a build may assume: where CPUID reports it, and the register state it needs. */
struct feature {
    const char *name;            /* rustc's name, as build.rs finds it in BUILT_WITH */
    unsigned leaf;               /* the CPUID leaf (subleaf 0) */
    enum reg reg;                /* the register of the answer holding the bit */
    unsigned bit;                /* the bit */
    unsigned long long os_state; /* the XCR0 bits it also needs, or 0 */
};

/*
 * The features of the x86-64 psABI's micro-architecture levels above the baseline (which every
 * x86-64 processor has: SSE, SSE2, FXSR), level by level. The CPUID bits are
 * those of Intel's Software Developer's Manual, volume 2, "CPUID"; GCC's <cpuid.h> names the
 * same bits (bit_AVX2 and so on). A feature rustc adds that is not listed here is not checked;
 * a build with target-cpu=native assumes its own processor and needs no check.
 */
static const struct feature FEATURES[] = {
    /* x86-64-v2 (LAHF/SAHF in long mode is part of it too; rustc has no name for it) */
    {"cmpxchg16b", 1, ECX, 13, 0},
    {"popcnt", 1, ECX, 23, 0},
    {"sse3", 1, ECX, 0, 0},
    {"sse4.1", 1, ECX, 19, 0},
    {"sse4.2", 1, ECX, 20, 0},
    {"ssse3", 1, ECX, 9, 0},
    /* x86-64-v3 */
    {"avx", 1, ECX, 28, AVX_OS},
    {"avx2", 7, EBX, 5, AVX_OS},
    {"bmi1", 7, EBX, 3, 0},
    {"bmi2", 7, EBX, 8, 0},
    {"f16c", 1, ECX, 29, AVX_OS},
    {"fma", 1, ECX, 12, AVX_OS},
    {"lzcnt", 0x80000001, ECX, 5, 0},
    {"movbe", 1, ECX, 22, 0},
    {"xsave", 1, ECX, 26, 0},
    /* x86-64-v4 */
    {"avx512f", 7, EBX, 16, AVX512_OS},
    {"avx512bw", 7, EBX, 30, AVX512_OS},
    {"avx512cd", 7, EBX, 28, AVX512_OS},
    {"avx512dq", 7, EBX, 17, AVX512_OS},
    {"avx512vl", 7, EBX, 31, AVX512_OS},
};

#define FEATURE_COUNT (sizeof FEATURES / sizeof FEATURES[0])

/* Whether the build assumed the feature: its name stands between commas in BUILT_WITH. */
static int assumed(const struct feature *feature) {
    char quoted[32];
    size_t length = strlen(feature->name);
    if (length + 3 > sizeof quoted) {
        return 0;
    }
    quoted[0] = ',';
    memcpy(quoted + 1, feature->name, length);
    quoted[length + 1] = ',';
    quoted[length + 2] = '\0';
    return strstr(BUILT_WITH, quoted) != NULL;
}

/* The XCR0 register: which register files the operating system saves. Reading it needs the
 * XGETBV instruction, which exists only when CPUID says the system enabled it (OSXSAVE). */
static unsigned long long enabled_state(void) {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx) || !(ecx & bit_OSXSAVE)) {
        return 0;
    }
    unsigned low, high;
    __asm__("xgetbv" : "=a"(low), "=d"(high) : "c"(0));
    return ((unsigned long long)high << 32) | low;
}

/* Whether this processor, and the system running it, provide the feature. */
static int present(const struct feature *feature, unsigned long long enabled) {
    unsigned regs[4];
    /* __get_cpuid_count answers 0 for a leaf beyond the processor's highest, so an old
     * processor that lacks leaf 7 lacks every feature reported there. */
    if (!__get_cpuid_count(feature->leaf, 0, &regs[EAX], &regs[EBX], &regs[ECX], &regs[EDX])) {
        return 0;
    }
    int has_bit = (regs[feature->reg] >> feature->bit) & 1;
    return has_bit && (enabled & feature->os_state) == feature->os_state;
}

/* The message under construction: text appended up to the buffer's end, the rest cut off. The
 * longest message, every feature named twice, takes about 450 bytes. */
struct line {
    char text[1024];
    size_t length;
};

static void append(struct line *line, const char *text) {
    while (*text != '\0' && line->length < sizeof line->text - 1) {
        line->text[line->length++] = *text++;
    }
}

/* Appends the feature's name as the manuals write it: "sse4.1" becomes "SSE4.1". */
static void append_upper(struct line *line, const char *name) {
    while (*name != '\0' && line->length < sizeof line->text - 1) {
        line->text[line->length++] = (char)toupper((unsigned char)*name++);
    }
}

/* Appends the names of the assumed features, those missing only when `missing_only`. */
static void append_features(struct line *line, const int *missing, int missing_only) {
    const char *separator = "";
    for (size_t i = 0; i < FEATURE_COUNT; i++) {
        if (assumed(&FEATURES[i]) && (missing[i] || !missing_only)) {
            append(line, separator);
            append_upper(line, FEATURES[i].name);
            separator = ", ";
        }
    }
}

/*
 * The check itself. Priority 101, the first one open to programs, runs it before every
 * constructor without a priority, so before any other code of the program's own; the C
 * library's start-up, which is built for baseline x86-64, runs before it.
 */
__attribute__((constructor(101), used)) static void boardlab_cpu_check(void) {
    unsigned long long enabled = enabled_state();
    int missing[FEATURE_COUNT];
    int any_missing = 0;
    for (size_t i = 0; i < FEATURE_COUNT; i++) {
        missing[i] = assumed(&FEATURES[i]) && !present(&FEATURES[i], enabled);
        any_missing |= missing[i];
    }
    if (!any_missing) {
        return;
    }

    struct line line = {.length = 0};
    append(&line, "error: this boardlab was built for " BUILT_FOR " (");
    append_features(&line, missing, 0);
    append(&line, ") and this processor lacks ");
    append_features(&line, missing, 1);
    append(&line, "; build it for this machine with"
                  " RUSTFLAGS=\"-C target-cpu=native\" cargo build --release");
    line.text[line.length++] = '\n';
    /* One write, so the line arrives whole; nothing else of the program runs after it. */
    ssize_t written = write(STDERR_FILENO, line.text, line.length);
    (void)written;
    _exit(2);
}

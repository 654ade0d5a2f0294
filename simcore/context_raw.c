/* context_raw: the fast factory. A switch pushes the callee-saved registers and the floating-
 * point control words on the old stack, stores the stack pointer, loads the new one and pops
 * the same frame: no system call (the signal mask is not touched). x86-64 and aarch64, ELF. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stddef.h>
#include <stdint.h>

#include "simcore/context.h"
#include "simcore/internal.h"

#ifdef HAVE_RAW_CONTEXTS

/* Where a new context's first switch "returns": calls entry(arg) from the saved registers.
 * Its unwind info marks the return address undefined, so backtraces end there cleanly. */
void sim__ctx_raw_start(void);

/* The ELF directives around a hidden assembly function `name` (a string); RAW_FUNCTION is the
 * architecture's spelling of the symbol type. */
#define RAW_BEGIN(name)                                                                            \
    ".p2align 4\n\t"                                                                               \
    ".globl " name "\n\t"                                                                          \
    ".hidden " name "\n\t"                                                                         \
    ".type " name ", " RAW_FUNCTION "\n" name ":\n\t"                                              \
    ".cfi_startproc\n\t"
#define RAW_END(name)                                                                              \
    ".cfi_endproc\n\t"                                                                             \
    ".size " name ", .-" name "\n\t"

/* The frame of `words` 64-bit words under the 16-byte aligned top of a new stack, zeroed: what
 * the first switch to it pops. */
static uint64_t *raw_frame(char *stack, size_t size, int words)
{
    uintptr_t top = ((uintptr_t)stack + size) & ~(uintptr_t)15;
    uint64_t *frame = (uint64_t *)(top - (size_t)words * sizeof(uint64_t));

    for (int i = 0; i < words; i++)
        frame[i] = 0;
    return frame;
}

#if defined(__x86_64__)

#define RAW_FUNCTION "@function"

#ifdef __CET__
#define RAW_ENDBR "endbr64\n\t"
#else
#define RAW_ENDBR ""
#endif

/* sim__ctx_raw_swap(save_sp = %rdi, load_sp = %rsi). Frame, from the saved stack pointer up:
 * MXCSR (4 bytes) and x87 control word (2 bytes) in one 8-byte slot, r15, r14, r13, r12,
 * rbx, rbp, return address: 64 bytes. */
/* clang-format off */
__asm__(".text\n\t"
        RAW_BEGIN("sim__ctx_raw_swap")
        RAW_ENDBR "pushq %rbp\n\t"
        "pushq %rbx\n\t"
        "pushq %r12\n\t"
        "pushq %r13\n\t"
        "pushq %r14\n\t"
        "pushq %r15\n\t"
        "subq $8, %rsp\n\t"
        "stmxcsr (%rsp)\n\t"
        "fnstcw 4(%rsp)\n\t"
        "movq %rsp, (%rdi)\n\t"
        "movq (%rsi), %rsp\n\t"
        "ldmxcsr (%rsp)\n\t"
        "fldcw 4(%rsp)\n\t"
        "addq $8, %rsp\n\t"
        "popq %r15\n\t"
        "popq %r14\n\t"
        "popq %r13\n\t"
        "popq %r12\n\t"
        "popq %rbx\n\t"
        "popq %rbp\n\t"
        "ret\n\t"
        RAW_END("sim__ctx_raw_swap")
        "\n\t"
        RAW_BEGIN("sim__ctx_raw_start")
        ".cfi_undefined rip\n\t" RAW_ENDBR "movq %rbx, %rdi\n\t"
        "callq *%r12\n\t"
        "ud2\n\t"
        RAW_END("sim__ctx_raw_start"));
/* clang-format on */

#define RAW_FRAME_WORDS 8

/* Builds the frame the first switch pops: control words inherited from the creator, r12 =
 * entry, rbx = arg, rbp = 0 (end of the frame-pointer chain), return into sim__ctx_raw_start.
 * The stack pointer after that `ret` is the 16-byte aligned top, as the call needs. */
void *sim__ctx_raw_prepare(char *stack, size_t size, sim__ctx_entry_fn *entry, void *arg)
{
    uint64_t *frame = raw_frame(stack, size, RAW_FRAME_WORDS);
    uint32_t mxcsr;
    uint16_t fcw;

    __asm__ volatile("stmxcsr %0" : "=m"(mxcsr));
    __asm__ volatile("fnstcw %0" : "=m"(fcw));
    frame[0] = (uint64_t)mxcsr | (uint64_t)fcw << 32; /* then r15, r14, r13: 0 */
    frame[4] = (uint64_t)(uintptr_t)entry;            /* r12 */
    frame[5] = (uint64_t)(uintptr_t)arg;              /* rbx; rbp (frame[6]) = 0 */
    frame[7] = (uint64_t)(uintptr_t)sim__ctx_raw_start;
    return frame;
}

#elif defined(__aarch64__)

#define RAW_FUNCTION "%function"

/* sim__ctx_raw_swap(save_sp = x0, load_sp = x1). Frame, from the saved stack pointer up:
 * x19..x28, x29 (fp), x30 (lr), d8..d15, FPCR, padding: 176 bytes (sp stays 16-aligned). */
/* clang-format off */
__asm__(".text\n\t"
        RAW_BEGIN("sim__ctx_raw_swap")
        "sub sp, sp, #176\n\t"
        "stp x19, x20, [sp, #0]\n\t"
        "stp x21, x22, [sp, #16]\n\t"
        "stp x23, x24, [sp, #32]\n\t"
        "stp x25, x26, [sp, #48]\n\t"
        "stp x27, x28, [sp, #64]\n\t"
        "stp x29, x30, [sp, #80]\n\t"
        "stp d8, d9, [sp, #96]\n\t"
        "stp d10, d11, [sp, #112]\n\t"
        "stp d12, d13, [sp, #128]\n\t"
        "stp d14, d15, [sp, #144]\n\t"
        "mrs x9, fpcr\n\t"
        "str x9, [sp, #160]\n\t"
        "mov x9, sp\n\t"
        "str x9, [x0]\n\t"
        "ldr x9, [x1]\n\t"
        "mov sp, x9\n\t"
        "ldp x19, x20, [sp, #0]\n\t"
        "ldp x21, x22, [sp, #16]\n\t"
        "ldp x23, x24, [sp, #32]\n\t"
        "ldp x25, x26, [sp, #48]\n\t"
        "ldp x27, x28, [sp, #64]\n\t"
        "ldp x29, x30, [sp, #80]\n\t"
        "ldp d8, d9, [sp, #96]\n\t"
        "ldp d10, d11, [sp, #112]\n\t"
        "ldp d12, d13, [sp, #128]\n\t"
        "ldp d14, d15, [sp, #144]\n\t"
        "ldr x9, [sp, #160]\n\t"
        "msr fpcr, x9\n\t"
        "add sp, sp, #176\n\t"
        "ret\n\t"
        RAW_END("sim__ctx_raw_swap")
        "\n\t"
        RAW_BEGIN("sim__ctx_raw_start")
        ".cfi_undefined x30\n\t"
        "mov x0, x19\n\t"
        "blr x20\n\t"
        "brk #0\n\t"
        RAW_END("sim__ctx_raw_start"));
/* clang-format on */

#define RAW_FRAME_WORDS 22

/* Builds the frame the first switch pops: x19 = arg, x20 = entry, fp = 0, lr =
 * sim__ctx_raw_start, FPCR inherited from the creator; sp ends at the 16-aligned top. */
void *sim__ctx_raw_prepare(char *stack, size_t size, sim__ctx_entry_fn *entry, void *arg)
{
    uint64_t *frame = raw_frame(stack, size, RAW_FRAME_WORDS);
    uint64_t fpcr;

    __asm__ volatile("mrs %0, fpcr" : "=r"(fpcr));
    frame[0] = (uint64_t)(uintptr_t)arg;                 /* x19 */
    frame[1] = (uint64_t)(uintptr_t)entry;               /* x20 */
    frame[11] = (uint64_t)(uintptr_t)sim__ctx_raw_start; /* x30; x29 (frame[10]) = 0 */
    frame[20] = fpcr;
    return frame;
}

#else
#error "HAVE_RAW_CONTEXTS is defined but this architecture has no raw context switch"
#endif

#endif /* HAVE_RAW_CONTEXTS */

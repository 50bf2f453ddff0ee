#include "program_image.h"
#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

extern char __data_start[];
extern char _end[];

void gc_program_data_range(uintptr_t *start, uintptr_t *end) {
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t first = (uintptr_t)__data_start & ~(page - 1);
    uintptr_t last = ((uintptr_t)_end + page - 1) & ~(page - 1);
    if (last <= first || last - first > ((uintptr_t)64 << 20)) {
        *start = 0;
        *end = 0;
        return;
    }
    *start = first;
    *end = last;
}

int gc_populate_program_data(void) {
    uintptr_t start, end;
    gc_program_data_range(&start, &end);
    if (start == end) return ERANGE;
    return madvise((void *)start, end - start, MADV_POPULATE_WRITE) == 0 ? 0 : errno;
}

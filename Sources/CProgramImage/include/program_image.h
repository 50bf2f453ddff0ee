#ifndef GUESTCRAFT_PROGRAM_IMAGE_H
#define GUESTCRAFT_PROGRAM_IMAGE_H
#include <stdint.h>

/* The executable's own writable data: from the linker's `__data_start` (glibc's start files put it
   at the head of .data) to `_end` (the end of .bss), widened to whole pages. Zero and zero when the
   two do not make a plausible range (at most 64 MiB, the end after the start). */
void gc_program_data_range(uintptr_t *start, uintptr_t *end);

/* Asks the kernel to fault in every page of that range for writing (MADV_POPULATE_WRITE, Linux 5.14)
   in one call. 0 when done; else the errno (EINVAL on an older kernel; ERANGE for no range). */
int gc_populate_program_data(void);

#endif

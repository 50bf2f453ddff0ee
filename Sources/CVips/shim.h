#ifndef GUESTCRAFT_CVIPS_SHIM_H
#define GUESTCRAFT_CVIPS_SHIM_H
#include <malloc.h>
#include <vips/vips.h>

/* libvips for guestcraft-photo only (the app never links it): the variadic calls it makes, each
   with fixed arguments, and the loaders it lets run. */

/* Loaders allowed to see a photo; every other loader (and anything libvips calls untrusted:
   ImageMagick, PDF, SVG, matrix files…) is blocked before any file is opened. */
static inline void gc_vips_allow_only_photo_loaders(void) {
    vips_block_untrusted_set(TRUE);
    vips_operation_block_set("VipsForeignLoad", TRUE);
    vips_operation_block_set("VipsForeignLoadJpeg", FALSE);
    vips_operation_block_set("VipsForeignLoadPng", FALSE);
    vips_operation_block_set("VipsForeignLoadWebp", FALSE);
    vips_operation_block_set("VipsForeignLoadHeif", FALSE);
}

/* The header only (no pixels are decoded): sequential access, so a later read streams. */
static inline VipsImage *gc_vips_header(VipsSource *source) {
    return vips_image_new_from_source(source, "", "access", VIPS_ACCESS_SEQUENTIAL, NULL);
}

/* Shrink-on-load into a `box`×`box` square, never larger than the original, turned upright by
   its orientation tag (thumbnail's default); the loader stops at the first decoding error or
   truncation (8.14's thumbnail_source does not pass its own `fail_on` on: the loader's options do). */
static inline int gc_vips_thumbnail(VipsSource *source, VipsImage **out, int box) {
    return vips_thumbnail_source(source, out, box, "height", box, "size", VIPS_SIZE_DOWN,
                                 "option_string", "fail_on=error", NULL);
}

/* Transparency over white (a JPEG has none; libvips would flatten over black). */
static inline int gc_vips_flatten_white(VipsImage *in, VipsImage **out) {
    VipsInterpretation type = vips_image_get_interpretation(in);
    double white = (type == VIPS_INTERPRETATION_RGB16 || type == VIPS_INTERPRETATION_GREY16) ? 65535.0 : 255.0;
    VipsArrayDouble *background = vips_array_double_newv(1, white);
    int result = vips_flatten(in, out, "background", background, NULL);
    vips_area_unref(VIPS_AREA(background));
    return result;
}

/* JPEG at `quality` with every metadata block removed (EXIF, XMP, IPTC, comments, ICC). */
static inline int gc_vips_jpegsave(VipsImage *in, VipsTarget *target, int quality) {
    return vips_jpegsave_target(in, target, "Q", quality, "strip", TRUE, "optimize_coding", TRUE, NULL);
}

/* At most `arenas` malloc arenas: each thread's own 64 MiB arena reservation counts against
   RLIMIT_AS (M_ARENA_MAX is a macro). */
static inline int gc_malloc_arena_max(int arenas) { return mallopt(M_ARENA_MAX, arenas); }

/* g_object_unref for an image, a source or a target. */
static inline void gc_vips_unref(void *object) { if (object) g_object_unref(object); }
#endif

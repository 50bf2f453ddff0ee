#ifndef GUESTCRAFT_CNCURSES_SHIM_H
#define GUESTCRAFT_CNCURSES_SHIM_H
/* SwiftPM drops pkg-config's -D flags: wide-character API needs these first. */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

/* Globals and macros Swift cannot import. */
static inline WINDOW *gc_stdscr(void) { return stdscr; }
static inline int gc_lines(void) { return LINES; }
static inline int gc_cols(void) { return COLS; }
static inline void gc_set_escdelay(int ms) { set_escdelay(ms); }
static inline attr_t gc_a_normal(void) { return A_NORMAL; }
static inline attr_t gc_a_bold(void) { return A_BOLD; }
static inline attr_t gc_a_reverse(void) { return A_REVERSE; }
static inline attr_t gc_a_underline(void) { return A_UNDERLINE; }
static inline attr_t gc_a_dim(void) { return A_DIM; }
static inline int gc_key_f(int n) { return KEY_F(n); }
static inline int gc_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int gc_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline int gc_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline mmask_t gc_button1_clicked(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED; }
static inline int gc_setlocale_all(void) { return setlocale(LC_ALL, "") != NULL; }
static inline int gc_wcwidth(wchar_t c) { return wcwidth(c); }

/* Draw one cell: a base character plus up to 4 combining marks, with attributes and a colour pair. */
static inline int gc_put_cell(int y, int x, const wchar_t *chars, attr_t attrs, short pair) {
    cchar_t cc;
    if (setcchar(&cc, chars, attrs, pair, NULL) != OK) return ERR;
    return mvadd_wch(y, x, &cc);
}
#endif

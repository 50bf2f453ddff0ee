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
#include <langinfo.h>
#include <string.h>
#include <stdio.h>
#include <sys/ioctl.h>
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
static inline int gc_colors(void) { return COLORS; }
static inline int gc_key_code_yes(void) { return KEY_CODE_YES; }
/* Codes given to the bracketed-paste markers with define_key. */
static inline int gc_key_paste_begin(void) { return KEY_MAX + 1; }
static inline int gc_key_paste_end(void) { return KEY_MAX + 2; }

/* Mouse: a press of the left button, and the wheel (buttons 4 and 5). */
static inline mmask_t gc_mouse_mask(void) { return BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED; }
static inline int gc_mouse_is_press(mmask_t s) { return (s & BUTTON1_PRESSED) != 0; }
static inline int gc_mouse_is_wheel_up(mmask_t s) { return (s & BUTTON4_PRESSED) != 0; }
static inline int gc_mouse_is_wheel_down(mmask_t s) { return (s & BUTTON5_PRESSED) != 0; }

/* The user's locale, with UTF-8 character handling even where LANG is unset or not UTF-8
   (an SSH session without locale variables): ncursesw needs it for wide characters. Only the
   categories the app uses: LC_CTYPE (characters) and LC_TIME (strftime's %x); LC_ALL read the
   files of twelve (#18). Messages, numbers and collation stay "C": the catalog is the app's own. */
static inline int gc_setlocale_utf8(void) {
    if (setlocale(LC_CTYPE, "") == NULL) setlocale(LC_CTYPE, "C");
    if (setlocale(LC_TIME, "") == NULL) setlocale(LC_TIME, "C");
    if (strcmp(nl_langinfo(CODESET), "UTF-8") != 0) setlocale(LC_CTYPE, "C.UTF-8");
    return strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
}

/* The codeset of the user's own LC_CTYPE (LANG, LC_ALL, LC_CTYPE), read before
   gc_setlocale_utf8 forces UTF-8: the glyph set is ASCII when it is not UTF-8 (#31). */
static inline const char *gc_user_codeset(void) {
    if (setlocale(LC_CTYPE, "") == NULL) setlocale(LC_CTYPE, "C");
    return nl_langinfo(CODESET);
}

/* The terminal named term (or $TERM when NULL) on stdout/stdin; NULL when terminfo lacks it. */
static inline SCREEN *gc_newterm(const char *term) { return newterm(term, stdout, stdin); }

/* Bytes waiting to be read on fd; -1 on error. */
static inline int gc_bytes_waiting(int fd) {
    int n = 0;
    return ioctl(fd, FIONREAD, &n) == 0 ? n : -1;
}
static inline int gc_wcwidth(wchar_t c) { return wcwidth(c); }

/* Draw one cell: a base character plus up to 4 combining marks, with attributes and a colour pair. */
static inline int gc_put_cell(int y, int x, const wchar_t *chars, attr_t attrs, short pair) {
    cchar_t cc;
    if (setcchar(&cc, chars, attrs, pair, NULL) != OK) return ERR;
    return mvadd_wch(y, x, &cc);
}
/* A terminfo string of the terminal set up, NULL when it has none (tigetstr's -1 and 0 alike). */
static inline char *gc_terminfo_string(const char *name) {
    char *value = tigetstr(name);
    return value == (char *)-1 ? NULL : value;
}

/* The app draws no line-drawing characters (the alternate character set), yet terminfo puts a
   switch back to the normal set into every attribute change: xterm's sgr and sgr0 each begin
   with `ESC ( B`, screen's and tmux's end with SI — a third of a frame's escape sequences, each
   parsed by the terminal for nothing (#18). This drops sgr's `%?%p9%t…%e…%;` clause and sgr0's
   copy of rmacs, in place (shorter strings in curses' own table), after newterm: the set-up's
   own reset, already in curses' buffer, still puts the terminal in its normal set once. Answers
   how many of the two strings changed. */
static inline int gc_drop_charset_switches(void) {
    int changed = 0;
    char *sgr = gc_terminfo_string("sgr");
    if (sgr != NULL) {
        char *clause = strstr(sgr, "%?%p9%t");
        char *end = clause ? strstr(clause + 7, "%;") : NULL;
        char *nested = clause ? strstr(clause + 7, "%?") : NULL;
        if (end != NULL && (nested == NULL || nested > end)) {
            memmove(clause, end + 2, strlen(end + 2) + 1);
            changed++;
        }
    }
    char *sgr0 = gc_terminfo_string("sgr0");
    char *rmacs = gc_terminfo_string("rmacs");
    if (sgr0 != NULL && rmacs != NULL && rmacs[0] != '\0') {
        char *copy = strstr(sgr0, rmacs);
        if (copy != NULL) {
            size_t length = strlen(rmacs);
            memmove(copy, copy + length, strlen(copy + length) + 1);
            changed++;
        }
    }
    return changed;
}
#endif

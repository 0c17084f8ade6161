/* The ncursesw side of Scripts/bench_frames.py (make bench): draws the screens cheonjiin drew,
 * through ncursesw, so that the two can be compared on identical content.
 *
 *   bench_frames draw FRAMES REPEATS RESULT
 *     FRAMES holds the frames cheonjiin wrote (each a 4-byte little-endian length, then the
 *     bytes of one write). They are played into libvterm (the same emulator `cheonjiin run`
 *     uses) and the screen after each is kept: cells with their characters, width, bold,
 *     underline, italic, blink, reverse and 256-colour indexes. Then ncursesw (initscr) draws
 *     screen 0, and screens 1..n-1 REPEATS times in turn: every cell with attr_set and
 *     mvaddwstr, then one refresh per screen, as a curses program that owns its cells draws.
 *     Before each screen's drawing it calls getppid(), a marker that `strace -e
 *     trace=write,getppid` shows, so that the writes of each refresh can be counted. RESULT gets
 *     "frames N draw_ns D refresh_ns R unchanged U": the process's CPU time (user and system,
 *     CLOCK_PROCESS_CPUTIME_ID) spent putting the cells into curses' screen (D) and in refresh
 *     (R: the diff, the escape sequences and the writes), the screens' parsing excluded, and how
 *     many screens were the same as the one before.
 *
 *   bench_frames nfd
 *     Draws 한 written as conjoining jamo (NFD) with mvaddwstr after a wide character, after a
 *     narrow one, at the start of a line; precomposed; é as e and a combining acute; and 한 as
 *     one cchar_t made by setcchar; refreshes, and waits for a key.
 *
 * Compiled by bench_frames.py into a temporary folder: cc bench_frames.c -lncursesw -lvterm. */
#define _XOPEN_SOURCE_EXTENDED 1
#define _DEFAULT_SOURCE 1
#include <curses.h>
#include <locale.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <vterm.h>
#include <wchar.h>

enum { SCREEN_ROWS = 24, SCREEN_COLS = 80, MAX_PAIRS = 256 };

typedef struct {
  wchar_t text[VTERM_MAX_CHARS_PER_CELL + 1];
  int width;
  attr_t attrs;
  int fg, bg; /* 256-colour indexes, -1 for the terminal's default */
} Cell;

typedef struct {
  Cell cells[SCREEN_ROWS][SCREEN_COLS];
} Screen;

static int pair_fg[MAX_PAIRS], pair_bg[MAX_PAIRS], pair_count = 1;

static int colour_index(const VTermColor *colour, int is_default) {
  if (is_default) return -1;
  if (VTERM_COLOR_IS_INDEXED(colour)) return colour->indexed.idx;
  return -1; /* cheonjiin writes 256-colour indexes only; an RGB colour would fall back */
}

/* The colour pair of (fg, bg), made the first time it is asked for. */
static int pair_of(int fg, int bg) {
  for (int pair = 1; pair < pair_count; pair++)
    if (pair_fg[pair] == fg && pair_bg[pair] == bg) return pair;
  if (pair_count == MAX_PAIRS) return 0;
  pair_fg[pair_count] = fg;
  pair_bg[pair_count] = bg;
  return pair_count++;
}

static uint8_t *read_file(const char *path, size_t *size) {
  FILE *file = fopen(path, "rb");
  if (!file) { perror(path); exit(2); }
  fseek(file, 0, SEEK_END);
  long length = ftell(file);
  fseek(file, 0, SEEK_SET);
  uint8_t *bytes = malloc(length > 0 ? (size_t)length : 1);
  if (fread(bytes, 1, (size_t)length, file) != (size_t)length) { perror(path); exit(2); }
  fclose(file);
  *size = (size_t)length;
  return bytes;
}

static void keep_screen(VTermScreen *vscreen, Screen *screen) {
  for (int row = 0; row < SCREEN_ROWS; row++)
    for (int col = 0; col < SCREEN_COLS; col++) {
      VTermScreenCell vcell;
      Cell *cell = &screen->cells[row][col];
      memset(cell, 0, sizeof *cell);
      vterm_screen_get_cell(vscreen, (VTermPos){.row = row, .col = col}, &vcell);
      int count = 0;
      for (; count < VTERM_MAX_CHARS_PER_CELL && vcell.chars[count] && vcell.chars[count] != (uint32_t)-1; count++)
        cell->text[count] = (wchar_t)vcell.chars[count];
      if (count == 0 && vcell.chars[0] != (uint32_t)-1) cell->text[count++] = L' ';
      cell->width = vcell.chars[0] == (uint32_t)-1 ? 0 : vcell.width;
      cell->attrs = (vcell.attrs.bold ? A_BOLD : 0) | (vcell.attrs.underline ? A_UNDERLINE : 0) |
                    (vcell.attrs.italic ? A_ITALIC : 0) | (vcell.attrs.blink ? A_BLINK : 0) |
                    (vcell.attrs.reverse ? A_REVERSE : 0);
      cell->fg = colour_index(&vcell.fg, VTERM_COLOR_IS_DEFAULT_FG(&vcell.fg));
      cell->bg = colour_index(&vcell.bg, VTERM_COLOR_IS_DEFAULT_BG(&vcell.bg));
    }
}

/* The screens after each frame, played into libvterm. */
static Screen *screens_of(const char *path, int *count) {
  size_t size;
  uint8_t *bytes = read_file(path, &size);
  VTerm *vt = vterm_new(SCREEN_ROWS, SCREEN_COLS);
  vterm_set_utf8(vt, 1);
  VTermScreen *vscreen = vterm_obtain_screen(vt);
  vterm_screen_enable_altscreen(vscreen, 1);
  vterm_screen_reset(vscreen, 1);
  int capacity = 64;
  Screen *screens = malloc(sizeof(Screen) * (size_t)capacity);
  *count = 0;
  for (size_t at = 0; at + 4 <= size;) {
    uint32_t length = (uint32_t)bytes[at] | (uint32_t)bytes[at + 1] << 8 | (uint32_t)bytes[at + 2] << 16 |
                      (uint32_t)bytes[at + 3] << 24;
    at += 4;
    if (at + length > size) break;
    vterm_input_write(vt, (const char *)bytes + at, length);
    at += length;
    if (*count == capacity) screens = realloc(screens, sizeof(Screen) * (size_t)(capacity *= 2));
    keep_screen(vscreen, &screens[(*count)++]);
  }
  vterm_free(vt);
  free(bytes);
  return screens;
}

static void draw(const Screen *screen) {
  for (int row = 0; row < SCREEN_ROWS; row++)
    for (int col = 0; col < SCREEN_COLS; col++) {
      const Cell *cell = &screen->cells[row][col];
      if (cell->width == 0) continue; /* the right half of a wide character */
      attr_set(cell->attrs, (short)pair_of(cell->fg, cell->bg), NULL);
      mvaddwstr(row, col, cell->text);
    }
}

/* CPU time of the process (user and system), in nanoseconds. */
static long long cpu_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return now.tv_sec * 1000000000LL + now.tv_nsec;
}

static int run_draw(const char *frames, int repeats, const char *result) {
  int count;
  Screen *screens = screens_of(frames, &count);
  if (count < 2) { fprintf(stderr, "bench_frames: fewer than 2 frames in %s\n", frames); return 2; }
  int unchanged = 0; /* screens the same as the one before: a write of the pad's that drew nothing */
  for (int i = 1; i < count; i++) unchanged += memcmp(&screens[i], &screens[i - 1], sizeof(Screen)) == 0;
  initscr();
  /* The pad hides the cursor and leaves it where it is; so does ncursesw here. */
  curs_set(0);
  leaveok(stdscr, TRUE);
  start_color();
  use_default_colors();
  /* Every pair the screens use, made before any drawing is timed. */
  for (int i = 0; i < count; i++)
    for (int row = 0; row < SCREEN_ROWS; row++)
      for (int col = 0; col < SCREEN_COLS; col++) {
        const Cell *cell = &screens[i].cells[row][col];
        int pair = pair_of(cell->fg, cell->bg);
        init_pair((short)pair, (short)cell->fg, (short)cell->bg);
      }
  draw(&screens[0]);
  refresh();
  long long drawing = 0, refreshing = 0;
  for (int round = 0; round < repeats; round++)
    for (int i = 1; i < count; i++) {
      getppid();
      long long start = cpu_ns();
      draw(&screens[i]);
      long long drawn = cpu_ns();
      refresh();
      refreshing += cpu_ns() - drawn;
      drawing += drawn - start;
    }
  getppid();
  endwin();
  FILE *out = fopen(result, "w");
  if (!out) { perror(result); return 2; }
  fprintf(out, "frames %d draw_ns %lld refresh_ns %lld unchanged %d pairs %d\n", (count - 1) * repeats, drawing,
          refreshing, unchanged, pair_count - 1);
  fclose(out);
  free(screens);
  return 0;
}

static int run_nfd(void) {
  initscr();
  noecho();
  mvaddwstr(0, 0, L"W:\uAC00\u1112\u1161\u11AB|");  /* 가 then 한 as ᄒ ᅡ ᆫ */
  mvaddwstr(1, 0, L"N:a\u1112\u1161\u11AB|");       /* after a narrow character */
  mvaddwstr(2, 0, L"\u1112\u1161\u11AB|");          /* at the start of a line */
  mvaddwstr(3, 0, L"P:\uAC00\uD55C|");              /* 가한, precomposed */
  mvaddwstr(4, 0, L"A:e\u0301|");                   /* a combining mark after a narrow letter */
  /* 한 as one cell made with setcchar: ᄒ, with ᅡ and ᆫ as its combining characters. */
  cchar_t syllable;
  setcchar(&syllable, (const wchar_t[]){0x1112, 0x1161, 0x11AB, 0}, A_NORMAL, 0, NULL);
  mvaddwstr(5, 0, L"C:");
  add_wch(&syllable);
  addwstr(L"|");
  mvaddwstr(6, 0, L"END");
  refresh();
  getch();
  endwin();
  return 0;
}

int main(int argc, char **argv) {
  setlocale(LC_ALL, "");
  if (argc == 5 && strcmp(argv[1], "draw") == 0) return run_draw(argv[2], atoi(argv[3]), argv[4]);
  if (argc == 2 && strcmp(argv[1], "nfd") == 0) return run_nfd();
  fprintf(stderr, "usage: bench_frames draw FRAMES REPEATS RESULT | bench_frames nfd\n");
  return 2;
}

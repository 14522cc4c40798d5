/* The C API on real puzzles: solve and count through bitdoku.h, link against the
 * static library.
 *
 *   capi_test PUZZLES_DIR [SHARED_PUZZLES_DIR]
 *
 * PUZZLES_DIR is the repository's puzzles/ (known-answers.txt); the public sets in
 * SHARED_PUZZLES_DIR (17-clue.txt, multi-16-clue.txt) are used when present. Ends
 * with "N passed, N failed"; exits 1 if any check failed. */
#include "bitdoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;

#define CHECK(cond, ...)                                                  \
    do {                                                                  \
        if (cond) {                                                       \
            passed++;                                                     \
        } else {                                                          \
            failed++;                                                     \
            fprintf(stderr, "FAILED %s:%d: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                 \
            fputc('\n', stderr);                                          \
        }                                                                 \
    } while (0)

/* 1 if `s` (81 digits) is a valid full grid that keeps the givens of `p`. */
static int solves(const char *s, const char *p) {
    for (int i = 0; i < 81; i++) {
        if (s[i] < '1' || s[i] > '9') return 0;
        if (p[i] != '.' && p[i] != '0' && p[i] != s[i]) return 0;
    }
    for (int u = 0; u < 9; u++) {
        int row = 0, col = 0, box = 0;
        for (int k = 0; k < 9; k++) {
            row |= 1 << (s[u * 9 + k] - '0');
            col |= 1 << (s[k * 9 + u] - '0');
            box |= 1 << (s[(u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3] - '0');
        }
        if (row != 0x3FE || col != 0x3FE || box != 0x3FE) return 0;
    }
    return 1;
}

/* The puzzles of a file (first 81 bytes of each line that is not blank or a
 * comment), as one buffer of n * 81 bytes; NULL if the file cannot be opened. */
static char *read_puzzles(const char *path, size_t *n) {
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    size_t cap = 1024, len = 0;
    char *buf = malloc(cap * 81);
    char line[1024];
    while (buf && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || strlen(line) < 81) continue;
        if (len == cap) {
            cap *= 2;
            buf = realloc(buf, cap * 81);
            if (!buf) break;
        }
        memcpy(buf + len * 81, line, 81);
        len++;
    }
    fclose(f);
    *n = len;
    return buf;
}

/* puzzle:count:solution lines, with `invalid` for puzzles that must be refused. */
static void known_answers(const char *dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/known-answers.txt", dir);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f) return;
    char line[1024];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n' || strlen(line) < 83) continue;
        char *puzzle = line, *count = line + 82, *solution = strchr(count, ':');
        /* bitdoku_solve reads 81 bytes and the byte after them (tdoku's convention: `.`
         * or above there means a 729-byte pencilmark puzzle), so the `:` is cut to a NUL;
         * a puzzle of another length (one line of the file has 80 squares) cannot be
         * passed to it. */
        if (!solution || line[81] != ':') continue;
        line[81] = '\0';
        *solution++ = '\0';
        solution[strcspn(solution, "\r\n")] = '\0';
        char found[81];
        size_t guesses = 0;
        if (strcmp(count, "invalid") == 0) {
            size_t n = bitdoku_solve(puzzle, 1, 0, found, &guesses);
            bitdoku_error e;
            uint32_t code = bitdoku_last_error(&e);
            CHECK(n == 0 && code != BITDOKU_OK && code == e.code && e.line == 1 && e.column >= 1,
                  "%.81s: n=%zu code=%u", puzzle, n, code);
            checked++;
            continue;
        }
        size_t at_least = strtoul(count, NULL, 10);
        int exact = strchr(count, '+') == NULL;
        size_t n = bitdoku_solve(puzzle, at_least + 1, 0, found, &guesses);
        CHECK(exact ? n == at_least : n >= at_least, "%.81s: %zu solutions, expected %s", puzzle,
              n, count);
        CHECK(bitdoku_last_error(NULL) == BITDOKU_OK, "%.81s: an error after a good puzzle", puzzle);
        if (n > 0) CHECK(solves(found, puzzle), "%.81s: wrong solution %.81s", puzzle, found);
        if (*solution)
            CHECK(memcmp(found, solution, 81) == 0, "%.81s: %.81s, expected %s", puzzle, found,
                  solution);
        /* The portable path finds the same with the same work. */
        char portable[81];
        size_t portable_guesses = 0;
        size_t m = bitdoku_solve(puzzle, at_least + 1, BITDOKU_PORTABLE, portable,
                                 &portable_guesses);
        CHECK(m == n && portable_guesses == guesses && (n == 0 || memcmp(portable, found, 81) == 0),
              "%.81s: the portable path differs", puzzle);
        /* So does the AVX2 back-end (or the best one, on a CPU without AVX2). */
        char avx2[81];
        size_t avx2_guesses = 0;
        m = bitdoku_solve(puzzle, at_least + 1, BITDOKU_AVX2, avx2, &avx2_guesses);
        CHECK(m == n && avx2_guesses == guesses && (n == 0 || memcmp(avx2, found, 81) == 0),
              "%.81s: the AVX2 back-end differs", puzzle);
        checked++;
    }
    fclose(f);
    CHECK(checked >= 13, "only %d known answers checked", checked);
}

static void bad_input(void) {
    const char *grid1 =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    char bad[82], solution[81];
    memcpy(bad, grid1, 82);
    bad[40] = 'x';
    memset(solution, '-', 81);
    size_t n = bitdoku_solve(bad, 1, 0, solution, NULL);
    bitdoku_error e;
    CHECK(n == 0 && bitdoku_last_error(&e) == BITDOKU_ERROR_UNEXPECTED_CHARACTER, "n=%zu", n);
    CHECK(e.line == 1 && e.column == 41, "at %zu:%zu", e.line, e.column);
    CHECK(strncmp(e.message, "line 1, column 41: unexpected character 'x'", 43) == 0, "%s",
          e.message);
    /* The position once (issue 36): in the message, before the reason. */
    CHECK(strncmp(e.reason, "unexpected character 'x'", 24) == 0 &&
              strcmp(e.message + strlen("line 1, column 41: "), e.reason) == 0 &&
              strstr(e.message + 1, "line") == NULL,
          "message %s, reason %s", e.message, e.reason);
    CHECK(solution[0] == '-' && solution[80] == '-', "the solution buffer was written");
    CHECK(bitdoku_solve(NULL, 1, 0, solution, NULL) == 0 &&
              bitdoku_last_error(NULL) == BITDOKU_ERROR_NULL_POINTER,
          "NULL input");

    /* A batch names the first bad puzzle's index and marks every bad one. */
    char four[4 * 81];
    memcpy(four, grid1, 81);
    memcpy(four + 81, bad, 81);
    memcpy(four + 162, grid1, 81);
    four[162 + 1] = '4'; /* two 4s in row A */
    memcpy(four + 243, grid1, 81);
    size_t counts[4];
    size_t bad_count = bitdoku_solve_batch(four, 4, 2, 0, 2, NULL, counts);
    CHECK(bad_count == 2 && counts[0] == 1 && counts[1] == BITDOKU_INVALID &&
              counts[2] == BITDOKU_INVALID && counts[3] == 1,
          "bad=%zu counts=%zu %zu %zu %zu", bad_count, counts[0], counts[1], counts[2],
          counts[3]);
    CHECK(bitdoku_last_error(&e) == BITDOKU_ERROR_UNEXPECTED_CHARACTER && e.index == 1 &&
              e.column == 41,
          "code=%u index=%zu column=%zu", e.code, e.index, e.column);

    /* Every bad puzzle of the batch is described (issue 36), the others are not. */
    const uint32_t codes[4] = {BITDOKU_OK, BITDOKU_ERROR_UNEXPECTED_CHARACTER,
                               BITDOKU_ERROR_REPEATED_DIGIT, BITDOKU_OK};
    const size_t columns[4] = {0, 41, 2, 0};
    for (size_t i = 4; i-- > 0;) {
        uint32_t code = bitdoku_puzzle_error(i, &e);
        CHECK(code == codes[i] && e.code == code && e.column == columns[i] &&
                  (counts[i] == BITDOKU_INVALID) == (code != BITDOKU_OK),
              "puzzle %zu: code=%u column=%zu", i, code, e.column);
        if (code != BITDOKU_OK)
            CHECK(e.index == i && e.line == 1 && strstr(e.message, e.reason) != NULL,
                  "puzzle %zu: index=%zu %s", i, e.index, e.message);
    }
    CHECK(bitdoku_puzzle_error(2, NULL) == BITDOKU_ERROR_REPEATED_DIGIT &&
              bitdoku_puzzle_error(4, NULL) == BITDOKU_OK,
          "the code alone");
    /* The next call on the thread replaces them. */
    CHECK(bitdoku_solve(grid1, 2, 0, solution, NULL) == 1 &&
              bitdoku_puzzle_error(1, NULL) == BITDOKU_OK,
          "a later call keeps an old batch's errors");
}

/* Every puzzle of a public set through the batch call (2 threads), each count as
 * expected and each solution checked; the first 500 through bitdoku_solve too. */
/* The repository's pencilmark puzzle (grid1 less its solution's digit in A2), 729 bytes:
 * no solution, though its squares with one candidate alone have one. */
static void pencilmarks(const char *dir) {
    char path[4096], line[1024];
    snprintf(path, sizeof path, "%s/pencilmark-no-solution.txt", dir);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f) return;
    int read = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        line[strcspn(line, "\r\n")] = '\0';
        CHECK(strlen(line) == 729, "a pencilmark line of %zu bytes", strlen(line));
        char solution[81];
        memset(solution, '-', 81);
        size_t n = bitdoku_solve(line, 2, 0, solution, NULL);
        CHECK(n == 0 && bitdoku_last_error(NULL) == BITDOKU_OK && solution[0] == '-',
              "the pencilmark puzzle: %zu solutions", n);
        /* A2 open again: grid1's one solution, with 1 in A2. */
        memcpy(line + 9, "123456789", 9);
        n = bitdoku_solve(line, 2, 0, solution, NULL);
        CHECK(n == 1 && solution[1] == '1', "A2 reopened: %zu solutions", n);
        read++;
    }
    fclose(f);
    CHECK(read == 1, "%d pencilmark puzzles read", read);
}

static void public_set(const char *dir, const char *name, size_t expected, size_t min_puzzles) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t n = 0;
    char *puzzles = read_puzzles(path, &n);
    if (!puzzles) {
        printf("skipped: %s is absent\n", path);
        return;
    }
    CHECK(n >= min_puzzles, "%s: %zu puzzles", name, n);
    char *solutions = malloc(n * 81);
    size_t *counts = malloc(n * sizeof *counts);
    if (!solutions || !counts) {
        CHECK(0, "out of memory");
        return;
    }
    CHECK(bitdoku_solve_batch(puzzles, n, 2, 0, 2, solutions, counts) == 0, "%s: bad puzzles",
          name);
    size_t wrong = 0, unsolved = 0;
    for (size_t i = 0; i < n; i++) {
        wrong += counts[i] != expected;
        unsolved += !solves(solutions + 81 * i, puzzles + 81 * i);
    }
    CHECK(wrong == 0, "%s: %zu puzzles without %zu solutions", name, wrong, expected);
    CHECK(unsolved == 0, "%s: %zu wrong solutions", name, unsolved);
    size_t differ = 0;
    for (size_t i = 0; i < n && i < 500; i++) {
        /* Its own NUL-terminated copy: in the packed buffer the next puzzle's first byte
         * would sit at input[81] and make this read as a 729-byte pencilmark line. */
        char given[82], one[81];
        memcpy(given, puzzles + 81 * i, 81);
        given[81] = '\0';
        size_t c = bitdoku_solve(given, 2, 0, one, NULL);
        differ += c != counts[i] || memcmp(one, solutions + 81 * i, 81) != 0;
    }
    CHECK(differ == 0, "%s: %zu single calls differ from the batch", name, differ);
    printf("%s: %zu puzzles, %zu solutions each, checked\n", name, n, expected);
    free(puzzles);
    free(solutions);
    free(counts);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s PUZZLES_DIR [SHARED_PUZZLES_DIR]\n", argv[0]);
        return 2;
    }
    known_answers(argv[1]);
    bad_input();
    pencilmarks(argv[1]);
    if (argc > 2) {
        public_set(argv[2], "17-clue.txt", 1, 49158);
        public_set(argv[2], "multi-16-clue.txt", 2, 20000);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}

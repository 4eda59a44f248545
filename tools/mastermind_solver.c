/* Mastermind codebreaker search: fewest guesses on average over all secrets.
 *
 * Built and run by tools/mastermind_solver.py (the regenerate command); the device never
 * runs this: it reads the decision tree this program prints.
 *
 * cost(S) = total guesses needed to break every secret of the set S, counting the guess
 * made at this node.  cost(S) = |S| + sum over feedback classes (except all black) of cost.
 * Depth-first branch and bound over guesses, with
 *   - a lower bound per class size: at most 1 secret is broken at guess 1 and at most
 *     13^(d-1) at guess d (13 feedbacks short of a win), so a class of k costs >= lbk[k];
 *   - symmetry: colours no guess on the path has used are interchangeable, so only one
 *     guess per relabelling of them is tried; guesses giving an identical partition of S
 *     are tried once;
 *   - a two-ply bound (each part at least its best one-ply split) checked before a guess
 *     is searched, on sets of LB2MIN codes or more;
 *   - a transposition table keyed by the set itself (exact values and lower bounds).
 * Sets larger than the FULL threshold only try the WIDTH guesses with the best two-ply
 * bound among the WIDE best by the one-ply bound: on such a node the search is a (very
 * good) heuristic, not a proof; with FULL above every set below the opening it is exact.
 *
 * Usage: mastermind_solver COLOURS PEGS ROWS FULL WIDTH [FIRST|-1 [WIDE [LB2MIN]]]
 * Prints the tree as JSON on stdout and the total on stderr.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INF 0x3fffffff
#define MAXP 6
#define MAXF 32

static int C, P, N, NF, WIN, ROWS, FULL, WIDTH, WIDE = 0, LB2MIN = 1 << 30;
static uint8_t *FB;      /* FB[g * N + s] */
static int *DIG;         /* DIG[code * P + i] */
static int *CMASK;       /* colours used by a code */
static int LBK[1 << 16]; /* lower bound for a class of k */
static uint64_t *RND;
static const char *LETTERS = "BGKRWY.";
static long long nodes;

static int fb_id[MAXP + 1][MAXP + 1];

static void build_tables(void) {
    N = 1;
    for (int i = 0; i < P; i++) N *= C;
    NF = 0;
    for (int b = 0; b <= P; b++)
        for (int w = 0; b + w <= P; w++) fb_id[b][w] = NF++;
    WIN = fb_id[P][0];
    DIG = malloc(sizeof(int) * N * P);
    CMASK = malloc(sizeof(int) * N);
    RND = malloc(sizeof(uint64_t) * N);
    uint64_t x = 0x9e3779b97f4a7c15ULL;
    for (int c = 0; c < N; c++) {
        int v = c, m = 0;
        /* first peg is the most significant digit, so index order is text order */
        for (int i = P - 1; i >= 0; i--) {
            DIG[c * P + i] = v % C;
            v /= C;
        }
        for (int i = 0; i < P; i++) m |= 1 << DIG[c * P + i];
        CMASK[c] = m;
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        RND[c] = x * 0x2545F4914F6CDD1DULL;
    }
    FB = malloc((size_t)N * N);
    for (int g = 0; g < N; g++)
        for (int s = 0; s < N; s++) {
            int b = 0, cg[8] = {0}, cs[8] = {0}, t = 0;
            for (int i = 0; i < P; i++) {
                int a = DIG[g * P + i], d = DIG[s * P + i];
                if (a == d) b++;
                cg[a]++;
                cs[d]++;
            }
            for (int k = 0; k < C; k++) t += cg[k] < cs[k] ? cg[k] : cs[k];
            FB[(size_t)g * N + s] = (uint8_t)fb_id[b][t - b];
        }
    /* feedbacks a non-winning guess can get: all but the win and (P-1 black, 1 white) */
    long long cap = 1, branch = NF - 2, used = 0;
    int level = 1, total = 0;
    LBK[0] = 0;
    for (int k = 1; k < (1 << 16); k++) {
        if (used == cap) {
            level++;
            cap *= branch;
            used = 0;
        }
        used++;
        total += level;
        LBK[k] = total;
    }
}

/* ---- transposition table ---- */
typedef struct {
    uint64_t key;
    int n;
    int value;  /* exact value, or a lower bound when exact == 0 */
    int guess;
    int exact;
    int *set;
} Entry;
static Entry *TT;
static size_t TTSIZE = (size_t)1 << 22, TTUSED = 0;

static uint64_t set_key(const int *S, int n) {
    uint64_t h = (uint64_t)n * 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < n; i++) h += RND[S[i]];
    return h;
}

static Entry *tt_find(const int *S, int n, uint64_t key) {
    size_t i = key & (TTSIZE - 1);
    while (TT[i].set) {
        if (TT[i].key == key && TT[i].n == n && !memcmp(TT[i].set, S, sizeof(int) * n))
            return &TT[i];
        i = (i + 1) & (TTSIZE - 1);
    }
    return &TT[i];
}

static void tt_store(const int *S, int n, uint64_t key, int value, int exact, int guess) {
    Entry *e = tt_find(S, n, key); /* the recursion may have filled the slot seen before */
    if (!e->set) {
        if (TTUSED * 10 > TTSIZE * 7) return;
        e->set = malloc(sizeof(int) * n);
        memcpy(e->set, S, sizeof(int) * n);
        e->key = key;
        e->n = n;
        TTUSED++;
    } else if (e->exact) {
        return;
    }
    if (exact || value > e->value || !e->set) {
        e->value = value;
        e->exact = exact;
        e->guess = guess;
    }
}

/* Is g the representative of its class under relabelling the free colours? The free
 * colours it uses, in order of first appearance, must be the lowest free colours. */
static int canonical(int g, int used) {
    int next = 0, seen = 0;
    while (next < C && (used >> next & 1)) next++;
    for (int i = 0; i < P; i++) {
        int d = DIG[g * P + i];
        if (used >> d & 1 || seen >> d & 1) continue;
        if (d != next) return 0;
        seen |= 1 << d;
        next++;
        while (next < C && ((used >> next & 1) || (seen >> next & 1))) next++;
    }
    return 1;
}

typedef struct {
    int lb, g, insize, maxc, lb2;
    uint64_t h;
} Cand;

static int cand2_cmp(const void *a, const void *b) {
    const Cand *x = a, *y = b;
    if (x->lb2 != y->lb2) return x->lb2 - y->lb2;
    if (x->lb != y->lb) return x->lb - y->lb;
    return x->g - y->g;
}
static int cand_cmp(const void *a, const void *b) {
    const Cand *x = a, *y = b;
    if (x->lb != y->lb) return x->lb - y->lb;
    if (x->insize != y->insize) return y->insize - x->insize;
    if (x->maxc != y->maxc) return x->maxc - y->maxc;
    return x->g - y->g;
}
static int hash_cmp(const void *a, const void *b) {
    const Cand *x = a, *y = b;
    if (x->h != y->h) return x->h < y->h ? -1 : 1;
    return cand_cmp(a, b);
}

static int solve(const int *S, int n, int limit, int used, int depth, int *bestguess);

/* One-ply lower bound of a set: the best split any guess gives, with LBK for each part. */
static int lb1(const int *S, int n) {
    if (n <= 2) return LBK[n];
    int best = INF;
    for (int g = 0; g < N; g++) {
        int cnt[MAXF] = {0};
        const uint8_t *row = FB + (size_t)g * N;
        for (int i = 0; i < n; i++) cnt[row[S[i]]]++;
        int lb = n, classes = 0;
        for (int f = 0; f < NF; f++) {
            if (!cnt[f]) continue;
            classes++;
            if (f != WIN) lb += LBK[cnt[f]];
        }
        if (classes == 1 && !cnt[WIN]) continue;
        if (lb < best) best = lb;
    }
    return best;
}

/* Two-ply lower bound of guessing g at S: each part costs at least its lb1. */
static int lb2(const int *S, int n, int g) {
    int cnt[MAXF] = {0}, start[MAXF], pos[MAXF], off = 0;
    const uint8_t *row = FB + (size_t)g * N;
    for (int i = 0; i < n; i++) cnt[row[S[i]]]++;
    int *buf = malloc(sizeof(int) * n);
    for (int f = 0; f < NF; f++) { start[f] = pos[f] = off; off += cnt[f]; }
    for (int i = 0; i < n; i++) buf[pos[row[S[i]]]++] = S[i];
    int lb = n;
    for (int f = 0; f < NF; f++)
        if (f != WIN && cnt[f]) lb += lb1(buf + start[f], cnt[f]);
    free(buf);
    return lb;
}

/* Cost of guessing g at S, or a value >= limit when it cannot beat limit. */
static int try_guess(const int *S, int n, int g, int limit, int used, int depth) {
    int cnt[MAXF] = {0}, start[MAXF], pos[MAXF];
    const uint8_t *row = FB + (size_t)g * N;
    for (int i = 0; i < n; i++) cnt[row[S[i]]]++;
    int *buf = malloc(sizeof(int) * n);
    int off = 0, order[MAXF], no = 0;
    for (int f = 0; f < NF; f++) {
        start[f] = pos[f] = off;
        off += cnt[f];
        if (f != WIN && cnt[f]) order[no++] = f;
    }
    for (int i = 0; i < n; i++) buf[pos[row[S[i]]]++] = S[i];
    /* largest classes first: they decide whether this guess can win */
    for (int a = 1; a < no; a++)
        for (int b = a; b > 0 && cnt[order[b]] > cnt[order[b - 1]]; b--) {
            int t = order[b]; order[b] = order[b - 1]; order[b - 1] = t;
        }
    int running = n;
    for (int a = 0; a < no; a++) running += LBK[cnt[order[a]]];
    int nused = used | CMASK[g];
    for (int a = 0; a < no && running < limit; a++) {
        int f = order[a], k = cnt[f], lb = LBK[k];
        if (k <= 2) continue; /* LBK is exact for 1 and 2 */
        int dummy;
        int v = solve(buf + start[f], k, limit - (running - lb), nused, depth + 1, &dummy);
        running += v - lb;
    }
    free(buf);
    return running;
}

static int solve(const int *S, int n, int limit, int used, int depth, int *bestguess) {
    if (n == 1) { *bestguess = S[0]; return 1; }
    if (n == 2) { *bestguess = S[0]; return 3; }
    if (depth > ROWS) return INF;
    nodes++;
    uint64_t key = set_key(S, n);
    Entry *e = tt_find(S, n, key);
    if (e->set) {
        if (e->exact) { *bestguess = e->guess; return e->value; }
        if (e->value >= limit) return e->value;
    }
    if (LBK[n] >= limit) return LBK[n];

    char *inS = calloc(N, 1);
    for (int i = 0; i < n; i++) inS[S[i]] = 1;
    Cand *cand = malloc(sizeof(Cand) * N);
    int nc = 0;
    for (int g = 0; g < N; g++) {
        if (!inS[g] && !canonical(g, used)) continue;
        int cnt[MAXF] = {0};
        const uint8_t *row = FB + (size_t)g * N;
        uint64_t h = 1469598103934665603ULL;
        for (int i = 0; i < n; i++) {
            int f = row[S[i]];
            cnt[f]++;
            h = (h ^ (uint64_t)(f + 1)) * 1099511628211ULL;
        }
        int lb = n, maxc = 0, classes = 0;
        for (int f = 0; f < NF; f++) {
            if (!cnt[f]) continue;
            classes++;
            if (cnt[f] > maxc) maxc = cnt[f];
            if (f != WIN) lb += LBK[cnt[f]];
        }
        if (classes == 1 && !inS[g]) continue; /* learns nothing */
        if (depth == ROWS && !(inS[g] && maxc == 1)) continue;
        cand[nc].lb = lb;
        cand[nc].g = g;
        cand[nc].insize = inS[g];
        cand[nc].maxc = maxc;
        cand[nc].h = h;
        nc++;
    }
    free(inS);
    /* identical partitions: keep one */
    qsort(cand, nc, sizeof(Cand), hash_cmp);
    int m = 0;
    for (int i = 0; i < nc; i++)
        if (m == 0 || cand[i].h != cand[m - 1].h) cand[m++] = cand[i];
    nc = m;
    qsort(cand, nc, sizeof(Cand), cand_cmp);
    for (int i = 0; i < nc; i++) cand[i].lb2 = -1;
    int wide = n > FULL;
    if (wide) {
        /* a node too big to try every guess: rank the most promising by a sharper bound */
        int m = nc < WIDE ? nc : WIDE;
        if (m > WIDTH) {
            for (int i = 0; i < m; i++) cand[i].lb2 = lb2(S, n, cand[i].g);
            qsort(cand, m, sizeof(Cand), cand2_cmp);
        }
        if (nc > WIDTH) nc = WIDTH;
    }

    int best = limit, bg = -1;
    for (int i = 0; i < nc; i++) {
        if (cand[i].lb >= best) {
            if (wide) continue;
            break;
        }
        if (cand[i].lb2 < 0 && n >= LB2MIN) cand[i].lb2 = lb2(S, n, cand[i].g);
        if (cand[i].lb2 >= best) continue;
        int v = try_guess(S, n, cand[i].g, best, used, depth);
        if (v < best) {
            best = v;
            bg = cand[i].g;
            if (best == LBK[n]) break;
        }
    }
    int lower = nc ? cand[0].lb : INF;
    free(cand);
    if (bg >= 0) {
        tt_store(S, n, key, best, 1, bg);
        *bestguess = bg;
        return best;
    }
    int v = limit > lower ? limit : lower;
    tt_store(S, n, key, v, 0, -1);
    return v;
}

static void print_code(int c) {
    putchar('"');
    for (int i = 0; i < P; i++) putchar(LETTERS[DIG[c * P + i]]);
    putchar('"');
}

static int maxdepth;

/* Tree: [guess, {"bw": child}]; a child that is a string is the last code left. */
static void emit(const int *S, int n, int used, int depth, int forced) {
    if (depth > maxdepth) maxdepth = depth;
    if (n == 1) { print_code(S[0]); return; }
    int g = forced;
    if (g < 0) {
        solve(S, n, INF, used, depth, &g);
    }
    int cnt[MAXF] = {0}, start[MAXF], pos[MAXF], off = 0;
    const uint8_t *row = FB + (size_t)g * N;
    for (int i = 0; i < n; i++) cnt[row[S[i]]]++;
    int *buf = malloc(sizeof(int) * n);
    for (int f = 0; f < NF; f++) { start[f] = pos[f] = off; off += cnt[f]; }
    for (int i = 0; i < n; i++) buf[pos[row[S[i]]]++] = S[i];
    putchar('[');
    print_code(g);
    printf(",{");
    int first = 1;
    for (int b = 0; b <= P; b++)
        for (int w = 0; b + w <= P; w++) {
            int f = fb_id[b][w];
            if (f == WIN || !cnt[f]) continue;
            printf("%s\"%d%d\":", first ? "" : ",", b, w);
            first = 0;
            emit(buf + start[f], cnt[f], used | CMASK[g], depth + 1, -1);
        }
    printf("}]");
    free(buf);
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: %s COLOURS PEGS ROWS FULL WIDTH [FIRST]\n", argv[0]);
        return 2;
    }
    C = atoi(argv[1]);
    P = atoi(argv[2]);
    ROWS = atoi(argv[3]);
    FULL = atoi(argv[4]);
    WIDTH = atoi(argv[5]);
    int first = argc > 6 ? atoi(argv[6]) : -1;
    if (argc > 7) WIDE = atoi(argv[7]);     /* guesses ranked by lb2 at wide nodes */
    if (argc > 8) LB2MIN = atoi(argv[8]);   /* sets this big check lb2 before a search */
    if (C < 2 || C > 7 || P < 1 || P > 4) {
        fprintf(stderr, "supported: 2..7 colours, 1..4 pegs\n");
        return 2;
    }
    build_tables();
    TT = calloc(TTSIZE, sizeof(Entry));
    int *all = malloc(sizeof(int) * N);
    for (int i = 0; i < N; i++) all[i] = i;
    int total;
    if (first >= 0) {
        total = try_guess(all, N, first, INF, 0, 1);
    } else {
        int g;
        total = solve(all, N, INF, 0, 1, &g);
        first = g;
    }
    emit(all, N, 0, 1, first);
    putchar('\n');
    fprintf(stderr, "total %d codes %d nodes %lld maxdepth %d\n", total, N, nodes, maxdepth);
    return 0;
}

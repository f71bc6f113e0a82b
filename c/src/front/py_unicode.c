/* py_unicode.c — the Unicode underneath the front end's str.
 *
 * A str is UTF-8 in memory, and every way a string is made keeps it valid: the source is checked before
 * it is tokenized (py_utf8_invalid: CPython refuses such a file with "Non-UTF-8 code starting with ..."),
 * escapes and chr() encode code points, and every cut (index, slice, split) falls between code points. So
 * the decoder here never meets a bad sequence, and byte order equals code point order (comparison by
 * memcmp is Python's comparison).
 *
 * The tables (py_unidata.c) are generated from CPython 3.11's own unicodedata and str methods by
 * tools/gen-unidata.py: property flags in runs, case mappings in runs (start, count, stride, delta) with the
 * one-to-many mappings apart, the zeros of the decimal digit runs and every character name, front coded in
 * code point order. \N{...} looks a name up as CPython's _getcode does: HANGUL SYLLABLE and CJK UNIFIED
 * IDEOGRAPH names are computed (case-sensitively), other names compare case-insensitively, and the aliases (LINE FEED, BOM,
 * ...) are accepted. A lookup scans the names (~35k, a fraction of a millisecond): literals are decoded once.
 *
 * py_str_unescape is CPython's unicode_escape decoder as the compiler runs it on a literal, errors
 * included: the positions in its messages count a non-ASCII character as 10 bytes, because CPython first
 * rewrites each as a \UXXXXXXXX escape. */
#include <stdio.h>
#include <string.h>

#include "front/py_str.h"

unsigned py_uni_flags(uint32_t c) {
    int lo = 0, hi = py_uni_nruns - 1;
    while (lo < hi) {                      /* the last run starting at or before c */
        int mid = (lo + hi + 1) / 2;
        if (py_uni_run_start[mid] <= c) lo = mid;
        else hi = mid - 1;
    }
    return py_uni_run_flags[lo];
}

int py_uni_case(int which, uint32_t c, uint32_t out[3]) {
    const py_uni_map *runs;
    const py_uni_multi *multi;
    int nr, nm;
    switch (which) {
    case PY_MAP_UPPER: runs = py_uni_upper_runs; nr = py_uni_upper_nruns; multi = py_uni_upper_multi; nm = py_uni_upper_nmulti; break;
    case PY_MAP_LOWER: runs = py_uni_lower_runs; nr = py_uni_lower_nruns; multi = py_uni_lower_multi; nm = py_uni_lower_nmulti; break;
    case PY_MAP_TITLE: runs = py_uni_title_runs; nr = py_uni_title_nruns; multi = py_uni_title_multi; nm = py_uni_title_nmulti; break;
    default: runs = py_uni_fold_runs; nr = py_uni_fold_nruns; multi = py_uni_fold_multi; nm = py_uni_fold_nmulti; break;
    }
    if (c < 128 && which != PY_MAP_FOLD) {  /* ASCII, the common case */
        bool up = c >= 'a' && c <= 'z', low = c >= 'A' && c <= 'Z';
        out[0] = which == PY_MAP_LOWER ? (low ? c + 32 : c) : (up ? c - 32 : c);
        return 1;
    }
    int lo = 0, hi = nm - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (multi[mid].cp == c && multi[mid].n) {
            for (int k = 0; k < multi[mid].n; k++) out[k] = multi[mid].m[k];
            return multi[mid].n;
        }
        if (multi[mid].cp < c) lo = mid + 1;
        else hi = mid - 1;
    }
    lo = 0;
    hi = nr - 1;
    int at = -1;
    while (lo <= hi) {                     /* runs are disjoint: the last one starting at or before c */
        int mid = (lo + hi) / 2;
        if (runs[mid].start <= c) {
            at = mid;
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    out[0] = c;
    if (at >= 0) {
        const py_uni_map *r = &runs[at];
        uint32_t off = c - r->start;
        if (off % (uint32_t)r->stride == 0 && off / (uint32_t)r->stride < (uint32_t)r->count)
            out[0] = (uint32_t)((int64_t)c + r->delta);
    }
    return 1;
}

int py_uni_decimal(uint32_t c) {
    if (c >= '0' && c <= '9') return (int)(c - '0');
    if (!(py_uni_flags(c) & PY_U_DECIMAL)) return -1;
    for (int i = 0; i < py_uni_nzeros; i++)
        if (c >= py_uni_zeros[i] && c < py_uni_zeros[i] + 10) return (int)(c - py_uni_zeros[i]);
    return -1;
}

/* ---------------------------------------------------------------- UTF-8 */
uint32_t py_utf8_get(const char *s, size_t *i) {
    const unsigned char *p = (const unsigned char *)s + *i;
    uint32_t c = p[0];
    if (c < 0x80) {
        *i += 1;
        return c;
    }
    if (c < 0xE0) {
        *i += 2;
        return ((c & 0x1F) << 6) | (p[1] & 0x3F);
    }
    if (c < 0xF0) {
        *i += 3;
        return ((c & 0x0F) << 12) | ((uint32_t)(p[1] & 0x3F) << 6) | (p[2] & 0x3F);
    }
    *i += 4;
    return ((c & 0x07) << 18) | ((uint32_t)(p[1] & 0x3F) << 12) | ((uint32_t)(p[2] & 0x3F) << 6) | (p[3] & 0x3F);
}

size_t py_utf8_put(uint32_t c, char *o) {
    if (c < 0x80) {
        o[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        o[0] = (char)(0xC0 | (c >> 6));
        o[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        o[0] = (char)(0xE0 | (c >> 12));
        o[1] = (char)(0x80 | ((c >> 6) & 0x3F));
        o[2] = (char)(0x80 | (c & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | (c >> 18));
    o[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((c >> 6) & 0x3F));
    o[3] = (char)(0x80 | (c & 0x3F));
    return 4;
}

size_t py_utf8_count(const char *s, size_t n) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++) k += ((unsigned char)s[i] & 0xC0) != 0x80;
    return k;
}

size_t py_utf8_offset(const char *s, size_t n, size_t k) {
    size_t i = 0;
    while (i < n && k) {
        i++;
        while (i < n && ((unsigned char)s[i] & 0xC0) == 0x80) i++;
        k--;
    }
    return i;
}

size_t py_utf8_invalid(const char *s, size_t n) {
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < n) {
        unsigned c = p[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        int k;
        uint32_t v, min;
        if (c >= 0xC2 && c <= 0xDF) k = 1, v = c & 0x1F, min = 0x80;
        else if (c >= 0xE0 && c <= 0xEF) k = 2, v = c & 0x0F, min = 0x800;
        else if (c >= 0xF0 && c <= 0xF4) k = 3, v = c & 0x07, min = 0x10000;
        else return i;
        if (n - i <= (size_t)k) return i;
        for (int j = 1; j <= k; j++) {
            if ((p[i + (size_t)j] & 0xC0) != 0x80) return i;
            v = (v << 6) | (p[i + (size_t)j] & 0x3F);
        }
        if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return i;
        i += (size_t)k + 1;
    }
    return n;
}

/* ---------------------------------------------------------------- names */
static const char *const JAMO_L[] = {"G", "GG", "N", "D", "DD", "R", "M", "B", "BB", "S", "SS", "", "J", "JJ",
                                     "C", "K", "T", "P", "H"};
static const char *const JAMO_V[] = {"A", "AE", "YA", "YAE", "EO", "E", "YEO", "YE", "O", "WA", "WAE", "OE", "YO",
                                     "U", "WEO", "WE", "WI", "YU", "EU", "YI", "I"};
static const char *const JAMO_T[] = {"", "G", "GG", "GS", "N", "NJ", "NH", "D", "L", "LG", "LM", "LB", "LS", "LT",
                                     "LP", "LH", "M", "B", "BS", "S", "SS", "NG", "J", "C", "K", "T", "P", "H"};

/* CPython's find_syllable: the longest jamo name at s (case-sensitive), or the empty one. */
static size_t syllable(const char *s, size_t n, const char *const *tab, int count, int *pos) {
    int len = -1;
    *pos = -1;
    for (int i = 0; i < count; i++) {
        int l = (int)strlen(tab[i]);
        if (l <= len || (size_t)l > n) continue;
        if (strncmp(s, tab[i], (size_t)l) == 0) {
            len = l;
            *pos = i;
        }
    }
    return len < 0 ? 0 : (size_t)len;
}

/* CPython 3.11 compares these two prefixes case-sensitively (other names ignore case). */
static bool prefix_cs(const char *s, size_t n, const char *p) {
    size_t k = strlen(p);
    return n >= k && memcmp(s, p, k) == 0;
}

static int b26(const char *s, int k) {
    int v = 0;
    for (int i = 0; i < k; i++) v = v * 26 + (s[i] - 'a');
    return v;
}

/* Scans a front-coded table for the (uppercase) name q. */
static int64_t scan_names(const char *const *chunks, int nchunks, const char *q, size_t qn) {
    char cur[128];
    size_t curn = 0;
    int64_t cp = -1;
    for (int ci = 0; ci < nchunks; ci++) {
        const char *p = chunks[ci];
        while (*p) {
            if (*p == '~') {
                cp += b26(p + 1, 5);
                p += 6;
            } else {
                cp += 1;
            }
            size_t keep = (size_t)b26(p, 2);
            p += 2;
            const char *sfx = p;
            while (*p && !(*p >= 'a' && *p <= 'z') && *p != '~') p++;
            size_t sn = (size_t)(p - sfx);
            if (keep + sn >= sizeof cur) keep = sizeof cur - 1 - sn;   /* never: names are under 100 bytes */
            memcpy(cur + keep, sfx, sn);
            curn = keep + sn;
            if (curn == qn && memcmp(cur, q, qn) == 0) return cp;
        }
    }
    return -1;
}

int64_t py_uni_lookup(const char *name, size_t n) {
    if (prefix_cs(name, n, "HANGUL SYLLABLE ")) {
        const char *p = name + 16;
        size_t left = n - 16, k;
        int L, V, T;
        k = syllable(p, left, JAMO_L, 19, &L);
        p += k, left -= k;
        k = syllable(p, left, JAMO_V, 21, &V);
        p += k, left -= k;
        k = syllable(p, left, JAMO_T, 28, &T);
        left -= k;
        if (L >= 0 && V >= 0 && T >= 0 && left == 0) return 0xAC00 + (L * 21 + V) * 28 + T;
        return -1;
    }
    if (prefix_cs(name, n, "CJK UNIFIED IDEOGRAPH-")) {
        if (n - 22 != 4 && n - 22 != 5) return -1;
        uint32_t v = 0;
        for (size_t i = 22; i < n; i++) {
            char c = name[i];
            v *= 16;
            if (c >= '0' && c <= '9') v += (uint32_t)(c - '0');
            else if (c >= 'A' && c <= 'F') v += (uint32_t)(c - 'A' + 10);
            else return -1;
        }
        for (int i = 0; i < py_uni_ncjk; i++)
            if (v >= py_uni_cjk[i][0] && v <= py_uni_cjk[i][1]) return v;
        return -1;
    }
    char q[128];
    if (n == 0 || n >= sizeof q) return -1;
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        if (c >= 'a' && c <= 'z') c = (char)(c - 32);
        if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ' ' || c == '-')) return -1;
        q[i] = c;
    }
    q[n] = 0;
    int64_t cp = scan_names(py_uni_names, py_uni_nnames, q, n);
    if (cp >= 0) return cp;
    for (int i = 0; i < py_uni_nhexranges; i++) {   /* "CJK COMPATIBILITY IDEOGRAPH-F900" */
        const py_uni_hexrange *h = &py_uni_hexranges[i];
        size_t pl = strlen(h->prefix);
        if (n < pl + 5 || memcmp(q, h->prefix, pl) != 0 || q[pl] != '-') continue;
        uint32_t v = 0;
        bool ok = n - pl - 1 <= 6;
        for (size_t j = pl + 1; ok && j < n; j++) {
            char c = q[j];
            if (c >= '0' && c <= '9') v = v * 16 + (uint32_t)(c - '0');
            else if (c >= 'A' && c <= 'F') v = v * 16 + (uint32_t)(c - 'A' + 10);
            else ok = false;
        }
        char want[16];
        snprintf(want, sizeof want, "%04X", (unsigned)v);
        if (ok && v >= h->first && v <= h->last && strlen(want) == n - pl - 1) return v;
    }
    return scan_names(py_uni_aliases, py_uni_naliases, q, n);
}

/* ---------------------------------------------------------------- literals */
static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool py_str_unescape(char *d, const char *s, size_t n, size_t *outn, char *msg, size_t cap) {
    size_t o = 0, i = 0, pos = 0;   /* pos: CPython's position (a non-ASCII character counts 10) */
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c != '\\') {
            if (c >= 0x80) {
                size_t j = i;
                py_utf8_get(s, &j);
                memcpy(d + o, s + i, j - i);
                o += j - i;
                i = j;
                pos += 10;
            } else {
                d[o++] = (char)c;
                i++;
                pos++;
            }
            continue;
        }
        size_t start = pos;
        if (i + 1 >= n || (unsigned char)s[i + 1] >= 0x80) {   /* kept: CPython writes it as \u005c */
            d[o++] = '\\';
            i++;
            pos += 6;
            continue;
        }
        char e = s[i + 1];
        i += 2;
        pos += 2;
        const char *err = NULL;
        uint32_t ch = 0;
        int count = 0;
        switch (e) {
        case '\n': continue;
        case '\\': d[o++] = '\\'; continue;
        case '\'': d[o++] = '\''; continue;
        case '"': d[o++] = '"'; continue;
        case 'b': d[o++] = '\b'; continue;
        case 'f': d[o++] = '\f'; continue;
        case 't': d[o++] = '\t'; continue;
        case 'n': d[o++] = '\n'; continue;
        case 'r': d[o++] = '\r'; continue;
        case 'v': d[o++] = '\v'; continue;
        case 'a': d[o++] = '\a'; continue;
        case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7':
            ch = (uint32_t)(e - '0');
            for (int k = 0; k < 2 && i < n && s[i] >= '0' && s[i] <= '7'; k++, i++, pos++) ch = ch * 8 + (uint32_t)(s[i] - '0');
            o += py_utf8_put(ch, d + o);
            continue;
        case 'x': count = 2; err = "truncated \\xXX escape"; break;
        case 'u': count = 4; err = "truncated \\uXXXX escape"; break;
        case 'U': count = 8; err = "truncated \\UXXXXXXXX escape"; break;
        case 'N': {
            err = "malformed \\N character escape";
            if (i < n && s[i] == '{') {
                size_t nm = ++i;
                pos++;
                while (i < n && s[i] != '}') {
                    /* a name is ASCII; a non-ASCII character in it counts as CPython's \U escape */
                    if ((unsigned char)s[i] >= 0x80) {
                        py_utf8_get(s, &i);
                        pos += 10;
                    } else {
                        i++;
                        pos++;
                    }
                }
                if (i < n && i > nm) {
                    i++;
                    pos++;
                    int64_t v = py_uni_lookup(s + nm, i - 1 - nm);
                    if (v >= 0) {
                        o += py_utf8_put((uint32_t)v, d + o);
                        continue;
                    }
                    err = "unknown Unicode character name";
                }
            }
            goto fail;
        }
        default:                   /* an invalid escape: CPython warns and keeps the backslash */
            d[o++] = '\\';
            d[o++] = e;
            continue;
        }
        for (; count; count--, i++, pos++) {
            int h = i < n ? hexval(s[i]) : -1;
            if (h < 0) goto fail;
            ch = ch * 16 + (uint32_t)h;
        }
        if (ch > 0x10FFFF) {
            err = "illegal Unicode character";
            goto fail;
        }
        if (ch >= 0xD800 && ch <= 0xDFFF) {   /* a lone surrogate: CPython keeps it, UTF-8 cannot */
            err = "surrogate code points are not supported (GraphLab strings are UTF-8)";
            goto fail;
        }
        o += py_utf8_put(ch, d + o);
        continue;
    fail:
        snprintf(msg, cap, "(unicode error) 'unicodeescape' codec can't decode bytes in position %zu-%zu: %s", start,
                 pos > start ? pos - 1 : start, err);
        return false;
    }
    *outn = o;
    return true;
}

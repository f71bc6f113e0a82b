/* py_spans.c — source spans through the pipeline. The traced stage's nodes carry the span of the
 * expression that emitted them; each later stage's node carries the spans of the nodes it came from (the
 * pass's provenance), so a node CSE merged keeps every span it absorbed, the primitives of a decomposed
 * composite keep the composite's span, and flash_attn spans the whole subgraph match_attention replaced. */
#include <stdlib.h>
#include <string.h>

#include "front/front.h"
#include "ir/util.h"

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return x < y ? -1 : x > y;
}

/* sets[i] = traced-node ids node i carries: start[i] .. start[i+1] in ids. */
typedef struct {
    int *start, *ids;
} span_sets;

gl_status gl_spans_json(gl_sb *sb, const gl_span *spans, int n0, int nstages, const char *const *keys,
                        const gl_provenance *const *provs, const int *nnodes, gl_err *e) {
    span_sets cur = {gl_alloc((size_t)n0 + 1, sizeof(int), e), gl_alloc((size_t)n0 + 1, sizeof(int), e)};
    gl_status st = GL_OK;
    if (!cur.start || !cur.ids) {
        st = GL_E_NOMEM;
        goto done;
    }
    for (int i = 0; i < n0; i++) {
        cur.start[i] = i;
        cur.ids[i] = i;
    }
    cur.start[n0] = n0;
    int ncur = n0;
    gl_sb_putc(sb, '{');
    for (int s = 0; s < nstages; s++) {
        if (s > 0) {
            const gl_provenance *p = provs[s];
            int n = nnodes[s];
            if (!p || p->n != n) {
                st = gl_fail(e, GL_E_INTERNAL, "stage %s has no provenance for its spans", keys[s]);
                goto done;
            }
            size_t total = 0;
            for (int i = 0; i < n; i++)
                for (int k = p->from_start[i]; k < p->from_start[i + 1]; k++)
                    if (p->from[k] >= 0 && p->from[k] < ncur)
                        total += (size_t)(cur.start[p->from[k] + 1] - cur.start[p->from[k]]);
            span_sets nx = {gl_alloc((size_t)n + 1, sizeof(int), e), gl_alloc(total + 1, sizeof(int), e)};
            if (!nx.start || !nx.ids) {
                free(nx.start);
                free(nx.ids);
                st = GL_E_NOMEM;
                goto done;
            }
            int o = 0;
            for (int i = 0; i < n; i++) {
                nx.start[i] = o;
                for (int k = p->from_start[i]; k < p->from_start[i + 1]; k++) {
                    int f = p->from[k];
                    if (f < 0 || f >= ncur) continue;
                    for (int q = cur.start[f]; q < cur.start[f + 1]; q++) nx.ids[o++] = cur.ids[q];
                }
                qsort(nx.ids + nx.start[i], (size_t)(o - nx.start[i]), sizeof(int), cmp_int);
                int w = nx.start[i];
                for (int q = nx.start[i]; q < o; q++)
                    if (q == nx.start[i] || nx.ids[q] != nx.ids[q - 1]) nx.ids[w++] = nx.ids[q];
                o = w;
            }
            nx.start[n] = o;
            free(cur.start);
            free(cur.ids);
            cur = nx;
            ncur = n;
        }
        if (s) gl_sb_puts(sb, ", ");
        gl_sb_json_str(sb, keys[s]);
        gl_sb_puts(sb, ": [");
        for (int i = 0; i < ncur; i++) {
            gl_sb_puts(sb, i ? ", [" : "[");
            bool first = true;
            for (int q = cur.start[i]; q < cur.start[i + 1]; q++) {
                const gl_span *sp = &spans[cur.ids[q]];
                if (!sp->line) continue;
                bool dup = false;      /* distinct nodes of one expression share a span: write it once */
                for (int r = cur.start[i]; r < q && !dup; r++) dup = memcmp(&spans[cur.ids[r]], sp, sizeof *sp) == 0;
                if (dup) continue;
                gl_sb_printf(sb, "%s[%d, %d, %d, %d]", first ? "" : ", ", sp->line, sp->col, sp->end_line, sp->end_col);
                first = false;
            }
            gl_sb_putc(sb, ']');
        }
        gl_sb_putc(sb, ']');
    }
    gl_sb_putc(sb, '}');
done:
    free(cur.start);
    free(cur.ids);
    return st;
}

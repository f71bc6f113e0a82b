/* kit.h — the pass kit: what every §9 pass repeats, so that a pass file is its rule.
 *
 * A pass begins a kit on its input graph (never written), edits a working copy of it (nodes, values,
 * appended nodes, replacements), commits it (one rebuild: remaps resolved, renumbered, optionally dead code
 * dropped and leaves moved first), records the provenance rules only it knows (how a new node came to be,
 * which dead nodes it consumed) and ends the kit, which hands the result over or frees everything and
 * forwards the first error. Working ids are the input's ids 0..n-1, then appended nodes n..m-1.
 *
 *     gl_kit k;
 *     if (gl_kit_begin(&k, g, GL_KIT_NODES)) goto done;
 *     ... gl_kit_node(&k, i)->op = ...; gl_kit_replace(&k, i, by); k.hits++ ...
 *     if (gl_kit_commit(&k, GL_KIT_DCE)) goto done;
 *     ... gl_kit_how(&k, gl_kit_new_id(&k, i), GL_HOW_FOLDED); gl_kit_claim(&k, j, old) ...
 * done:
 *     return gl_kit_end(&k, "constant_fold", out, e);
 *
 * Every kit call that can fail records the error in k.err and returns its status; after a failure the
 * others do nothing, so a pass checks where it must stop and jumps to gl_kit_end. */
#ifndef GL_PASSES_KIT_H
#define GL_PASSES_KIT_H

#include "ir/util.h"

/* What gl_kit_begin prepares. */
enum {
    GL_KIT_NODES = 1,    /* a private copy of the nodes (gl_kit_node may be written) */
    GL_KIT_VALUES = 2,   /* a private copy of the value table (gl_kit_set_value) */
    GL_KIT_REMAP = 4,    /* replacements (gl_kit_replace, gl_kit_merge) */
    GL_KIT_USERS = 8,    /* k.users: the users of the input graph */
    GL_KIT_NO_PROV = 16, /* the caller wants only the graph (decompose for the eager kernels): no provenance is
                            recorded, gl_kit_how / gl_kit_from / gl_kit_claim do nothing, out.prov stays empty */
};

/* How gl_kit_commit rebuilds. */
enum {
    GL_KIT_DCE = 1,          /* keep only what outputs and guards reach, plus every input node (the reference's dce) */
    GL_KIT_LEAVES_FIRST = 2, /* leaves first (in working order), then the rest */
};

typedef struct {
    const gl_graph *in;   /* the pass's input */
    int n;                /* in->n */
    gl_err err;           /* the first error */
    int hits;             /* the pass's count (-1: the pass reports none) */
    gl_users users;       /* GL_KIT_USERS */
    /* the working copy: w.nodes / w.values are in's until GL_KIT_NODES / GL_KIT_VALUES copies them; w.pool
       is in's pool, one reference held by the kit, shared by the output graph */
    gl_graph w;
    bool *owned;          /* per working id: the kit holds the reference of a value gl_kit_set_value gave it */
    int *remap;           /* per working id: the node that stands for it, or -1 */
    bool *merged;         /* per working id: its remap is a merge (provenance) rather than a replacement */
    unsigned need;
    bool nodes_given;     /* gl_kit_commit gave the private node array to out (nothing changed places): from
                             then on gl_kit_node reads out's nodes, so a pass writes no node after the commit */
    /* after gl_kit_commit (or gl_kit_adopt) */
    gl_graph *out;
    int *idmap;           /* per working id: its id in out, or -1 */
    gl_how *how;          /* per new node */
    int *pbase;           /* per old id: the new node its first listing is in (the commit's default provenance,
                             or a first gl_kit_from), or -1 */
    int *pnew, *pold;     /* the rule's provenance pairs (new id, old id) */
    int npairs, pcap;
    bool *claimed;        /* per old id: listed in some from by gl_kit_claim */
    void *scratch[8];     /* gl_kit_alloc's blocks */
    int nscratch;
} gl_kit;

gl_status gl_kit_begin(gl_kit *k, const gl_graph *g, unsigned need);
/* Zero-filled scratch memory that gl_kit_end frees; NULL (and k.err) on failure. */
void *gl_kit_alloc(gl_kit *k, size_t n, size_t size);
/* The working node id (GL_KIT_NODES). */
static inline gl_node *gl_kit_node(gl_kit *k, int id) { return &k->w.nodes[id]; }
/* Appends a copy of proto (GL_KIT_NODES | GL_KIT_VALUES); its working id, or -1. */
int gl_kit_append(gl_kit *k, const gl_node *proto);
/* Gives working node id new attrs / a new name, interned in the pool the kit's graphs share (a node's
 * shape, attrs and name are never written through: kit.c). Returns the status (k.err on failure). */
gl_status gl_kit_set_attrs(gl_kit *k, int id, const gl_attrs *a);
gl_status gl_kit_set_name(gl_kit *k, int id, const char *name);
/* Gives node id the new value v, whose reference the kit takes (the output graph retains its own). */
void gl_kit_set_value(gl_kit *k, int id, gl_array *v);
/* id is replaced by `by` (its users read `by`); provenance: id removed. */
void gl_kit_replace(gl_kit *k, int id, int by);
/* id is merged into `into`; provenance: into's new node is "merged" from both. */
void gl_kit_merge(gl_kit *k, int id, int into);
/* The end of id's replacement chain. */
int gl_kit_res(const gl_kit *k, int id);

/* Rebuilds the working copy into k.out (flags: GL_KIT_DCE, GL_KIT_LEAVES_FIRST) and records the default
 * provenance: every old id that survives is "kept" in its new node; a merged one joins its survivor. */
gl_status gl_kit_commit(gl_kit *k, unsigned flags);
/* For a pass that builds its output itself (decompose): k.out = ng (owned by the kit from now), with no
 * provenance recorded yet. */
gl_status gl_kit_adopt(gl_kit *k, gl_graph *ng);

static inline int gl_kit_new_id(const gl_kit *k, int id) { return k->idmap[id]; }
void gl_kit_how(gl_kit *k, int new_id, gl_how how);
/* old_id is listed in new_id's from. */
void gl_kit_from(gl_kit *k, int new_id, int old_id);
/* Lists old_id in new_id's from when it did not survive and no earlier claim listed it; true if it did. */
bool gl_kit_claim(gl_kit *k, int new_id, int old_id);

/* Success (k.err clear): out receives the graph, the provenance of `pass` and k.hits. Always frees
 * what the kit holds; returns the first error (copied into *e) or GL_OK. */
gl_status gl_kit_end(gl_kit *k, const char *pass, gl_pass_result *out, gl_err *e);

#endif

/* pool.h — the node pool's life cycle (graphlab.h: what it holds and who shares it). Graphs make their pool
 * on first use and share it with every graph made from them; nothing outside the core handles a pool's
 * references. */
#ifndef GL_POOL_H
#define GL_POOL_H

#include "graphlab.h"

gl_pool *gl_pool_new(gl_err *e);
gl_pool *gl_pool_retain(gl_pool *p);            /* NULL-safe */
void gl_pool_release(gl_pool *p);               /* NULL-safe; frees at the last reference */
/* ptr is one of p's items or a shared constant (gl_scalar_shape, gl_no_attrs, ""): a node of a graph of p
 * may hold it as it is. */
bool gl_pool_holds(const gl_pool *p, const void *ptr);
/* dst (no nodes yet) takes a reference to p instead of its own pool: the graphs a pass makes share its
 * input's. */
void gl_graph_share_pool(gl_graph *dst, gl_pool *p);
/* The tracer's graph shares g's pool (decompose traces its output from g's nodes). */
void gl_tracer_share_pool(gl_tracer *tr, const gl_graph *g);

#endif

/* graph_read.h — a graph from JSON: the form the case result's "graphs" entries use (nodes as
 * [id, op, inputs, attrs, shape, name], outputs, input_names), plus what a standalone graph needs:
 *   "values": {"<id>": {"shape": [...], "f64": "<base64>"} | {"same": <id>}, ...}   param / const values
 *             ({"same": k}: the very array node k holds — CSE merges array consts by identity);
 *   "guards": [["value", <id>, true|false], ...].
 * Strict: every node's shape must be what the op's shape rule gives (as the tracer records it), attrs
 * are those the op reads, values match their node's shape; every error names the field and value.
 * Read by `graphlab passes` (docs/CASES.md, "Passes on a graph"). */
#ifndef GL_GRAPH_READ_H
#define GL_GRAPH_READ_H

#include "io/json.h"

/* The graph object at token tok (field names it in messages, e.g. "graph") into *out (NULL on failure). */
gl_status gl_graph_read_json(const gl_json *j, int tok, const char *field, gl_graph **out, gl_err *e);

/* A bind object {symbol: non-negative integer} at tok (absent or null: empty). */
gl_status gl_bind_read_json(const gl_json *j, int tok, const char *field, gl_bind *out, gl_err *e);

#endif

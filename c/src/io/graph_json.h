/* graph_json.h — a graph in the case files' JSON form (the reference's fixtures): nodes as
 * [id, op, inputs, attrs, shape, name] with symbolic dims as strings, outputs, input_names. Shared by the
 * case writer and the demos. */
#ifndef GL_GRAPH_JSON_H
#define GL_GRAPH_JSON_H
#include "ir/util.h"

void gl_json_put_dim(gl_sb *sb, gl_dim d);
void gl_json_put_shape(gl_sb *sb, const gl_shape *s);
void gl_json_put_ints(gl_sb *sb, const int *v, int n);
/* attrs in the enum's order, which is the reference's insertion order */
void gl_json_put_attrs(gl_sb *sb, const gl_attrs *a);
/* `"nodes": [...], "outputs": [...], "input_names": {...}` without the enclosing braces; `sep` goes
 * between nodes (", " compact, ",\n    " pretty). */
void gl_json_put_graph_fields(gl_sb *sb, const gl_graph *g, const char *sep, const char *first_sep);

#endif

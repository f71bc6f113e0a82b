/* tracer.h — the tracer's internal entry points for the model builders (layers.c), beyond graphlab.h. */
#ifndef GL_FRONT_TRACER_H
#define GL_FRONT_TRACER_H

#include "graphlab.h"

/* Appends again what the builder calls that made nodes first..last-1 appended, now on other operands: a
 * copy of each node (op, attrs, shape, name and value shared, as those calls make them), reading, where
 * the original read a node before `first`, from[k] -> to[k] (k < nmap), any other such node as it is,
 * and a node of the range its copy. *shift receives the copies' id minus the original's.
 *
 * It is the same graph the builder calls would make when they depend only on their operands' shapes
 * (equal for from[k] and to[k]) and fixed arguments, and no node of the range has a trace-time value (no
 * value is computed, none is recorded): false (nothing appended, no error) when a node of the range has one
 * or the graph has no room reserved for the copies, and the caller makes the calls instead. */
bool gl_t_repeat(gl_tracer *tr, int first, int last, const int *from, const int *to, int nmap, int *shift);

#endif

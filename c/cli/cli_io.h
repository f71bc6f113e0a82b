/* cli_io.h — what every graphlab subcommand shares: reading a whole input, writing output, and the one-line
 * error conventions (exit 1 for a failing computation, 2 for a usage error). */
#ifndef GL_CLI_IO_H
#define GL_CLI_IO_H
#include <stddef.h>

#include "io/case.h"
#include "graphlab.h"

#define EXIT_FAIL 1
#define EXIT_USAGE 2

/* "graphlab: usage: <message> (see graphlab --help)" on stderr; returns EXIT_USAGE. */
int gl_cli_usage(const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* "graphlab: <status>: <message>" on stderr; returns EXIT_FAIL. */
int gl_cli_fail(const gl_err *e);
/* A whole file ("-": stdin), NUL-terminated, at most GL_MAX_INPUT_BYTES (1 GiB); NULL with *e set on failure.
 * free() it. */
char *gl_cli_read_all(const char *path, size_t *len, gl_err *e);
/* Writes to stdout and flushes; 0 or EXIT_FAIL (quietly when the reader went away). */
int gl_cli_write(const char *s, size_t n);

/* Reads a case file and runs its passes (no fusion, memory or runs): the stages that `print` and `codegen`
 * show. 0, or an exit code after printing the error; on success the caller frees both. */
int gl_cli_case_stages(const char *file, gl_case *c, gl_case_result *r);
/* The index of the stage called `name` (e.g. "cse"), or -1 after filling *e with the known names. */
int gl_cli_find_stage(const gl_case_result *r, const char *name, gl_err *e);
#endif

/* cmd_passes.h — the passes subcommand (cmd_passes.c) for main.c's COMMANDS table. */
#ifndef GL_CMD_PASSES_H
#define GL_CMD_PASSES_H

int gl_cli_passes(int argc, char **argv);
/* A graph in the passes output's form (nodes, outputs, guards, values; cmd_pypass.c writes the same). */
#include "ir/util.h"
void gl_cli_put_graph(gl_sb *sb, const gl_graph *g);

#endif

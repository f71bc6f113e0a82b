/* cmd_passes.h — the passes subcommand (cmd_passes.c) for main.c's COMMANDS table. */
#ifndef GL_CMD_PASSES_H
#define GL_CMD_PASSES_H

int gl_cli_passes(int argc, char **argv);

#endif

/* cmd_trace.h — the trace subcommand (cmd_trace.c) for main.c's COMMANDS table. */
#ifndef GL_CMD_TRACE_H
#define GL_CMD_TRACE_H

int gl_cli_trace(int argc, char **argv);

#endif

/* cmd_pypass.h — the pypass subcommand (cmd_pypass.c) for main.c's COMMANDS table. */
#ifndef GL_CMD_PYPASS_H
#define GL_CMD_PYPASS_H

int gl_cli_pypass(int argc, char **argv);

#endif

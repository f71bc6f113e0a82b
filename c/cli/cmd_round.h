/* cmd_round.h — the round subcommand (cmd_round.c) for main.c's COMMANDS table. */
#ifndef GL_CMD_ROUND_H
#define GL_CMD_ROUND_H

int gl_cli_round(int argc, char **argv);

#endif

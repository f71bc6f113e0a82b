/* cmd_demos.h — the branch, dynamic and codegen subcommands (cmd_demos.c) for main.c's COMMANDS table.
 * Each takes the arguments after the subcommand and returns the process exit status. */
#ifndef GL_CMD_DEMOS_H
#define GL_CMD_DEMOS_H

int gl_cli_branch(int argc, char **argv);
int gl_cli_dynamic(int argc, char **argv);
int gl_cli_codegen(int argc, char **argv);

#endif

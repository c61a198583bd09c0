/* feed FILE PROG [ARG...]: runs PROG with FILE as its standard input.
 *
 * hyperfine before 1.17 has no --input option, and a shell in between
 * would cost more than the C floor itself. feed opens FILE on fd 0 and
 * execs PROG in the same process (no fork), so each measured run costs one
 * extra execve of this small static binary, the same for every program. */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
	if (argc < 3) {
		fputs("usage: feed FILE PROG [ARG...]\n", stderr);
		return 2;
	}
	int fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		perror(argv[1]);
		return 2;
	}
	if (fd != 0) {
		dup2(fd, 0);
		close(fd);
	}
	execv(argv[2], argv + 2);
	perror(argv[2]);
	return 127;
}

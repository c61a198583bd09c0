// pagecost measures what a first touch of a page costs on this machine
// (BENCHMARKS.md, "Why page faults"): fresh anonymous pages touched one
// by one, the same after MADV_POPULATE_WRITE, and an executable file
// already in the page cache read one page per 64 KiB window (the kernel
// maps the window around each fault) or after MADV_POPULATE_READ.
//
//	cc -O2 -o /tmp/pagecost bench/pagecost/pagecost.c
//	/tmp/pagecost anon 256
//	/tmp/pagecost populate 256
//	/tmp/pagecost file 1600 16 BINARY
//	/tmp/pagecost file-populate 1600 16 BINARY
//
// Each prints the time of the touches and the process's minor faults.
// Linux only (MADV_POPULATE_* need Linux 5.14).
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#define MADV_POPULATE_WRITE 23
#endif

static double now_us(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static void usage(void) {
	fprintf(stderr, "usage: pagecost anon|populate PAGES | pagecost file|file-populate PAGES STRIDE FILE\n");
	exit(2);
}

int main(int argc, char **argv) {
	if (argc < 3)
		usage();
	const char *mode = argv[1];
	long n = atol(argv[2]);
	size_t size = (size_t)n * 4096;
	volatile char *p;
	char sum = 0;
	double t0, t1;
	if (strcmp(mode, "anon") == 0 || strcmp(mode, "populate") == 0) {
		p = mmap(0, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED) {
			perror("mmap");
			return 1;
		}
		t0 = now_us();
		if (mode[0] == 'p' && madvise((void *)p, size, MADV_POPULATE_WRITE) != 0)
			perror("madvise");
		for (long i = 0; i < n; i++)
			p[i * 4096] = 1;
		t1 = now_us();
	} else if (strcmp(mode, "file") == 0 || strcmp(mode, "file-populate") == 0) {
		if (argc < 5)
			usage();
		long stride = atol(argv[3]);
		int fd = open(argv[4], O_RDONLY);
		if (fd < 0 || stride < 1) {
			perror(argv[4]);
			return 1;
		}
		p = mmap(0, size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (p == MAP_FAILED) {
			perror("mmap");
			return 1;
		}
		t0 = now_us();
		if (strcmp(mode, "file-populate") == 0 && madvise((void *)p, size, MADV_POPULATE_READ) != 0)
			perror("madvise");
		for (long i = 0; i < n; i += stride)
			sum += p[(size_t)i * 4096];
		t1 = now_us();
	} else {
		usage();
	}
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	printf("%s %ld pages: %.1f us, %ld minor faults in the process\n", mode, n, t1 - t0, ru.ru_minflt);
	return sum == 123;
}

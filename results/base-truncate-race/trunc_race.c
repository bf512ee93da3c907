/* Does a read racing ftruncate() copy the zeroes truncation writes? */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static int fd; static volatile int stop;
static long zeroed, reads, longreads;
static void *reader(void *a)
{
	char buf[8192];
	while (!stop) {
		ssize_t n = pread(fd, buf, sizeof(buf), 0);
		reads++;
		if (n > 1000) {
			longreads++;
			for (int i = 0; i < n; i++)
				if (buf[i] != 'x') { zeroed++; break; }
		}
	}
	return NULL;
}
int main(int argc, char **argv)
{
	char page[8192]; pthread_t t; int i;
	memset(page, 'x', sizeof(page));
	fd = open(argv[1], O_CREAT | O_TRUNC | O_RDWR, 0644);
	pthread_create(&t, NULL, reader, NULL);
	for (i = 0; i < atoi(argv[2]); i++) {
		pwrite(fd, page, sizeof(page), 0);
		ftruncate(fd, 1000);
	}
	stop = 1; pthread_join(t, NULL);
	printf("%d truncations, %ld reads, %ld longer than the cut, %ld with zeroes\n", i, reads, longreads, zeroed);
	return 0;
}

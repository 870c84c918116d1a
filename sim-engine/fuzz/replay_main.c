/* replay_main.c — run LLVMFuzzerTestOneInput on saved inputs without libFuzzer,
 * so the corpus and crash files can be replayed by any compiler with
 * AddressSanitizer / UndefinedBehaviorSanitizer (e.g. gcc in CI).
 *
 *   replay FILE_OR_DIR...
 *
 * A directory is replayed file by file (sorted by name, not recursively;
 * hidden files skipped).  Prints one line per input and a summary; exits 0
 * when every input ran (an invariant violation aborts, a sanitizer report
 * exits non-zero), 2 on usage or I/O errors.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int n_run, n_err;

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		perror(path);
		n_err++;
		return -1;
	}
	size_t cap = 4096, n = 0;
	uint8_t *buf = malloc(cap);
	for (;;) {
		if (!buf) {
			fprintf(stderr, "%s: out of memory\n", path);
			fclose(f);
			n_err++;
			return -1;
		}
		n += fread(buf + n, 1, cap - n, f);
		if (n < cap)
			break;
		cap *= 2;
		uint8_t *nb = realloc(buf, cap);
		if (!nb)
			free(buf);
		buf = nb;
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		fprintf(stderr, "%s: read error\n", path);
		free(buf);
		n_err++;
		return -1;
	}
	fprintf(stderr, "replay: %s (%zu bytes)\n", path, n);
	/* an exact-size copy, so ASan sees reads past the input's end */
	uint8_t *exact = malloc(n ? n : 1);
	if (exact && n)
		memcpy(exact, buf, n);
	free(buf);
	if (!exact) {
		n_err++;
		return -1;
	}
	LLVMFuzzerTestOneInput(exact, n);
	free(exact);
	n_run++;
	return 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void run_dir(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d) {
		perror(dir);
		n_err++;
		return;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			char **nn = realloc(names, cap * sizeof(*names));
			if (!nn)
				break;
			names = nn;
		}
		size_t len = strlen(dir) + strlen(e->d_name) + 2;
		names[n] = malloc(len);
		if (!names[n])
			break;
		snprintf(names[n], len, "%s/%s", dir, e->d_name);
		n++;
	}
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_names);
	for (size_t i = 0; i < n; i++) {
		struct stat st;
		if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
			run_file(names[i]);
		free(names[i]);
	}
	free(names);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE_OR_DIR...\n", argv[0]);
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0) {
			perror(argv[i]);
			n_err++;
			continue;
		}
		if (S_ISDIR(st.st_mode))
			run_dir(argv[i]);
		else
			run_file(argv[i]);
	}
	fprintf(stderr, "replay: %d inputs run, %d errors\n", n_run, n_err);
	return n_err ? 2 : 0;
}

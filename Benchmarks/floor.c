/*
 * floor.c - the benchmark floor for quizbank.
 *
 * Reads a whole file into memory, hands it to libyaml with
 * yaml_parser_set_input_string (as the tool does), and does nothing but pull
 * events with yaml_parser_parse (deleting each) until STREAM-END. Prints the
 * number of events. Any quizbank command has to do at least this much work,
 * so its time divided by this one is a fair "overhead over parsing" figure.
 *
 * Build: cc -O2 Benchmarks/floor.c $(pkg-config --cflags --libs yaml-0.1) -o .build/bench/floor
 * Usage: floor FILE
 * Exit:  0 ok, 1 parse error (libyaml's message on stderr), 2 usage/IO error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <yaml.h>

static unsigned char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); return NULL; }
    size_t cap = 1 << 20, n = 0;
    unsigned char *buf = malloc(cap);
    if (!buf) { fclose(f); return NULL; }
    for (;;) {
        if (n == cap) {
            cap *= 2;
            unsigned char *nb = realloc(buf, cap);
            if (!nb) { free(buf); fclose(f); return NULL; }
            buf = nb;
        }
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (r == 0) break;
    }
    if (ferror(f)) { perror(path); free(buf); fclose(f); return NULL; }
    fclose(f);
    *len = n;
    return buf;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s FILE\n", argv[0]);
        return 2;
    }
    size_t len = 0;
    unsigned char *data = read_file(argv[1], &len);
    if (!data) return 2;

    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) {
        fprintf(stderr, "%s: cannot initialize libyaml parser\n", argv[1]);
        return 2;
    }
    yaml_parser_set_input_string(&parser, data, len);

    unsigned long long events = 0;
    yaml_event_t event;
    for (;;) {
        if (!yaml_parser_parse(&parser, &event)) {
            fprintf(stderr, "%s:%zu:%zu: %s%s%s\n", argv[1],
                    parser.problem_mark.line + 1, parser.problem_mark.column + 1,
                    parser.problem ? parser.problem : "parse error",
                    parser.context ? " " : "",
                    parser.context ? parser.context : "");
            yaml_parser_delete(&parser);
            free(data);
            return 1;
        }
        events++;
        int done = (event.type == YAML_STREAM_END_EVENT);
        yaml_event_delete(&event);
        if (done) break;
    }
    printf("%llu\n", events);
    yaml_parser_delete(&parser);
    free(data);
    return 0;
}

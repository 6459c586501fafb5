/* cmd_compare.c: `flowbench compare OLD NEW` (a CI gate: exit 1 on a regression)
 * and `flowbench index TREE` (a results tree's index.html, again). */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>

#include "base/diag.h"
#include "campaign/compare.h"
#include "campaign/index_html.h"
#include "cli/interp.h"
#include "cli/subcommand.h"

static int parse_threshold(const char *text, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno != 0 || end == text || (*end != '\0' && strcmp(end, "%") != 0) || !(v >= 0) || v > 1e6) {
        diag_printf(stderr, "flowbench compare: error: --threshold wants a percentage (0 or more), got '%s'\n", text);
        return -1;
    }
    *out = v;
    return 0;
}

static void compare_usage(FILE *out)
{
    fprintf(out, "usage: flowbench compare OLD NEW [--threshold PCT] [--json]\n"
                 "OLD and NEW: a results.json (--json of a run), a summary.json or a results tree.\n"
                 "  --threshold PCT  a figure regresses when it is worse by more than PCT%% (default 5)\n"
                 "  --json           write the comparison as JSON on stdout\n"
                 "Exit status: 0 no regression, 1 a figure regressed, 2 bad input.\n");
}

static int load_both(const char *old, const char *new, struct summary *a, struct summary *b)
{
    struct diag d = { 0 };
    if (summary_load(old, a, &d) != 0 || summary_load(new, b, &d) != 0) {
        diag_print(&d, stderr);
        return -1;
    }
    return 0;
}

static int run_compare(const char *old, const char *new, double threshold, bool json)
{
    struct summary a = { 0 }, b = { 0 };
    struct comparison c = { 0 };
    int status = EXIT_USAGE;
    if (load_both(old, new, &a, &b) != 0)
        goto out;
    if (compare_build(&a, &b, threshold, &c) != 0) {
        diag_printf(stderr, "flowbench compare: error: out of memory\n");
        goto out;
    }
    if (c.npaired == 0) {
        diag_printf(stderr, "flowbench compare: error: nothing to pair: no point of %s (%zu) is in %s (%zu)\n", a.file,
                    a.npoints, b.file, b.npoints);
        goto out;
    }
    if ((json ? compare_write_json(&c, stdout) : compare_write_text(&c, stdout)) != 0 || fflush(stdout) != 0) {
        diag_printf(stderr, "flowbench compare: error: cannot write the comparison: %s\n", strerror(errno));
        goto out;
    }
    status = c.nregressed > 0 ? EXIT_RUNFAIL : EXIT_OK;
out:
    compare_free(&c);
    summary_free(&a);
    summary_free(&b);
    return status;
}

int cmd_compare_main(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "threshold", required_argument, NULL, 't' }, { "json", no_argument, NULL, 'j' },
        { "help", no_argument, NULL, 'h' }, { NULL, 0, NULL, 0 },
    };
    double threshold = 5;
    bool json = false;
    int c;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 't': if (parse_threshold(optarg, &threshold) != 0) return EXIT_USAGE; break;
        case 'j': json = true; break;
        case 'h': compare_usage(stdout); return EXIT_OK;
        default: compare_usage(stderr); return EXIT_USAGE;
        }
    }
    if (argc - optind != 2) {
        diag_printf(stderr, "flowbench compare: error: wants two results to compare, OLD and NEW (got %d)\n", argc - optind);
        compare_usage(stderr);
        return EXIT_USAGE;
    }
    return run_compare(argv[optind], argv[optind + 1], threshold, json);
}

int cmd_index_main(int argc, char **argv)
{
    if (argc != 2 || argv[1][0] == '-') {
        diag_printf(stderr, "usage: flowbench index TREE   (writes TREE/index.html from TREE/summary.json)\n");
        return argc == 2 && strcmp(argv[1], "--help") == 0 ? EXIT_OK : EXIT_USAGE;
    }
    char dir[PATH_MAX];
    struct diag d = { 0 };
    if (index_html_write_tree(argv[1], dir, sizeof dir, &d) != 0) {
        diag_print(&d, stderr);
        return EXIT_USAGE;
    }
    printf("wrote %s/index.html\n", dir);
    return EXIT_OK;
}

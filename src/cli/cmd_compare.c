/* cmd_compare.c: `flowbench compare OLD NEW` (a CI gate: exit 1 on a regression)
 * and `flowbench index TREE` (a results tree's index.html, again). */
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdlib.h>
#include <limits.h>
#include <string.h>

#include "base/diag.h"
#include "campaign/compare.h"
#include "campaign/index_html.h"
#include "cli/interp.h"
#include "cli/options.h"
#include "cli/subcommand.h"

struct compare_args {
    double threshold;
    bool json;
};

static int parse_threshold(void *field, const char *text, struct diag *err)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (errno != 0 || end == text || (*end != '\0' && strcmp(end, "%") != 0) || !(v >= 0) || v > 1e6)
        return diag_set(err, NULL, "--threshold wants a percentage (0 or more), got '%s'", text);
    *(double *)field = v;
    return 0;
}

const struct cli_option compare_options[] = {
    { "threshold", 0, "PCT", CLI_CALL, offsetof(struct compare_args, threshold), parse_threshold,
      "a figure regresses when it is worse by more than PCT% (default 5)", false, NULL },
    { "json", 0, NULL, CLI_FLAG, offsetof(struct compare_args, json), NULL, "write the comparison as JSON on stdout",
      false, NULL },
};
const size_t compare_noptions = sizeof compare_options / sizeof compare_options[0];

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
    struct compare_args a = { .threshold = 5 };
    struct diag err = { 0 };
    if (cli_options_parse(compare_options, compare_noptions, argc, argv, &a, &err) != 0)
        return subcommand_refuse("compare", err.msg);
    if (argc - optind != 2) {
        char msg[128];
        snprintf(msg, sizeof msg, "wants two results to compare, OLD and NEW (got %d)", argc - optind);
        return subcommand_refuse("compare", msg);
    }
    return run_compare(argv[optind], argv[optind + 1], a.threshold, a.json);
}

int cmd_index_main(int argc, char **argv)
{
    if (argc != 2 || argv[1][0] == '-')
        return subcommand_refuse("index", "wants one TREE, a results tree");
    char dir[PATH_MAX];
    struct diag d = { 0 };
    if (index_html_write_tree(argv[1], dir, sizeof dir, &d) != 0) {
        diag_print(&d, stderr);
        return EXIT_USAGE;
    }
    printf("wrote %s/index.html\n", dir);
    return EXIT_OK;
}

/* command_table.c: every command of the language, its handler and its help. A row
 * names its keyword by the parser's token: the words themselves are the language's
 * keyword table (src/lang/parse.c), written once. */
#include "cli/command.h"

#include "lang/keywords.h"
#include "parser.h"

const struct command_def commands[] = {
    { SET, CMD_SET_VAR, "set $var = value | expression | buckets(size:pct, ...)",
      "Set a variable: a number (16k, 1m), true/false, a word or \"string\", another $var, integer "
      "arithmetic with + - * / and parentheses, or a bucket list such as buckets(4k:30,64k:50,1m:20) (each use "
      "draws one of the sizes with its percentage's probability). Attributes that name $var read it when the run starts.",
      cmd_set_var },
    { SET, CMD_SET_RANDVAR, "set $var = randvar(type=uniform|gamma|tabular, min=, mean=, gamma=, round=, seed=, randtable={{pct,lo,hi},...})",
      "Define a random variable: every use draws a new sample.", cmd_set_randvar },
    { SET, CMD_SET_CVAR, "set $var = cvar(type=cvar-gamma, parameters=\"mean:16384;gamma:1.5\", min=, max=, round=)",
      "Define a custom-distribution variable (see 'help cvar').", cmd_set_cvar },
    { SET, CMD_SET_MODE, "set mode quit timeout|alldone|firstdone",
      "How runs end: timeout (the run length), firstdone (the first thread that finishes), alldone (every thread).",
      cmd_set_mode },
    { SET, CMD_SET_STEADY, "set steadystate METRIC:LIMIT%:WINDOW[:warmup=SECONDS] | off",
      "End each following run once it is steady: the last WINDOW one-second figures of METRIC (iops, bw or p99 of "
      "the IO flowops) each within LIMIT% of their mean, the first warmup seconds not judged (quote the value when "
      "it has warmup=); the report says whether it was reached. --steadystate overrides it.",
      cmd_set_steady },
    { DEFINE, CMD_DEFINE_FILESET, "define fileset name=N, path=P, entries=N, dirwidth=W, size=S, prealloc[=PCT], ...",
      "Declare a tree of files under path/name (see 'help fileset').", cmd_define_fileset },
    { DEFINE, CMD_DEFINE_FILE, "define file name=N, path=P, size=S, prealloc, ...",
      "Declare a single file under path/name.", cmd_define_fileset },
    { DEFINE, CMD_DEFINE_PROCESS, "define process name=N, instances=I { thread name=T, instances=J { flowop TYPE name=F, ... } }",
      "Declare worker processes, their threads and the flowops each thread loops over.", cmd_define_process },
    { DEFINE, CMD_DEFINE_FLOWOP, "define flowop name=N[, choose], $param[=default], ... { flowop ... }",
      "Declare a composite flowop, usable as a flowop type with $param=value bindings; with choose, each pass "
      "runs one of its flowops, picked at random by their weight=.", cmd_define_flowop },
    { DEFINE, CMD_DEFINE_RANDVAR, "define randvar name=$var, type=..., ...",
      "Legacy spelling of set $var = randvar(...).", cmd_define_randvar },
    { RUN, CMD_RUN, "run [seconds | $var] [process, ...]",
      "Create the filesets, start the workers, measure for the given time (default 60 s, or until a finish condition) "
      "and report. Runs may be repeated, each with its own results; naming processes runs only those (a phase), "
      "and filesets stay as the previous run left them.", cmd_run },
    { PSRUN, CMD_PSRUN, "psrun [[-]period [seconds]]",
      "Like run, with a report every period seconds (negative: interval statistics).", cmd_run },
    { CREATE, CMD_CREATE_FILES, "create files (or create filesets)", "Create every fileset now, before a run.",
      cmd_create_files },
    { CREATE, CMD_CREATE_PROCESSES, "create processes",
      "Classic (FileBench 1.4): create the filesets, and from now on run the processes during each 'sleep N' "
      "(a measured period of N s, reported by 'stats snap') until 'shutdown processes'.", cmd_create_processes },
    { SHUTDOWN, CMD_SHUTDOWN, "shutdown [processes]",
      "Classic: 'shutdown processes' ends the periods begun by 'create processes'; 'shutdown' alone leaves like quit.",
      cmd_shutdown },
    { WARMUP, CMD_WARMUP, "warmup seconds | $var",
      "Run the workload for the given time without measuring it: no report, no result (--runtime does not apply).",
      cmd_warmup },
    { STATS, CMD_STATS, "stats clear | snap | dump \"FILE\" | xmldump \"FILE\"",
      "Classic statistics: clear restarts them (snap and dump cover the runs measured after it); snap prints their "
      "report; dump writes that report to FILE; xmldump writes them to FILE as JSON (the --json format, not XML).",
      cmd_stats },
    { FOREACH, CMD_FOREACH, "foreach $var in V1, V2, ... { commands }",
      "Run the commands once per value (numbers, words or \"strings\"), with $var set to it.", cmd_foreach },
    { FLUSH, CMD_FLUSH, "flush (or fsflush)",
      "Start the next run with its filesets out of the page cache: once they are created (or kept from the run "
      "before), sync and drop the page cache (/proc/sys/vm/drop_caches as root, else posix_fadvise over every "
      "file of the filesets). --flush does this before every run.",
      cmd_flush },
    { EVENTGEN, CMD_EVENTGEN, "eventgen rate=N", "Events per second for eventlimit, iopslimit, opslimit and bwlimit; 0 turns limits off.",
      cmd_eventgen },
    { CRITERIA, CMD_CRITERIA, "criteria [[PROCESS, ...]] EXPR",
      "After each later run (of one of the PROCESSes, if given: a phase), check EXPR, a comparison (< <= > >= == !=) of two expressions over the run's "
      "figures (ops_per_sec, mb_per_sec, errors, p99(FLOWOP), mean(FLOWOP)...), numbers with units (5ms, 1MiB, 10k, 1e6) of the figure's kind and "
      "$variables with + - * / and parentheses; print PASS or FAIL with the measured value. A FAIL makes the "
      "invocation exit 3 (see 'help criteria').",
      cmd_criteria },
    { ECHO_, CMD_ECHO, "echo \"text $var ...\"", "Print a line with variables expanded.", cmd_echo },
    { USAGE, CMD_USAGE, "usage [\"text\"]", "Add a line to the workload's usage text; alone, print it.", cmd_usage },
    { SYSTEM, CMD_SYSTEM, "system \"shell command\"", "Run a shell command (variables expanded) and wait for it.", cmd_system },
    { SLEEP, CMD_SLEEP, "sleep seconds | $var", "Pause the script; after 'create processes', run the processes for that time (a measured period).", cmd_sleep },
    { VARS, CMD_VARS, "vars", "Print every variable and its value (as list variables).", cmd_vars },
    { LIST, CMD_LIST, "list [filesets|flowops|processes|variables|topology|workloads]",
      "List what is defined (everything without an argument), the machine as hwloc sees it, or the workloads that load can find.", cmd_list },
    { LOAD, CMD_LOAD, "load NAME | PATH",
      "Define a workload from the library (or a file) without running it, and print its usage.", cmd_load },
    { DEBUG, CMD_DEBUG, "debug LEVEL", "Set the verbosity, 0..10.", cmd_debug },
    { VERSION, CMD_VERSION, "version", "Print the flowbench version.", cmd_version },
    { HELP, CMD_HELP, "help [command | flowop | fileset | process | thread | randvar | cvar]",
      "Describe a command, a flowop type or an entity's attributes.", cmd_help },
    { QUIT, CMD_QUIT, "quit", "Leave flowbench.", cmd_quit },
    { ENABLE, CMD_ENABLE, "enable lathist | enable multi master=HOST, client=NAME",
      "lathist: after each report, print every flowop's latency histogram, and write it into --json "
      "(latency_ns.histogram), as --lathist does; multi-host sync is not supported.", cmd_enable },
    { DOMULTISYNC, CMD_DOMULTISYNC, "domultisync value=N", "Multi-host barrier (not supported).", cmd_domultisync },
};

const size_t ncommands = sizeof commands / sizeof commands[0];

const struct command_def *command_for_kind(enum ast_cmd_kind kind)
{
    for (size_t i = 0; i < ncommands; i++)
        if (commands[i].kind == kind)
            return &commands[i];
    return NULL;
}

const char *command_name(const struct command_def *c)
{
    return lex_token_word(c->token);
}

#!/usr/bin/env bash
# check_flowop_hooks.sh ROOT BUILD CC LIB LINKLIBS: the build refuses a flowop type that
# has no run hook. In a scratch directory, against the built library LIB: a type planted
# in a copy of flowop_list.def with no hooks fails the link of flowop_hooks_check (the
# program the build runs, CMakeLists.txt), and hooks without .run fail its run, as the
# build's step would. Compiles two small files and links three times; rebuilds nothing else.
. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
root=$1 build=$2 cc=$3 lib=$4 libs=$5
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
flags=(-std=c17 -D_GNU_SOURCE -I "$root/include" -I "$build")
# link OUT OBJECT...: the check program from OBJECTs and the library, as CMake links it
link() { local out=$1; shift; "$cc" -o "$out" "$@" "$lib" ${libs//;/ } -lpthread -lm -lrt; }

"$cc" "${flags[@]}" -c "$root/cmake/flowop_hooks_check.c" -o "$t/check.o" || { bad "compile" "the check does not compile"; summary; exit 1; }
# The tree as it is: every type has its run hook.
if link "$t/as_is" "$t/check.o" >"$t/as_is.out" 2>&1; then
  "$t/as_is" >"$t/as_is.run" 2>&1
  expect_rc "every type of the tree as it is has a run hook" $? 0 "$t/as_is.run"
else
  bad "the tree as it is does not link" "$(head -c 800 "$t/as_is.out")"
fi

# A type planted in the list, whose hooks nobody defines: the link fails, naming them.
mkdir -p "$t/inc/model"
cp "$root/include/model/flowop_list.def" "$t/inc/model/"
echo 'FLOWOP(TOUCH, touch, FF_IO, NEED_FILESET, FA_COMMON, NULL, NULL, "planted by check_flowop_hooks.sh")' \
  >>"$t/inc/model/flowop_list.def"
"$cc" -I "$t/inc" "${flags[@]}" -c "$root/src/flowops/flowop_table.c" -o "$t/table.o" \
  && "$cc" -I "$t/inc" "${flags[@]}" -c "$root/cmake/flowop_hooks_check.c" -o "$t/check_touch.o" \
  || bad "compile with the planted type" "flowop_table.c does not compile with it"
link "$t/hookless" "$t/check_touch.o" "$t/table.o" >"$t/hookless.out" 2>&1
rc=$?
[ $rc != 0 ] && ok || bad "a type with no hooks links" "the build would not fail"
grep -q "undefined reference to .flowop_touch_hooks" "$t/hookless.out" && ok \
  || bad "the link's error does not name the missing hooks" "$(head -c 800 "$t/hookless.out")"

# Hooks that leave out .run (dropcache's, in a file of their own): the link holds, and
# the build's check fails, naming the type.
cat >"$t/norun.c" <<'C'
#include "flowops/flowop.h"
const struct flowop_hooks flowop_dropcache_hooks = { .init = NULL };
C
"$cc" "${flags[@]}" -c "$t/norun.c" -o "$t/norun.o" || bad "compile" "the hooks without .run do not compile"
if link "$t/norun" "$t/check.o" "$t/norun.o" >"$t/norun.out" 2>&1; then
  "$t/norun" >"$t/norun.run" 2>&1
  expect_rc "hooks without .run: the build's check" $? 1 "$t/norun.run"
  grep -q "flowop type 'dropcache' has no run hook" "$t/norun.run" && ok \
    || bad "the check does not name the type without a run hook" "$(head -c 800 "$t/norun.run")"
else
  bad "hooks without .run do not link" "$(head -c 800 "$t/norun.out")"
fi
summary

#!/usr/bin/env bash
# check_docs.sh BIN DOC: the generated tables in docs/language.md match the code's tables.
set -u
bin=$1 doc=$2
want=$("$bin" --doc-tables)
if [ -z "$want" ]; then
    echo "FAIL: 'flowbench --doc-tables' printed nothing: no table was checked"
    echo "0 passed, 1 failed"
    exit 1
fi
have=$(sed -n '/<!-- BEGIN GENERATED TABLES -->/,/<!-- END GENERATED TABLES -->/p' "$doc" | sed '1d;$d')
if [ "$want" = "$have" ]; then
    echo "1 passed, 0 failed"
    exit 0
fi
echo "FAIL: docs/language.md tables differ from 'flowbench --doc-tables'; regenerate them:"
diff <(echo "$have") <(echo "$want") | head -20
echo "0 passed, 1 failed"
exit 1

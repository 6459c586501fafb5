#!/usr/bin/env bash
# test_mpi_shared.sh FLOWBENCH: one fileset tree for every MPI rank (--mpi-shared,
# the attribute shared) in the MPI build: rank 0 alone creates it (exactly its
# entries), ranks that create and delete never collide (no EEXIST or ENOENT;
# what is on disk is what the counts say), a shared file's sequential writers
# start at their own offsets, and without mpirun `shared` changes nothing.
set -u
fb=$(readlink -f "$1")
t=$(mktemp -d /dev/shm/fbmpish.XXXXXX) || exit 1
trap 'rm -rf "$t"' EXIT
. "$(dirname "$0")/mpi_env.sh"
files() { find "$1" -type f ! -name .flowbench-fileset | wc -l; }

# Population: one tree of exactly 64 files however many ranks, read by all.
cat > "$t/read.f" <<F
set \$dir=$t/r
define fileset name=in,path=\$dir,entries=64,dirwidth=8,size=16k,prealloc=100
define process name=p {
  thread name=t,memsize=1m {
    flowop read name=rd,filesetname=in,iosize=4k,random
  }
}
run 1
F
mkdir "$t/r"
mpi 4 -f "$t/read.f" --mpi-shared --json "$t/r.json" >"$t/r.out" 2>&1 && ok || bad "-np 4 shared read run failed: $(tail -5 "$t/r.out")"
[ "$(files "$t/r")" = 64 ] && ok || bad "-np 4 shared: $(files "$t/r") files on disk, not the fileset's 64"
[ -z "$(find "$t/r" -name 'rank-*')" ] && ok || bad "-np 4 shared: rank directories were made"
[ "$(json "$t/r.json" "all(k['ops'] > 0 for k in r['per_rank']) and r['summary']['errors'] == 0")" = True ] \
    && ok || bad "-np 4 shared: a rank read nothing, or errors"

# Create, close, delete and stat in one tree on every rank: never a collision.
cat > "$t/mix.f" <<F
set \$dir=$t/m
define fileset name=mix,path=\$dir,entries=200,dirwidth=20,size=4k,prealloc=50
define process name=p {
  thread name=t,memsize=1m,instances=2 {
    flowop createfile name=cr,filesetname=mix,fd=1
    flowop closefile name=cl,fd=1
    flowop deletefile name=del,filesetname=mix
    flowop statfile name=st,filesetname=mix
  }
}
create files
run 1
run 1
F
for n in 2 4; do
    rm -rf "$t/m"; mkdir "$t/m"
    mpi "$n" -f "$t/mix.f" --mpi-shared --json "$t/m$n.json" >"$t/m$n.out" 2>&1 && ok || bad "-np $n shared mix failed: $(tail -5 "$t/m$n.out")"
    # 100 pre-allocated, then every create adds one and every delete takes one, over both runs.
    want=$(python3 -c "
import json,sys
runs = json.load(open(sys.argv[1]))['runs']
ops = lambda r, name: next(f['ops'] for f in r['flowops'] if f['name'] == name)
print(100 + sum(ops(r, 'cr') - ops(r, 'del') for r in runs))" "$t/m$n.json")
    [ "$(files "$t/m")" = "$want" ] && ok || bad "-np $n shared mix: $(files "$t/m") files on disk, the counts say $want"
    [ "$(json "$t/m$n.json" "r['summary']['errors'] == 0 and r['end'] == 'time'")" = True ] \
        && ok || bad "-np $n shared mix: errors or an early end: $(grep -i 'error' "$t/m$n.out" | head -3)"
    [ "$(json "$t/m$n.json" "all(k['ops'] > 0 for k in r['per_rank'])")" = True ] && ok || bad "-np $n shared mix: a rank did nothing"
done

# A tree kept whole by a run that only reads it, then changed by the next
# run: each rank takes its share of what the first run left, no collisions.
cat > "$t/phases.f" <<F
set \$dir=$t/m
define fileset name=ph,path=\$dir,entries=200,dirwidth=20,size=4k,prealloc=50,shared
define process name=reader {
  thread name=t,memsize=1m {
    flowop openfile name=o1,filesetname=ph,fd=1
    flowop closefile name=c1,fd=1
  }
}
run 1
define process name=changer {
  thread name=t,memsize=1m {
    flowop createfile name=cr,filesetname=ph,fd=1
    flowop closefile name=cl,fd=1
    flowop deletefile name=del,filesetname=ph
    flowop openfile name=o2,filesetname=ph,fd=1
    flowop closefile name=c2,fd=1
  }
}
run 1
F
rm -rf "$t/m"; mkdir "$t/m"
mpi 2 -f "$t/phases.f" --json "$t/ph.json" >"$t/ph.out" 2>&1 && ok || bad "-np 2 read phase then change phase failed: $(grep -i error "$t/ph.out" | head -3)"
grep -q "one tree for 2 ranks, each rank creating" "$t/ph.out" && ok || bad "the changing phase did not split the kept tree: $(grep 'one tree' "$t/ph.out")"
[ "$(json "$t/ph.json" "r['summary']['errors'] == 0 and r['end'] == 'time'")" = True ] && ok || bad "the changing phase had errors"

# A split fileset needs an entry per rank: refused before anything is made.
sed -e 's/entries=200,/entries=3,/' -e 's/^create files$//' "$t/mix.f" > "$t/few.f"
rm -rf "$t/m"; mkdir "$t/m"
mpi 4 -f "$t/few.f" --mpi-shared >"$t/few.out" 2>&1 && bad "-np 4 with 3 entries ran"
[ "$(grep -c "few.f:2:1: error: rank 0 (host $(hostname)): fileset 'mix' is shared by 4 ranks.*3 files" "$t/few.out")" = 1 ] && ok || bad "too few entries: $(grep error "$t/few.out" | head -2)"
[ -e "$t/m/mix" ] && bad "too few entries: the tree was made"

# A rank that runs out of its own free entries ends the run for all; the
# warning names it.
cat > "$t/fill.f" <<F
set \$dir=$t/m
define fileset name=fill,path=\$dir,entries=40,dirwidth=10,size=0,prealloc=0,shared
define process name=p {
  thread name=t,memsize=1m {
    flowop createfile name=cr,filesetname=fill,fd=1
    flowop closefile name=cl,fd=1
  }
}
run 30
F
rm -rf "$t/m"; mkdir "$t/m"
mpi 2 -f "$t/fill.f" --json "$t/fill.json" >"$t/fill.out" 2>&1 && ok || bad "-np 2 filling a shared fileset failed: $(tail -3 "$t/fill.out")"
grep -q "warning: rank [01] (host $(hostname)): run stopped early: flowop cr" "$t/fill.out" && ok || bad "out of files: the warning does not name the rank: $(grep warning "$t/fill.out")"
[ "$(json "$t/fill.json" "r['end']")" = "no files" ] && ok || bad "out of files: the run does not end as 'no files'"
[ "$(files "$t/m")" -le 40 ] && ok || bad "out of files: more files than entries"

# The attribute: one fileset shared, the other per rank.
sed -e 's/prealloc=50$/prealloc=50,shared/' -e 's/^create files$//' "$t/mix.f" > "$t/attr.f"
sed -i "s|^define process|define fileset name=own,path=\$dir,entries=4,dirwidth=4,size=4k,prealloc=100\ndefine process|" "$t/attr.f"
rm -rf "$t/m"; mkdir "$t/m"
mpi 2 -f "$t/attr.f" >"$t/a.out" 2>&1 && ok || bad "-np 2 with the attribute shared failed: $(tail -5 "$t/a.out")"
[ -d "$t/m/mix" ] && [ -d "$t/m/rank-0000/own" ] && [ -d "$t/m/rank-0001/own" ] && [ ! -e "$t/m/rank-0000/mix" ] \
    && ok || bad "shared and per-rank filesets are not where they belong: $(find "$t/m" -maxdepth 2 -type d | sort | tr '\n' ' ')"

# A shared file: rank r's sequential writes start r/N of the way in (64 KiB
# blocks 0... for rank 0, 128... for rank 1 of a 16 MiB file), about 20 each.
cat > "$t/file.f" <<F
set \$dir=$t/f
define file name=big,path=\$dir,size=16m,prealloc=100,pattern=zero
define process name=p {
  thread name=t,memsize=1m {
    flowop write name=wr,filesetname=big,iosize=64k
    flowop eventlimit name=lim
  }
}
eventgen rate=20
run 1
F
mkdir "$t/f"
mpi 2 -f "$t/file.f" --mpi-shared >"$t/f.out" 2>&1 && ok || bad "-np 2 shared file failed: $(tail -5 "$t/f.out")"
blocks=$(python3 -c "
import sys
data = open(sys.argv[1], 'rb').read()
print(' '.join(str(i) for i in range(len(data) // 65536) if any(data[i * 65536:(i + 1) * 65536])))" \
    "$(find "$t/f/big" -type f ! -name .flowbench-fileset)")
python3 -c "
import sys
b = [int(x) for x in sys.argv[1].split()]
ok = b and all(x < 64 or 128 <= x < 192 for x in b) and any(x < 64 for x in b) and any(x >= 128 for x in b)
sys.exit(0 if ok else 1)" "$blocks" && ok || bad "a shared file's writers did not keep to their own offsets: blocks written $blocks"

# mdtest's shared directory: 2 x 200 files made by the phase before, each rank
# creating its share; the open phase opens and closes exactly 200 per rank
# (finishoncount is each rank's own; rank 1 is slowed so that rank 0, done
# first, waits for it), and the remove phase leaves nothing.
cat > "$t/md.f" <<F
set \$dir=$t/md
set \$ev=0
set mode quit alldone
eventgen rate=\$ev
define fileset name=md,path=\$dir,entries=400,dirwidth=400,dirgamma=0,size=0,prealloc=0
define process name=mdcreate { thread name=t {
    flowop createfile name=cr,filesetname=md,fd=1
    flowop closefile name=crc,fd=1 } }
define process name=mdopen { thread name=t {
    flowop eventlimit name=l
    flowop openfile name=op,filesetname=md,fd=1
    flowop closefile name=opc,fd=1
    flowop finishoncount name=opn,value=200,target=op } }
define process name=mdremove { thread name=t {
    flowop deletefile name=rm,filesetname=md } }
run 30 mdcreate
run 30 mdopen
run 30 mdremove
F
mkdir "$t/md"
timeout 60 mpirun --oversubscribe --allow-run-as-root -np 1 "$fb" -f "$t/md.f" --mpi-shared --json "$t/md.json" : \
    -np 1 "$fb" -f "$t/md.f" --mpi-shared -D ev=300 >"$t/md.out" 2>&1 && ok || bad "-np 2 shared mdtest phases failed: $(tail -5 "$t/md.out")"
got=$(python3 -c "
import json, sys
print([(r['end'], [k['ops'] for k in r['per_rank']]) for r in json.load(open(sys.argv[1]))['runs']])" "$t/md.json")
[ "$got" = "[('finished', [400, 400]), ('finished', [400, 400]), ('finished', [200, 200])]" ] && ok \
    || bad "-np 2 shared mdtest phases: not exactly 200 per rank in each phase: $got"
[ "$(find "$t/md" -type f ! -name '.flowbench-*' | wc -l)" = 0 ] && ok || bad "-np 2 shared mdtest phases: files left after remove"

# Without mpirun the attribute changes nothing: the tree is where it always is.
rm -rf "$t/m"; mkdir "$t/m"
"$fb" -f "$t/attr.f" --runtime 1 >"$t/one.out" 2>&1 && ok || bad "shared without mpirun failed: $(tail -3 "$t/one.out")"
[ -d "$t/m/mix" ] && [ -d "$t/m/own" ] && ok || bad "without mpirun the filesets are not directly under \$dir"
summary mpi_shared

#!/usr/bin/env bash
# The commands of towerlog on a club-shaped archive of GAMES 4-player
# Tower games (each table's players drawn from a pool of 10,000 names, the
# games grouped into events of 100: towerlog generate --pool 10000
# --event-games 100), one after the other, each under /usr/bin/time:
# validate, the SQLite ingest (one process for the whole archive, with the
# rates of its first tenth and of its last, to compare as the database
# grows), report, stats, standings of one event, select of every game (the
# extraction), select --player of one player's games, games list (and the
# time to its first line), the Parquet ingest with one process and with
# two (two shards, -j 1 each), DuckDB's leaderboard and stats queries
# (docs/scale.md) over the Parquet tables, and the website (site: the
# whole site, with the game pages a second over its first and its last
# tenth of the games, a rerun with nothing changed, and a rerun after an
# event of 100 more games is added to a copy of the database).
# It prints one table: wall time, games a second, CPU seconds, peak memory
# (the largest of the runs of a step) and bytes a game (of the CGN, the
# database, the Parquet directory), with the load average before each
# step. Not part of CI: 1,000,000 games take hours and some 10 GB of disk.
#
#   scripts/bench-scale.sh [GAMES [STEP...]]     (default 10000, every step)
#
# STEPs: validate ingest report stats standings select player list
# parquet1 parquet2 duckdb site. Naming some runs those alone (report to list need the
# database of an earlier ingest, duckdb the shards of parquet1) and keeps
# the rows of the steps run before, so that a step can be run again after
# a change; the table then says which commit each row was measured with.
# site needs the database of an earlier ingest, which it copies.
#
# The archive (ten files, generated two at a time, game i with seed i) and
# the outputs stay in $TOWERLOG_SCALE_DIR (default /tmp/towerlog-scale),
# the archive for the next run of the same size; the outputs of the steps
# run are made anew. DuckDB comes from scripts/duckdb (npm ci there, once).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
games=${1:-10000}
shift || true
all="validate ingest report stats standings select player list parquet1 parquet2 duckdb site"
steps=${*:-$all}
for s in $steps; do
	case " $all " in *" $s "*) ;; *)
		echo "unknown step $s (steps: $all)" >&2
		exit 2
		;;
	esac
done
want() { case " $steps " in *" $1 "*) return 0 ;; esac; return 1; }
parts=10
if [ "$games" -lt "$parts" ] || [ $((games % parts)) -ne 0 ]; then
	echo "GAMES must be a multiple of $parts" >&2
	exit 2
fi
per=$((games / parts))
base=${TOWERLOG_SCALE_DIR:-/tmp/towerlog-scale}
work=$base/club-$games
mkdir -p "$work/archive"
go build -o "$work/towerlog" ./cmd/towerlog
tl=$work/towerlog
commit=$(git rev-parse --short HEAD)
git diff --quiet HEAD -- . 2>/dev/null || commit="$commit+changes"

# The archive: part i holds games i*per+1 ... (i+1)*per.
for i in $(seq 0 $((parts - 1))); do
	f=$work/archive/part-$i.cgn
	[ -s "$f" ] && continue
	"$tl" generate --games "$per" --players 4 --pool 10000 --event-games 100 --seed $((1 + i * per)) -o "$f.tmp" >/dev/null &
	if [ $((i % 2)) -eq 1 ]; then wait; fi
done
wait
for i in $(seq 0 $((parts - 1))); do
	f=$work/archive/part-$i.cgn
	[ -f "$f.tmp" ] && mv "$f.tmp" "$f"
done
cgn=$(cat "$work"/archive/part-*.cgn | wc -c)

out=$work/out
mkdir -p "$out/rows"

load() { cut -d' ' -f1 /proc/loadavg; }

# timed FILE CMD...: runs CMD under /usr/bin/time, its output thrown
# away, and appends "wall user sys maxrss_kb" to FILE. A command that
# fails stops the script.
timed() {
	local file=$1
	shift
	/usr/bin/time -o "$file.one" -f '%e %U %S %M' "$@" >/dev/null 2>"$file.err" ||
		{ echo "failed: $*" >&2; cat "$file.err" >&2; exit 1; }
	cat "$file.one" >>"$file"
}

# begin N STEP: starts step STEP, the Nth of the table: its earlier
# outputs (the files whose names start with STEP: parquet2a and parquet2b
# too) and row go, and rows=the file its lines of the table go to.
begin() {
	rows=$out/rows/$1-$2.txt
	rm -f "$rows" "$out/$2"*
	: >"$rows"
}

# row NAME FILE GAMES BYTES LOAD: a line of the table from the runs of
# FILE, run one after the other (wall and CPU add up, memory is the
# largest).
row() {
	awk -v name="$1" -v games="$3" -v bytes="$4" -v load="$5" -v commit="$commit" '
		{ wall += $1; cpu += $2 + $3; if ($4 > rss) rss = $4 }
		END {
			printf "%-38s %9.1f %10.0f %9.1f %8.0f %10s %6s %s\n", name, wall, games / wall, cpu, rss / 1024,
				bytes == "" ? "-" : sprintf("%.0f", bytes / games), load, commit
		}' "$2" >>"$rows"
}

if want validate; then
	begin 01 validate
	l=$(load)
	timed "$out/validate" "$tl" validate "$work/archive"
	row "validate" "$out/validate" "$games" "$cgn" "$l"
fi

# tenth NAME SECONDS LOAD: a line of the table for a tenth of the ingest,
# timed by the watcher below (its CPU and memory are the whole run's).
tenth() {
	awk -v name="$1" -v wall="$2" -v games="$per" -v load="$3" -v commit="$commit" 'BEGIN {
		printf "%-38s %9.1f %10.0f %9s %8s %10s %6s %s\n", name, wall, games / wall, "-", "-", "-", load, commit
	}' >>"$rows"
}

# The SQLite ingest: one process reads the whole archive, its parts in
# order, into a new database. Meanwhile a watcher looks every 0.2 s at
# the part the process has open and notes when it opens each: the first
# tenth takes from the start to the opening of part-1, the last from the
# opening of part-9 to the end, so that their rates can be compared as
# the database grows. (A part is read at most a few hundred games ahead
# of the writer: 0.2 % of a tenth of a million games.)
if want ingest; then
	begin 02 ingest
	rm -f "$out/towerlog.db" "$out/towerlog.db-wal" "$out/towerlog.db-shm" "$out/ingest.parts"
	l=$(load)
	parts_in_order=()
	for i in $(seq 0 $((parts - 1))); do parts_in_order+=("$work/archive/part-$i.cgn"); done
	t0=$(date +%s.%N)
	timed "$out/ingest" "$tl" ingest --db "$out/towerlog.db" "${parts_in_order[@]}" &
	job=$!
	pid=
	last=
	while kill -0 "$job" 2>/dev/null; do
		[ -n "$pid" ] || pid=$(pgrep -n -f "^$tl ingest --db $out/towerlog.db" || true)
		if [ -n "$pid" ]; then
			open=$(readlink /proc/"$pid"/fd/* 2>/dev/null | grep -o 'part-[0-9]*\.cgn' | head -1 || true)
			if [ -n "$open" ] && [ "$open" != "$last" ]; then
				echo "$open $(date +%s.%N) $(load)" >>"$out/ingest.parts"
				last=$open
			fi
		fi
		sleep 0.2
	done
	wait "$job" || exit 1
	t1=$(date +%s.%N)
	db=$(stat -c %s "$out/towerlog.db")
	row "ingest (SQLite), one process" "$out/ingest" "$games" "$db" "$l"
	t_second=$(awk '$1 == "part-1.cgn" { print $2 }' "$out/ingest.parts")
	t_last=$(awk -v p="part-$((parts - 1)).cgn" '$1 == p { print $2; print $3 }' "$out/ingest.parts")
	if [ -z "$t_second" ] || [ -z "$t_last" ]; then
		echo "the watcher missed the opening of part-1 or of the last part:" >&2
		cat "$out/ingest.parts" >&2
		exit 1
	fi
	first=$(awk -v a="$t0" -v b="$t_second" 'BEGIN { print b - a }')
	lastwall=$(echo "$t_last" | head -1 | awk -v b="$t1" '{ print b - $1 }')
	tenth "  first tenth" "$first" "$l"
	tenth "  last tenth" "$lastwall" "$(echo "$t_last" | tail -1)"
	echo "$first $lastwall" >"$out/ingest.tenths"
fi

# The player of select --player: the first seat of the first game.
player=$(sed -n 's/^\[Players "\([^:]*\):.*/\1/p;T;q' "$work/archive/part-0.cgn")

n=3
for step in report stats standings select player list; do
	n=$((n + 1))
	want $step || continue
	begin "0$n" $step
	l=$(load)
	name=$step
	case $step in
	report) timed "$out/$step" "$tl" report --db "$out/towerlog.db" -o "$out/report.html" ;;
	stats) timed "$out/$step" "$tl" stats --db "$out/towerlog.db" ;;
	standings)
		name="standings of one event"
		timed "$out/$step" "$tl" standings --db "$out/towerlog.db" --event "Club event 1"
		;;
	select)
		name="select (every game)"
		timed "$out/$step" "$tl" select --db "$out/towerlog.db"
		;;
	player)
		name="select --player $player"
		timed "$out/$step" "$tl" select --db "$out/towerlog.db" --player "$player"
		;;
	list)
		name="games list"
		# The time to the first line: the clock read when the pipe
		# gives it, against the clock before the start.
		t0=$(date +%s.%N)
		"$tl" games list --db "$out/towerlog.db" | { IFS= read -r _ && date +%s.%N >"$out/list.first"; cat >/dev/null; }
		first=$(awk -v a="$t0" '{ print $1 - a }' "$out/list.first")
		timed "$out/$step" "$tl" games list --db "$out/towerlog.db"
		;;
	esac
	row "$name" "$out/$step" "$games" "" "$l"
	if [ "$step" = list ]; then
		awk -v name="  first line" -v wall="$first" -v load="$l" -v commit="$commit" 'BEGIN {
			printf "%-38s %9.2f %10s %9s %8s %10s %6s %s\n", name, wall, "-", "-", "-", "-", load, commit
		}' >>"$rows"
	fi
done

# Parquet: one process on every core, then two processes of one core each
# on half the archive, at once (wall: the longer; CPU: both).
if want parquet1; then
	begin 10 parquet1
	rm -rf "$out/pq1"
	l=$(load)
	timed "$out/parquet1" "$tl" ingest --format parquet -o "$out/pq1" --shard all "$work/archive"
	row "ingest --format parquet, 1 process" "$out/parquet1" "$games" "$(du -sb "$out/pq1" | cut -f1)" "$l"
fi
if want parquet2; then
	begin 11 parquet2
	rm -rf "$out/pq2"
	l=$(load)
	half=$((parts / 2))
	timed "$out/parquet2a" "$tl" ingest --format parquet -j 1 -o "$out/pq2" --shard a \
		$(for i in $(seq 0 $((half - 1))); do echo "$work/archive/part-$i.cgn"; done) &
	timed "$out/parquet2b" "$tl" ingest --format parquet -j 1 -o "$out/pq2" --shard b \
		$(for i in $(seq "$half" $((parts - 1))); do echo "$work/archive/part-$i.cgn"; done)
	wait
	awk '{ w = $1 > w ? $1 : w; u += $2; s += $3; m = $4 > m ? $4 : m } END { print w, u, s, m }' \
		"$out/parquet2a" "$out/parquet2b" >"$out/parquet2"
	row "ingest --format parquet, 2 processes" "$out/parquet2" "$games" "$(du -sb "$out/pq2" | cut -f1)" "$l"
fi

# DuckDB's leaderboard and stats queries (docs/scale.md), each in a
# process of its own, over the shards of the one-process run.
if want duckdb; then
	begin 12 duckdb
	if [ ! -d scripts/duckdb/node_modules/@duckdb/node-api ]; then
		(cd scripts/duckdb && npm ci --silent)
	fi
	for q in leaderboard stats; do
		node -e '
			const md = require("fs").readFileSync(process.argv[1], "utf8");
			const q = process.argv[3];
			const sql = md.match(new RegExp("-- query: " + q + "\\n([\\s\\S]*?)```"))[1];
			process.stdout.write(JSON.stringify({ dir: process.argv[2], queries: { [q]: sql } }));
		' "$repo/docs/scale.md" "$out/pq1" "$q" >"$out/duckdb-$q.json"
		l=$(load)
		timed "$out/duckdb-$q" sh -c "node '$repo/scripts/duckdb/query.mjs' < '$out/duckdb-$q.json'"
		row "DuckDB $q over Parquet" "$out/duckdb-$q" "$games" "" "$l"
	done
fi

# The website, into a new directory, from a copy of the database (the
# rerun after 100 games are added adds them to the copy). Meanwhile a
# watcher counts the game pages every 0.5 s, with the CPU time the
# process has used: the first tenth of the games runs from the first
# game page to the (GAMES/10)th, the last from the (9 GAMES/10)th to the
# last, so that a cost per page that grows with the games selected shows
# as a last tenth slower than the first, in pages a second and in pages
# a CPU second (which the load of other work on the machine moves less).
if want site; then
	rm -rf "$out/site"
	begin 13 site
	cp "$out/towerlog.db" "$out/site.db"
	extra=$work/extra-100.cgn
	[ -s "$extra" ] || "$tl" generate --games 100 --players 4 --pool 10000 --event-games 100 --seed $((games + 1)) -o "$extra" --force >/dev/null
	l=$(load)
	timed "$out/site-whole" "$tl" site --db "$out/site.db" -o "$out/site" &
	job=$!
	t0=$(date +%s.%N)
	tick=$(getconf CLK_TCK)
	pid=
	while kill -0 "$job" 2>/dev/null; do
		[ -n "$pid" ] || pid=$(pgrep -n -f "^$tl site --db $out/site.db" || true)
		n=$(ls -f "$out/site" 2>/dev/null | grep -c '^game-.*\.html$' || true)
		cpu=$(awk -v tick="$tick" '{ sub(/^.*\) /, ""); print ($12 + $13) / tick }' /proc/"$pid"/stat 2>/dev/null || echo 0)
		echo "$(date +%s.%N) $n $cpu" >>"$out/site.pages"
		sleep 0.5
	done
	wait "$job" || exit 1
	row "site, whole" "$out/site-whole" "$games" "" "$l"
	# The rates of a tenth, from the samples around its ends.
	awk -v t0="$t0" -v per="$per" -v games="$games" -v commit="$commit" -v load="$l" '
		function at(k,   i) { for (i = 1; i <= n; i++) if (c[i] >= k) return i; return n }
		{ n++; t[n] = $1; c[n] = $2; u[n] = $3 }
		END {
			a = at(1); b = at(per); y = at(games - per); z = at(games)
			printf "%-38s %9.1f %10.0f %9.1f %8s %10s %6s %s\n", "  first tenth of the game pages", t[b] - t[a], per / (t[b] - t[a]), u[b] - u[a], "-", "-", load, commit
			printf "%-38s %9.1f %10.0f %9.1f %8s %10s %6s %s\n", "  last tenth of the game pages", t[z] - t[y], per / (t[z] - t[y]), u[z] - u[y], "-", "-", load, commit
			printf "%-38s %9.1f %10s %9s %8s %10s %6s %s\n", "  before the first game page", t[a] - t0, "-", "-", "-", "-", load, commit
			printf "%.3f %.3f %.3f %.3f\n", per / (t[b] - t[a]), per / (t[z] - t[y]), per / (u[b] - u[a]), per / (u[z] - u[y]) > "/dev/stderr"
		}' "$out/site.pages" >>"$rows" 2>"$out/site.tenths"
	l=$(load)
	timed "$out/site-rerun" "$tl" site --db "$out/site.db" -o "$out/site"
	row "site, rerun with nothing changed" "$out/site-rerun" "$games" "" "$l"
	"$tl" ingest --db "$out/site.db" "$extra" >/dev/null
	l=$(load)
	timed "$out/site-added" "$tl" site --db "$out/site.db" -o "$out/site"
	row "site, rerun after 100 games added" "$out/site-added" "$((games + 100))" "" "$l"
	rm -f "$out/site.db" "$out/site.db-wal" "$out/site.db-shm"
fi

echo "$games 4-player games of a pool of 10,000 players in events of 100, $cgn bytes of CGN ($((cgn / games)) a game); $(nproc) cores; load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-38s %9s %10s %9s %8s %10s %6s %s\n" step "wall s" "games/s" "CPU-s" "RSS MB" "bytes/game" load commit
cat "$out"/rows/*.txt
if [ -f "$out/ingest" ]; then
	db=$(stat -c %s "$out/towerlog.db")
	awk -v cgn="$cgn" -v db="$db" 'BEGIN { printf "database / CGN: %.2f\n", db / cgn }'
	[ -f "$out/ingest.tenths" ] && awk '{ printf "last tenth / first tenth of the ingest, games/s: %.2f\n", $1 / $2 }' "$out/ingest.tenths"
fi
[ -f "$out/site.tenths" ] && awk '{ printf "last tenth / first tenth of the site, game pages/s: %.2f; game pages/CPU-s: %.2f\n", $2 / $1, $4 / $3 }' "$out/site.tenths"
if [ -f "$out/stats" ] && [ -f "$out/duckdb-stats" ]; then
	awk 'NR == FNR { s = $1; next } { printf "stats / DuckDB stats over Parquet: %.2f\n", s / $1 }' "$out/stats" "$out/duckdb-stats"
fi

#!/usr/bin/env bash
# footfall cohort on a real Slurm: a node of Debian's slurm-wlm on this machine (munged,
# slurmctld, slurmd on localhost; tools/slurm/local-slurm.sh), all of it stopped and removed at
# the end. What it checks:
#   1. A study of SampleTraces' device recordings, copies of them (some gzip-compressed) and two
#      damaged copies, 26 in all, planned and submitted as the array `footfall cohort slurm`
#      writes (8 shards: at least 4 tasks) with the merge after it: Slurm's job completion log
#      records every task COMPLETED; days.csv holds the rows of one `footfall count --days
#      --csv` over the same files, every figure equal, the id added; the damaged ones are in
#      failures.csv with their byte and reason, the 24 others in recordings.csv.
#   2. A study of twelve day-long recordings (tools/recordings/week, synthetic: a smoke test),
#      two tasks one at a time: the running task is scancelled after its first recording; the
#      merge after the array says what is not yet run; `footfall cohort slurm --submit` again
#      submits only the cancelled task's index, the study ends complete, no recording is read
#      twice and no part written before the cancel is written again.
# Usage: tools/slurm/ci-slurm.sh (as root, as CI runs; FOOTFALL=path uses that footfall, else
# the release build, built if needed; SLURM_KEEP=1 keeps the folder for a look afterwards).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source "$root/tools/slurm/local-slurm.sh"

if [[ $(id -u) -ne 0 ]]; then
    echo "ci-slurm: run as root (slurmd starts jobs as their users, and apt-get installs Slurm)" >&2
    exit 1
fi
footfall=${FOOTFALL:-}
if [[ -z $footfall ]]; then
    swift build -c release --package-path "$root" --product footfall >/dev/null
    footfall="$(swift build -c release --package-path "$root" --show-bin-path)/footfall"
fi

fail() {
    echo "ci-slurm: FAILED: $*" >&2
    exit 1
}

# Waits for every task of the array ARRAY (COUNT of them) and then its merge job MERGE to be in
# Slurm's job completion log, for at most SECONDS.
wait_for_study_jobs() {
    local array=$1 count=$2 merge=$3 seconds=$4
    slurm_wait_for "$seconds" "the $count tasks of array job $array to end" slurm_array_recorded "$array" "$count"
    slurm_wait_for 120 "merge job $merge to end" slurm_job_recorded "$merge"
}

# The job ids `footfall cohort slurm --submit` printed: "ARRAY MERGE".
submitted_jobs() {
    sed -n 's/^Submitted the array as job \([0-9]*\) and the merge as job \([0-9]*\),.*/\1 \2/p' <<< "$1"
}

trap 'echo "ci-slurm: FAILED at line $LINENO: $BASH_COMMAND" >&2' ERR
work=$(mktemp -d /tmp/footfall-slurm.XXXXXX)
trap slurm_stop EXIT
slurm_start "$work"

echo "==> 1. a study of SampleTraces' device recordings, copies and damaged copies, as a Slurm array"
recordings=$work/recordings
mkdir -p "$recordings/original" "$recordings/damaged"
cp "$root"/SampleTraces/devices/{ax3_sample.cwa,ax6_sample.cwa,gnactv_sample.bin} "$recordings/original/"
for site in 1 2 3 4 5 6 7; do
    mkdir -p "$recordings/site-$site"
    for name in ax3_sample.cwa ax6_sample.cwa gnactv_sample.bin; do
        if ((site % 3 == 0)); then
            gzip -c "$recordings/original/$name" > "$recordings/site-$site/$name.gz"
        else
            cp "$recordings/original/$name" "$recordings/site-$site/$name"
        fi
    done
done
# Cut inside its 196th block; and a sample of its fourth data block changed (its checksum fails).
head -c 100000 "$root/SampleTraces/devices/ax3_sample.cwa" > "$recordings/damaged/truncated.cwa"
cp "$root/SampleTraces/devices/ax3_sample.cwa" "$recordings/damaged/bad-block.cwa"
python3 -c 'import sys; b = bytearray(open(sys.argv[1], "rb").read()); b[1024 + 3 * 512 + 100] ^= 0xFF; open(sys.argv[1], "wb").write(b)' \
    "$recordings/damaged/bad-block.cwa"
study=$work/study
"$footfall" cohort plan "$recordings" "$study"
submitted=$("$footfall" cohort slurm "$study" --tasks 8 --submit)
echo "$submitted"
read -r array merge <<< "$(submitted_jobs "$submitted")"
[[ -n $array && -n $merge ]] || fail "footfall cohort slurm --submit did not say its jobs"
echo "--- $study/slurm/array.sbatch"
cat "$study/slurm/array.sbatch"
echo "--- $study/slurm/merge.sbatch"
cat "$study/slurm/merge.sbatch"
spec=$(sed -n 's/^#SBATCH --array=//p' "$study/slurm/array.sbatch")
tasks=$(slurm_array_size "$spec")
((tasks >= 4)) || fail "the array has $tasks tasks ($spec), not 4 or more"
wait_for_study_jobs "$array" "$tasks" "$merge" 300
echo "--- Slurm's record of each task (job completion log, $work/log/jobcomp.txt)"
slurm_task_table "$array"
slurm_records - "$merge" | sed -E 's/.*JobId=([0-9]+) .*JobState=([A-Z_]+) .*StartTime=([^ ]+) EndTime=([^ ]+) .*/    merge job \1: \2, \3 to \4/'
if slurm_records "$array" | grep -v 'JobState=COMPLETED' | grep -q .; then
    fail "not every task of array job $array is COMPLETED"
fi
slurm_records - "$merge" | grep -q 'JobState=COMPLETED' || fail "merge job $merge did not complete"
echo "--- the merge job's log"
cat "$study/slurm/logs/$merge-merge.log"
echo "--- a task's log"
cat "$(ls "$study"/slurm/logs/"${array}"_*.log | head -n 1)"
merged=$("$footfall" cohort merge "$study" --require-complete) || fail "the study is not complete: $merged"
echo "$merged"
grep -q ": 26 recordings: 24 done, 2 failed, 0 not yet run" <<< "$merged" || fail "the merge does not count 24 done and 2 failed"

echo "==> days.csv against one footfall count --days --csv over the same files"
mapfile -t good < <(tail -n +2 "$study/plan.csv" | cut -d, -f2 | grep -v /damaged/)
((${#good[@]} == 24)) || fail "the plan lists ${#good[@]} good recordings, not 24"
"$footfall" count --days --csv --jobs 2 "${good[@]}" > "$work/count.csv"
[[ $(head -n 1 "$study/days.csv") == "id,$(head -n 1 "$work/count.csv")" ]] || fail "days.csv's header is not count's with id first"
diff <(tail -n +2 "$study/days.csv" | cut -d, -f2- | sort) <(tail -n +2 "$work/count.csv" | sort) \
    || fail "days.csv's rows differ from footfall count --days --csv's"
rows=$(($(wc -l < "$work/count.csv") - 1))
echo "    days.csv: the same $rows rows as footfall count --days --csv over the 24 readable recordings, with their ids"
[[ $(($(wc -l < "$study/recordings.csv") - 1)) -eq 24 ]] || fail "recordings.csv does not hold 24 recordings"
echo "--- failures.csv"
cat "$study/failures.csv"
grep -q '^damaged/truncated,.*,99840,,the file is truncated' "$study/failures.csv" || fail "the truncated recording's failure is not in failures.csv"
grep -q '^damaged/bad-block,.*,2560,,a data block.s checksum fails' "$study/failures.csv" || fail "the damaged block's failure is not in failures.csv"

echo "==> 2. a task scancelled midway, and the study resumed"
long=$work/long
mkdir -p "$long"
"$root/tools/recordings/week" "$work/day.cwa" --hours 24 --footfall "$footfall"
for n in 01 02 03 04 05 06 07 08 09 10 11 12; do cp "$work/day.cwa" "$long/day-$n.cwa"; done
study2=$work/study-resumed
"$footfall" cohort plan "$long" "$study2" >/dev/null
submitted=$("$footfall" cohort slurm "$study2" --tasks 2 --throttle 1 --submit)
echo "$submitted"
read -r array2 merge2 <<< "$(submitted_jobs "$submitted")"
grep '^#SBATCH --array=' "$study2/slurm/array.sbatch"
tasks2=$(slurm_array_size "$(sed -n 's/^#SBATCH --array=//p' "$study2/slurm/array.sbatch")")
# The running task, once it has read its first recording.
victim=""
running_task_has_read_one() {
    local task
    task=$(squeue --noheader --jobs="$array2" --states=RUNNING --format=%i | head -n 1)
    [[ -n $task && -f $study2/slurm/logs/$task.log ]] || return 1
    grep -q '^footfall cohort run: \[1/' "$study2/slurm/logs/$task.log" || return 1
    victim=$task
}
slurm_wait_for 300 "a task of array job $array2 to read its first recording" running_task_has_read_one
scancel "$victim"
echo "    scancel $victim"
wait_for_study_jobs "$array2" "$tasks2" "$merge2" 300
echo "--- Slurm's record of each task"
slurm_task_table "$array2"
slurm_records "$array2" | grep -q "JobId=[0-9]* .*JobState=CANCELLED .*ArrayTaskId=${victim#*_} " || fail "task $victim is not recorded CANCELLED"
echo "--- $victim's log"
cat "$study2/slurm/logs/$victim.log"
total=$(sed -n 's/^footfall cohort run: shard [0-9/]* of .*: \([0-9]*\) recordings, \([0-9]*\) to do$/\2/p' "$study2/slurm/logs/$victim.log")
read_before=$(grep -c '^footfall cohort run: \[' "$study2/slurm/logs/$victim.log" || true)
((read_before > 0 && read_before < total)) || fail "$victim read $read_before of its $total recordings before scancel: not midway"
echo "--- the merge job's log (it ran after the array, afterany)"
cat "$study2/slurm/logs/$merge2-merge.log"
if "$footfall" cohort merge "$study2" --require-complete > "$work/merge2.txt"; then
    fail "the study was complete after a task was cancelled midway"
fi
find "$study2/parts" -type f -printf '%P %T@\n' | sort > "$work/parts-before"
resubmitted=$("$footfall" cohort slurm "$study2" --tasks 2 --throttle 1 --submit)
echo "$resubmitted"
read -r array3 merge3 <<< "$(submitted_jobs "$resubmitted")"
spec3=$(sed -n 's/^#SBATCH --array=//p' "$study2/slurm/array.sbatch")
echo "    resubmitted: --array=$spec3"
[[ ${spec3%%%*} == "${victim#*_}" ]] || fail "the resubmission runs tasks $spec3, not only the cancelled task ${victim#*_}"
wait_for_study_jobs "$array3" 1 "$merge3" 300
slurm_task_table "$array3"
slurm_records "$array3" | grep -q 'JobState=COMPLETED' || fail "the resubmitted task did not complete"
echo "--- the resubmitted task's log"
cat "$study2/slurm/logs/${array3}_${victim#*_}.log"
merged2=$("$footfall" cohort merge "$study2" --require-complete) || fail "the study is not complete after the resubmission"
echo "$merged2"
duplicates=$(cat "$study2"/slurm/logs/*_*.log | sed -n 's/^footfall cohort run: \[[0-9/]*\] \([^:]*\):.*/\1/p' | sort | uniq -d)
[[ -z $duplicates ]] || fail "recordings read twice: $duplicates"
reads=$(cat "$study2"/slurm/logs/*_*.log | grep -c '^footfall cohort run: \[' || true)
((reads == 12)) || fail "$reads recordings were read, not 12"
find "$study2/parts" -type f -printf '%P %T@\n' | sort > "$work/parts-after"
[[ -z $(comm -23 "$work/parts-before" "$work/parts-after") ]] || fail "parts written before the cancel were written again"
echo "    12 recordings read once each: $read_before by $victim before scancel, the rest by its other task and by ${array3}_${victim#*_}"
echo "ci-slurm: footfall cohort on Slurm passed"

# A Slurm of one node on this machine, for tools/slurm/ci-slurm.sh and
# tools/slurm/scale-benchmark: Debian's slurm-wlm and munge, installed if missing, started as
# munged, slurmctld and slurmd on localhost with everything (configuration, MUNGE key and
# socket, state, spool, logs) in one private folder, and nothing left running when stopped.
# Jobs complete into a job completion log (JobCompType=jobcomp/filetxt): without a slurmdbd
# there is no sacct, and that log is Slurm's record of each task.
#
# Source it, then: trap slurm_stop EXIT; slurm_start FOLDER [CPUS]; ... (slurm_stop ends the
# jobs, stops the daemons and removes FOLDER, keeping the script's exit status). SLURM_NICE=19
# runs the daemons and the jobs at that niceness; SLURM_KEEP=1 keeps FOLDER.
# Needs root (slurmd starts jobs as their users), as CI runs.

slurm_log() { echo "    [slurm] $*"; }

# Installs slurm-wlm and munge when a command of theirs is missing, without letting their
# packages start the system's own daemons (they would fail without a configuration).
slurm_install_if_missing() {
    if command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v sbatch >/dev/null \
        && command -v munged >/dev/null && command -v munge >/dev/null; then
        return 0
    fi
    slurm_log "installing slurm-wlm and munge (Debian's packages)"
    local guard=""
    if [[ ! -e /usr/sbin/policy-rc.d ]]; then
        guard=/usr/sbin/policy-rc.d
        printf '#!/bin/sh\nexit 101\n' > "$guard"
        chmod 755 "$guard"
    fi
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends slurm-wlm munge >/dev/null; then
        apt-get update -q >/dev/null || true
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends slurm-wlm munge >/dev/null || true
    fi
    [[ -n $guard ]] && rm -f "$guard"
    command -v slurmctld >/dev/null && command -v munged >/dev/null || { echo "slurm: slurm-wlm or munge did not install" >&2; return 1; }
}

# A free TCP port on localhost.
slurm_free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Waits until COMMAND succeeds, every half second, for at most SECONDS; else says WHAT timed
# out, shows the daemons' logs, and fails.
slurm_wait_for() {
    local seconds=$1 what=$2
    shift 2
    local deadline=$((SECONDS + seconds))
    until "$@" >/dev/null 2>&1; do
        if ((SECONDS >= deadline)); then
            echo "slurm: timed out after ${seconds}s waiting for $what" >&2
            slurm_diagnose
            return 1
        fi
        sleep 0.5
    done
}

# What the daemons said, for a failure's message.
slurm_diagnose() {
    {
        echo "--- squeue"; squeue 2>&1 || true
        echo "--- sinfo"; sinfo 2>&1 || true
        for log in "$SLURM_DIR"/log/slurmctld.log "$SLURM_DIR"/log/slurmd.log "$SLURM_DIR"/munge/munged.log; do
            [[ -f $log ]] && { echo "--- $log (last 20 lines)"; tail -n 20 "$log"; }
        done
    } >&2
}

# Starts munged, slurmctld and slurmd with everything in FOLDER (made, and removed by
# slurm_stop unless SLURM_KEEP=1), offering CPUS (default: every core) of this machine.
slurm_start() {
    SLURM_DIR=$1
    local cpus=${2:-$(nproc)}
    slurm_install_if_missing
    mkdir -p "$SLURM_DIR"/{munge,munge-key,state,spool,log}
    # munged wants the folders of its socket reachable by all, and its key private.
    chmod 755 "$SLURM_DIR" "$SLURM_DIR/munge"
    chmod 700 "$SLURM_DIR/munge-key"
    dd if=/dev/urandom of="$SLURM_DIR/munge-key/munge.key" bs=1024 count=1 status=none
    chmod 400 "$SLURM_DIR/munge-key/munge.key"
    munged --socket="$SLURM_DIR/munge/munge.socket" --key-file="$SLURM_DIR/munge-key/munge.key" \
        --log-file="$SLURM_DIR/munge/munged.log" --pid-file="$SLURM_DIR/munge/munged.pid" \
        --seed-file="$SLURM_DIR/munge/munged.seed"
    local node memory
    node=$(hostname -s)
    # What slurmd finds on this machine, less a margin for everything else.
    memory=$(slurmd -C | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p')
    memory=$((memory * 9 / 10))
    cat > "$SLURM_DIR/slurm.conf" <<CONF
ClusterName=footfall-local
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$(slurm_free_port)
SlurmdPort=$(slurm_free_port)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$SLURM_DIR/munge/munge.socket
StateSaveLocation=$SLURM_DIR/state
SlurmdSpoolDir=$SLURM_DIR/spool
SlurmctldPidFile=$SLURM_DIR/slurmctld.pid
SlurmdPidFile=$SLURM_DIR/slurmd.pid
SlurmctldLogFile=$SLURM_DIR/log/slurmctld.log
SlurmdLogFile=$SLURM_DIR/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$SLURM_DIR/log/jobcomp.txt
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=2,bf_interval=5
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
MpiDefault=none
KillWait=5
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
    export SLURM_CONF=$SLURM_DIR/slurm.conf
    # SLURM_NICE=19 runs the daemons, and so every job, at that niceness.
    local nice=()
    [[ -n ${SLURM_NICE:-} ]] && nice=(nice -n "$SLURM_NICE")
    "${nice[@]}" slurmctld -f "$SLURM_CONF"
    "${nice[@]}" slurmd -f "$SLURM_CONF" -N "$node"
    slurm_wait_for 60 "the node to be idle" slurm_node_idle
    slurm_log "munged, slurmctld and slurmd running: one node ($node), $cpus CPUs, ${memory} MB; configuration $SLURM_CONF"
}

slurm_node_idle() { sinfo --noheader --format=%T | grep -qx idle; }

# Stops the daemons (the jobs first), and removes the folder unless SLURM_KEEP=1; keeps the
# exit status it was called with (as an EXIT trap, the script's).
slurm_stop() {
    local status=$?
    [[ -n ${SLURM_DIR:-} && -d $SLURM_DIR ]] || return "$status"
    if [[ -f $SLURM_DIR/slurmctld.pid ]]; then
        scancel --full --quiet --user="$(id -un)" 2>/dev/null || true
        scontrol shutdown >/dev/null 2>&1 || true
    fi
    local pidfile pid
    for pidfile in "$SLURM_DIR/slurmctld.pid" "$SLURM_DIR/slurmd.pid"; do
        [[ -f $pidfile ]] || continue
        pid=$(cat "$pidfile")
        for _ in $(seq 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
        kill -0 "$pid" 2>/dev/null && { kill -KILL "$pid" 2>/dev/null || true; }
    done
    slurm_end_jobs
    if [[ -f $SLURM_DIR/munge/munged.pid ]]; then
        munged --stop --socket="$SLURM_DIR/munge/munge.socket" >/dev/null 2>&1 || kill "$(cat "$SLURM_DIR/munge/munged.pid")" 2>/dev/null || true
    fi
    if [[ ${SLURM_KEEP:-0} == 1 ]]; then
        slurm_log "kept $SLURM_DIR"
    else
        rm -rf "$SLURM_DIR"
    fi
    return "$status"
}

# Ends, by their process ids, what this Slurm started and left: a slurmstepd, or a job's
# process, whose environment names this Slurm's configuration (the script's own shell names it
# too, but has no SLURM_JOB_ID and is not a slurmstepd).
slurm_end_jobs() {
    local pid environment
    for pid in $(ls /proc | grep -E '^[0-9]+$'); do
        environment=$(tr '\0' '\n' 2>/dev/null < "/proc/$pid/environ") || continue
        grep -qx "SLURM_CONF=$SLURM_DIR/slurm.conf" <<< "$environment" || continue
        if grep -q '^SLURM_JOB_ID=' <<< "$environment" || [[ $(cat "/proc/$pid/comm" 2>/dev/null) == slurmstepd ]]; then
            kill -KILL "$pid" 2>/dev/null || true
        fi
    done
}

# The job completion log's records of the array job ARRAY (or, with a second argument, of
# the job JOB), one line each: JobId=... JobState=... ArrayJobId=... ArrayTaskId=...
slurm_records() {
    if [[ $# -eq 1 ]]; then
        grep -E " ArrayJobId=$1 " "$SLURM_DIR/log/jobcomp.txt" 2>/dev/null || true
    else
        grep -E "^JobId=$2 " "$SLURM_DIR/log/jobcomp.txt" 2>/dev/null || true
    fi
}

# Whether the log holds COUNT records of the array job ARRAY.
slurm_array_recorded() { [[ $(slurm_records "$1" | wc -l) -ge $2 ]]; }

# Whether the log holds the record of the job JOB.
slurm_job_recorded() { [[ -n $(slurm_records - "$1") ]]; }

# The records of an array job as a table: task, state, start, end, exit code.
slurm_task_table() {
    printf '    %-12s %-10s %-20s %-20s %s\n' task state start end exit
    slurm_records "$1" | sed -E 's/.*JobId=([0-9]+) .*JobState=([A-Z_]+) .*StartTime=([^ ]+) EndTime=([^ ]+) .*ArrayJobId=([0-9]+) ArrayTaskId=([0-9]+) .*ExitCode=([^ ]+).*/\5_\6 \2 \3 \4 \7/' \
        | sort -t_ -k2 -n | while read -r task state start end exit; do
            printf '    %-12s %-10s %-20s %-20s %s\n' "$task" "$state" "$start" "$end" "$exit"
        done
}

# The number of indices in sbatch's --array value (0-3,5,7-9%2 has 8).
slurm_array_size() {
    local spec=${1%%%*} count=0 part
    IFS=, read -ra parts <<< "$spec"
    for part in "${parts[@]}"; do
        if [[ $part == *-* ]]; then count=$((count + ${part#*-} - ${part%-*} + 1)); else count=$((count + 1)); fi
    done
    echo "$count"
}

//! deploy/slurm.sh under a real Slurm: Debian's slurm-wlm and munge on this one node, started by
//! the test as root with a configuration it writes, and stopped when it ends. A perft 7 of the
//! start position runs as a job array of four shards; one task is stopped mid-run and requeued
//! (`scontrol requeue`), its second start resumes from the results the first left, and
//! `boardlab units merge` sums every unit to the published count.

use crate::support;

use serde_json::Value;
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};
use support::{find_program, require, OutputWithin, RUN_PATIENCE};

const BOARDLAB: &str = env!("CARGO_BIN_EXE_boardlab");

/// Perft 7 of the start position (chessprogramming.org; crates/core/data/standard.epd).
const PERFT_7: u128 = 3_195_901_860;

/// The array's tasks: shards 0 to 3, one processor each, so two run at once on two cores.
const TASKS: usize = 4;

/// The task the test requeues.
const REQUEUED: usize = 1;

/// The Slurm and munge programs the test runs (Debian's slurm-wlm and munge packages).
const PROGRAMS: [&str; 9] = [
    "munged",
    "mungekey",
    "slurmctld",
    "slurmd",
    "sbatch",
    "scontrol",
    "squeue",
    "sinfo",
    "scancel",
];

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Whether this process runs as root, which Slurm's node daemon needs to start jobs.
fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status").is_ok_and(|status| {
        status
            .lines()
            .any(|line| line.split_whitespace().take(2).eq(["Uid:", "0"]))
    })
}

/// Whether Slurm and munge are installed and may be started here (required under CI).
fn slurm_available() -> bool {
    let missing: Vec<&str> = PROGRAMS
        .into_iter()
        .filter(|name| find_program(name, &["/usr/sbin", "/sbin"]).is_none())
        .collect();
    require(
        &format!("Slurm and munge ({})", missing.join(", ")),
        "apt-get install slurm-wlm munge",
        missing.is_empty(),
    ) && require(
        "root, to start Slurm's daemons",
        "run the tests as root, as CI does",
        is_root(),
    )
}

/// A free TCP port on the loopback interface, for one of the daemons.
fn free_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("a bound address").port()
}

/// This machine's name as Slurm's node daemon finds it: the host name up to its first dot.
fn short_hostname() -> String {
    let name = std::fs::read_to_string("/proc/sys/kernel/hostname").expect("a host name");
    name.trim()
        .split('.')
        .next()
        .unwrap_or_default()
        .to_string()
}

/// Half of this machine's memory in MiB: what the node offers its jobs. Slurm drains a node
/// that reports less memory than its configuration says, so the figure stays below the truth.
fn node_memory_mib() -> u64 {
    let meminfo = std::fs::read_to_string("/proc/meminfo").expect("/proc/meminfo");
    let kib: u64 = meminfo
        .lines()
        .find_map(|line| line.strip_prefix("MemTotal:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|number| number.parse().ok())
        .expect("MemTotal in /proc/meminfo");
    kib / 1024 / 2
}

/// Polls `probe` every 100 ms until it answers, for at most `limit`; panics naming `what`.
fn wait_for<T>(what: &str, limit: Duration, mut probe: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(answer) = probe() {
            return answer;
        }
        assert!(
            start.elapsed() < limit,
            "gave up after {limit:?} waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// munge and Slurm's two daemons, running for this test only: their own key, socket, ports,
/// state and logs in one directory, so that nothing on the machine is used or changed.
struct Cluster {
    dir: PathBuf,
    conf: PathBuf,
    /// The daemons, in the order they were started.
    daemons: Vec<(&'static str, Child)>,
}

impl Cluster {
    /// Writes the configuration, starts munged, slurmctld and slurmd in the foreground as
    /// children of this test, and waits for the node to be idle.
    fn start(dir: &Path) -> Cluster {
        let munge = dir.join("munge");
        let key_dir = dir.join("munge-key");
        for sub in [&munge, &key_dir, &dir.join("state"), &dir.join("spool")] {
            std::fs::create_dir_all(sub).unwrap();
        }
        // munged refuses a key that others can read, and warns of a socket they cannot reach.
        set_mode(&key_dir, 0o700);
        set_mode(&munge, 0o755);
        let key = key_dir.join("munge.key");
        let status = Command::new("mungekey")
            .args(["--create", "--keyfile"])
            .arg(&key)
            .status_within(RUN_PATIENCE);
        assert!(status.success(), "mungekey failed");

        let socket = munge.join("socket");
        let host = short_hostname();
        let conf = dir.join("slurm.conf");
        std::fs::write(&conf, slurm_conf(dir, &socket, &host)).unwrap();
        let mut cluster = Cluster {
            dir: dir.to_path_buf(),
            conf: conf.clone(),
            daemons: Vec::new(),
        };

        // As root munged wants --force; everything else goes to files of its own.
        let mut munged = Command::new("munged");
        munged
            .args(["--foreground", "--force"])
            .arg(format!("--socket={}", socket.display()))
            .arg(format!("--key-file={}", key.display()))
            .arg(format!("--pid-file={}", munge.join("munged.pid").display()))
            .arg(format!("--log-file={}", munge.join("munged.log").display()))
            .arg(format!(
                "--seed-file={}",
                munge.join("munged.seed").display()
            ));
        cluster.spawn("munged", munged);
        wait_for("munged's socket", Duration::from_secs(30), || {
            socket.exists().then_some(())
        });

        // -D keeps each daemon in the foreground, a child of this test that it stops by pid.
        let mut slurmctld = Command::new("slurmctld");
        slurmctld.arg("-D").arg("-f").arg(&conf);
        cluster.spawn("slurmctld", slurmctld);
        let mut slurmd = Command::new("slurmd");
        slurmd.arg("-D").arg("-f").arg(&conf).args(["-N", &host]);
        cluster.spawn("slurmd", slurmd);

        wait_for("the node to be idle", Duration::from_secs(60), || {
            let output = cluster.run("sinfo", &["--noheader", "--format=%T"]);
            (text(&output.stdout).trim() == "idle").then_some(())
        });
        cluster
    }

    fn spawn(&mut self, name: &'static str, mut command: Command) {
        let log = std::fs::File::create(self.dir.join(format!("{name}.out"))).unwrap();
        let child = command
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .unwrap_or_else(|err| panic!("{name} does not start: {err}"));
        self.daemons.push((name, child));
    }

    /// A Slurm client command that talks to this cluster.
    fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        command.env("SLURM_CONF", &self.conf);
        command
    }

    fn run(&self, program: &str, args: &[&str]) -> Output {
        self.command(program).args(args).output_within(RUN_PATIENCE)
    }

    /// `scontrol ARGS`, which must succeed.
    fn scontrol(&self, args: &[&str]) -> String {
        let output = self.run("scontrol", args);
        assert!(
            output.status.success(),
            "scontrol {args:?}: {}{}",
            text(&output.stderr),
            self.logs()
        );
        text(&output.stdout)
    }

    /// Each job record of `job` (every task of an array) as its `Key=value` fields.
    fn jobs(&self, job: &str) -> Vec<Vec<(String, String)>> {
        self.scontrol(&["--oneliner", "show", "job", job])
            .lines()
            .filter(|line| !line.trim().is_empty())
            .map(|line| {
                line.split_whitespace()
                    .filter_map(|field| field.split_once('='))
                    .map(|(key, value)| (key.to_string(), value.to_string()))
                    .collect()
            })
            .collect()
    }

    /// One field of the one job record of `job`.
    fn field(&self, job: &str, key: &str) -> String {
        let records = self.jobs(job);
        assert_eq!(records.len(), 1, "{job}: {records:?}");
        field(&records[0], key)
    }

    /// The ends of the daemons' logs, for a failure's message.
    fn logs(&self) -> String {
        let mut all = String::new();
        for name in ["slurmctld.log", "slurmd.log", "munge/munged.log"] {
            let log = std::fs::read_to_string(self.dir.join(name)).unwrap_or_default();
            let lines: Vec<&str> = log.lines().collect();
            let tail = lines[lines.len().saturating_sub(15)..].join("\n");
            all.push_str(&format!("\n--- {name}\n{tail}"));
        }
        all
    }
}

impl Drop for Cluster {
    /// Cancels whatever jobs are left, then stops the daemons this test started, newest first:
    /// SIGTERM, and SIGKILL for one that has not ended ten seconds later.
    fn drop(&mut self) {
        let _ = self
            .command("scancel")
            .arg("--user=root")
            .status_within(RUN_PATIENCE);
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(30) {
            let output = self
                .command("squeue")
                .arg("--noheader")
                .output_within(RUN_PATIENCE);
            if !output.status.success() || output.stdout.is_empty() {
                break;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        while let Some((_, mut child)) = self.daemons.pop() {
            let _ = Command::new("kill")
                .args(["-TERM", &child.id().to_string()])
                .status();
            let start = Instant::now();
            while matches!(child.try_wait(), Ok(None)) && start.elapsed() < Duration::from_secs(10)
            {
                std::thread::sleep(Duration::from_millis(100));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

fn field(record: &[(String, String)], key: &str) -> String {
    record
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, value)| value.clone())
        .unwrap_or_else(|| panic!("no {key} in {record:?}"))
}

fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// The cluster's configuration: one node, this machine, with its processors and half its
/// memory; root runs everything; no cgroups, accounting or MPI, which one node does not need.
fn slurm_conf(dir: &Path, socket: &Path, host: &str) -> String {
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let memory = node_memory_mib();
    let dir = dir.display();
    let socket = socket.display();
    let (controller_port, node_port) = (free_port(), free_port());
    format!(
        "ClusterName=boardlab
SlurmctldHost={host}(127.0.0.1)
SlurmctldPort={controller_port}
SlurmdPort={node_port}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# A requeued job may start again once the credentials of its first start have expired:
# 5 seconds here, the least Slurm takes (a smaller value is refused as invalid and the
# default, 120, used), instead of the default.
AuthInfo=socket={socket},cred_expire=5
StateSaveLocation={dir}/state
SlurmdSpoolDir={dir}/spool
SlurmctldPidFile={dir}/slurmctld.pid
SlurmdPidFile={dir}/slurmd.pid
SlurmctldLogFile={dir}/slurmctld.log
SlurmdLogFile={dir}/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
MailProg=/bin/true
SchedulerType=sched/builtin
# The scheduler looks at pending jobs every second instead of every minute, so the requeued task
# starts soon after it may.
SchedulerParameters=sched_interval=1
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
ReturnToService=2
KillWait=5
# Finished jobs stay visible to scontrol for an hour, long after the test has read them.
MinJobAge=3600
NodeName={host} NodeAddr=127.0.0.1 CPUs={cpus} RealMemory={memory} State=UNKNOWN
PartitionName=boardlab Nodes={host} Default=YES MaxTime=INFINITE State=UP
"
    )
}

/// The ids of the units file's units (every line but the header carries `;id N`).
fn unit_ids(units: &str) -> Vec<u64> {
    units
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            line.split(" ;")
                .find_map(|field| field.strip_prefix("id "))
                .and_then(|id| id.parse().ok())
                .unwrap_or_else(|| panic!("no id in {line}"))
        })
        .collect()
}

/// The unit ids of a results file's complete lines.
fn result_ids(results: &str) -> Vec<u64> {
    results
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .map(|json| json["id"].as_u64().expect("a result has an id"))
        .collect()
}

#[test]
fn a_slurm_array_with_a_requeued_task_counts_perft_7() {
    if !slurm_available() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("boardlab-slurm-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("logs")).unwrap();

    // 5362 units of perft 4 below the start position's 8902 positions after three plies.
    let split = Command::new(BOARDLAB)
        .args(["units", "split", "--depth", "7", "--ply", "3"])
        .output_within(RUN_PATIENCE);
    assert!(split.status.success(), "{}", text(&split.stderr));
    let units = dir.join("units.epd");
    std::fs::write(&units, &split.stdout).unwrap();
    let ids = unit_ids(&text(&split.stdout));
    assert_eq!(ids.len(), 5362);
    // The units deploy/run-shard.sh gives the requeued task: ids equal to its shard mod TASKS.
    let share = ids
        .iter()
        .filter(|&&id| id % TASKS as u64 == REQUEUED as u64)
        .count();

    let cluster = Cluster::start(&dir);
    let results = dir.join("results");
    // The script's own #SBATCH lines ask for two processors and 2 GB; on two cores one
    // processor and a small table each let two tasks run at once. sbatch passes this
    // environment on, BOARDLAB and HASH_MB included; the script finds deploy/ from the
    // directory sbatch runs in.
    let submitted = cluster
        .command("sbatch")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("--parsable")
        .arg(format!("--array=0-{}", TASKS - 1))
        .args(["--cpus-per-task=1", "--mem=256M"])
        .arg(format!("--chdir={}", dir.display()))
        .arg(format!("--output={}/logs/%A_%a.log", dir.display()))
        .arg("deploy/slurm.sh")
        .arg(&units)
        .arg(&results)
        .env("BOARDLAB", BOARDLAB)
        .env("HASH_MB", "16")
        .output_within(RUN_PATIENCE);
    assert!(
        submitted.status.success(),
        "sbatch: {}{}",
        text(&submitted.stderr),
        cluster.logs()
    );
    let job = text(&submitted.stdout).trim().to_string();
    let task = format!("{job}_{REQUEUED}");

    // Stop the task as soon as it has finished a unit, so that it is caught mid-run: Slurm's
    // suspend stops its processes where they are, and the shard file holds what that start
    // finished.
    let shard = results.join(format!("shard-{REQUEUED}.jsonl"));
    wait_for("the task's first result", Duration::from_secs(120), || {
        let done = std::fs::read_to_string(&shard).unwrap_or_default();
        (!result_ids(&done).is_empty()).then_some(())
    });
    cluster.scontrol(&["suspend", &task]);
    wait_for("the task to be suspended", Duration::from_secs(30), || {
        (cluster.field(&task, "JobState") == "SUSPENDED").then_some(())
    });
    let first_start = std::fs::read_to_string(&shard).unwrap();
    let finished_first = result_ids(&first_start).len();
    assert!(
        (1..share).contains(&finished_first),
        "the task was not caught mid-run: {finished_first} of {share} units"
    );

    // Requeue: Slurm kills the task's processes and puts it back in the queue. It holds a
    // task requeued from suspension (JobHeldAdmin) until it is released.
    cluster.scontrol(&["requeue", &task]);
    wait_for("the task to be pending", Duration::from_secs(60), || {
        (cluster.field(&task, "JobState") == "PENDING").then_some(())
    });
    // The hold may be set a moment after the task shows as pending, so it is looked for (and
    // released) at every probe until the task runs again, not once.
    let records = wait_for("every task to finish", Duration::from_secs(600), || {
        if cluster.field(&task, "Reason").contains("Held") {
            cluster.scontrol(&["release", &task]);
        }
        let records = cluster.jobs(&job);
        for record in &records {
            let state = field(record, "JobState");
            let unfinished = ["PENDING", "RUNNING", "SUSPENDED", "COMPLETING"];
            assert!(
                state == "COMPLETED" || unfinished.contains(&state.as_str()),
                "{record:?}{}",
                cluster.logs()
            );
        }
        let done =
            records.len() == TASKS && records.iter().all(|r| field(r, "JobState") == "COMPLETED");
        done.then_some(records)
    });

    // The requeue happened: Slurm counted a restart of that task and only that task, and its
    // log (appended to, not replaced) shows both starts and the kill between them.
    for record in &records {
        let restarts = if field(record, "ArrayTaskId") == REQUEUED.to_string() {
            "1"
        } else {
            "0"
        };
        assert_eq!(field(record, "Restarts"), restarts, "{record:?}");
        assert_eq!(field(record, "ExitCode"), "0:0", "{record:?}");
    }
    let log = std::fs::read_to_string(dir.join(format!("logs/{job}_{REQUEUED}.log"))).unwrap();
    let first = log.find(&format!("shard {REQUEUED} of {TASKS}, start 1"));
    let killed = log.find("DUE TO JOB REQUEUE");
    let second = log.find(&format!("shard {REQUEUED} of {TASKS}, start 2"));
    assert!(
        first.is_some() && first < killed && killed < second,
        "{log}"
    );

    // It resumed where it stopped: what the first start finished was kept, and the second start
    // added the rest without counting any unit twice.
    let shard_results = std::fs::read_to_string(&shard).unwrap();
    assert!(shard_results.starts_with(&first_start));
    let shard_ids = result_ids(&shard_results);
    let distinct: HashSet<u64> = shard_ids.iter().copied().collect();
    assert_eq!((shard_ids.len(), distinct.len()), (share, share));

    // Every unit's result is used once, and they sum to the published count.
    let merged = Command::new(BOARDLAB)
        .args(["units", "merge", "--json", "--units"])
        .arg(&units)
        .args((0..TASKS).map(|index| results.join(format!("shard-{index}.jsonl"))))
        .output_within(RUN_PATIENCE);
    assert!(merged.status.success(), "{}", text(&merged.stderr));
    let json: Value = serde_json::from_str(text(&merged.stdout).trim()).unwrap();
    // The total is read as text: a u128 may not fit a JSON reader's u64.
    let nodes: u128 = json["nodes"].to_string().parse().unwrap();
    assert_eq!(nodes, PERFT_7);
    assert_eq!(json["units"].as_u64(), Some(ids.len() as u64));
    println!(
        "perft 7 = {nodes} over {} units; task {task} restarted once after {finished_first} of its {share} units",
        ids.len()
    );
}

//! `boardlab units split|run|merge` end to end: the published counts through real GNU parallel,
//! the Slurm and Kubernetes shard scripts run locally, results lost or conflicting refused, a
//! killed run resumed, bad input refused on one line.

use crate::support;

use boardlab_core::epd::{parse_perft_suite, STANDARD_SUITE};
use serde_json::Value;
use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use support::{
    boardlab, find_program, require, stderr, stdout, Deadline, OutputWithin, BOARDLAB, RUN_PATIENCE,
};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The published count for `id` at `depth` in crates/core/data/standard.epd.
fn published(id: &str, depth: u32) -> u64 {
    let cases = parse_perft_suite(STANDARD_SUITE).unwrap();
    let case = cases
        .iter()
        .find(|case| case.id.as_deref() == Some(id))
        .unwrap();
    case.expected.iter().find(|e| e.0 == depth).unwrap().1
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardlab-units-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `units split` for the arguments into `dir/units.epd` and returns its path.
fn split(dir: &Path, args: &[&str]) -> PathBuf {
    let mut all = vec!["units", "split"];
    all.extend(args);
    let output = boardlab(&all);
    assert!(output.status.success(), "{}", stderr(&output));
    let path = dir.join("units.epd");
    std::fs::write(&path, &output.stdout).unwrap();
    path
}

/// `units merge --json` of the results; the total, or the failed output.
fn merge(units: &Path, results: &[&Path]) -> Result<(u128, u64), Output> {
    let mut args = vec![
        "units",
        "merge",
        "--json",
        "--units",
        units.to_str().unwrap(),
    ];
    args.extend(results.iter().map(|p| p.to_str().unwrap()));
    let output = boardlab(&args);
    if !output.status.success() {
        return Err(output);
    }
    let json: Value = serde_json::from_str(stdout(&output).trim()).unwrap();
    // The total is read as text: it is a u128 and may not fit a JSON reader's u64.
    let nodes = json["nodes"].to_string().parse().unwrap();
    Ok((nodes, json["units"].as_u64().unwrap()))
}

/// GNU parallel, when installed (required under CI).
fn parallel() -> Option<PathBuf> {
    let found = find_program("parallel", &[]);
    require("GNU parallel", "apt-get install parallel", found.is_some())
        .then(|| found.unwrap_or_default())
}

/// The number of jobs GNU parallel's --joblog recorded (a header line, then one per job).
fn jobs_in(joblog: &Path) -> usize {
    std::fs::read_to_string(joblog).unwrap().lines().count() - 1
}

#[test]
fn split_run_merge_through_gnu_parallel_give_the_published_counts() {
    let Some(parallel) = parallel() else { return };
    let mut checked = 0;
    for (id, fen, depth, ply) in [
        ("startpos", boardlab_core::START_FEN, 5, 2),
        ("kiwipete", KIWIPETE, 4, 2),
    ] {
        let dir = scratch(&format!("parallel-{id}"));
        let depth_text = depth.to_string();
        let ply_text = ply.to_string();
        let units = split(
            &dir,
            &["--fen", fen, "--depth", &depth_text, "--ply", &ply_text],
        );
        let unit_count = std::fs::read_to_string(&units).unwrap().lines().count() - 1;
        let expected = u128::from(published(id, depth));

        // Standard input cut into pieces of 50 lines, one `units run` per piece.
        let piped = dir.join("piped.jsonl");
        let joblog = dir.join("piped.log");
        let status = Command::new(&parallel)
            .args(["--will-cite", "--pipe", "-N", "50", "--joblog"])
            .arg(&joblog)
            .args([BOARDLAB, "units", "run", "--hash", "4"])
            .stdin(std::fs::File::open(&units).unwrap())
            .stdout(std::fs::File::create(&piped).unwrap())
            .status_within(RUN_PATIENCE);
        assert!(status.success());
        assert!(jobs_in(&joblog) >= unit_count / 50, "{}", jobs_in(&joblog));
        assert_eq!(
            merge(&units, &[&piped]).unwrap(),
            (expected, unit_count as u64)
        );

        // One job per shard of the file, the second time with an independent hash.
        let sharded = dir.join("sharded.jsonl");
        let joblog = dir.join("sharded.log");
        let status = Command::new(&parallel)
            .args(["--will-cite", "--joblog"])
            .arg(&joblog)
            .args([BOARDLAB, "units", "run"])
            .arg(&units)
            .args([
                "--hash",
                "4",
                "--lock-seed",
                "99",
                "--shard",
                "{}/3",
                ":::",
                "0",
                "1",
                "2",
            ])
            .stdout(std::fs::File::create(&sharded).unwrap())
            .status_within(RUN_PATIENCE);
        assert!(status.success());
        assert_eq!(jobs_in(&joblog), 3);
        assert_eq!(merge(&units, &[&sharded]).unwrap().0, expected);
        // Each unit ran twice with different hash keys and the two counts agree: merged
        // together they are accepted as retries.
        assert_eq!(merge(&units, &[&piped, &sharded]).unwrap().0, expected);
        checked += 1;
    }
    assert_eq!(checked, 2);
}

#[test]
fn cuts_at_ply_zero_and_at_the_full_depth_and_a_mated_root() {
    let dir = scratch("edges");
    let run = |units: &Path| {
        let output = boardlab(&["units", "run", units.to_str().unwrap()]);
        assert!(output.status.success(), "{}", stderr(&output));
        let results = units.with_extension("jsonl");
        std::fs::write(&results, &output.stdout).unwrap();
        results
    };
    // Ply 0: the root is the one unit. Ply = depth: every unit is a leaf counted once per path.
    for (ply, units_expected) in [("0", 1), ("3", 5362)] {
        let units = split(&dir, &["--depth", "3", "--ply", ply]);
        let results = run(&units);
        assert_eq!(
            merge(&units, &[&results]).unwrap(),
            (u128::from(published("startpos", 3)), units_expected)
        );
    }
    // Fool's mate: white is mated, so perft is 0 at every depth from 1, and the file has no
    // unit at all below the root.
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let units = split(&dir, &["--fen", mated, "--depth", "3", "--ply", "2"]);
    assert_eq!(std::fs::read_to_string(&units).unwrap().lines().count(), 1);
    let results = run(&units);
    assert_eq!(std::fs::read_to_string(&results).unwrap(), "");
    assert_eq!(merge(&units, &[&results]).unwrap(), (0, 0));
}

#[test]
fn lost_unknown_and_conflicting_results_are_refused_on_one_line() {
    let dir = scratch("refused");
    let units = split(&dir, &["--depth", "3", "--ply", "1"]);
    let output = boardlab(&["units", "run", units.to_str().unwrap()]);
    let lines: Vec<String> = stdout(&output).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 20);
    let write = |name: &str, lines: &[String]| {
        let path = dir.join(name);
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        path
    };
    let whole = write("whole.jsonl", &lines);
    assert_eq!(merge(&units, &[&whole]).unwrap().0, 8902);

    let id_of = |line: &str| {
        serde_json::from_str::<Value>(line).unwrap()["id"]
            .as_u64()
            .unwrap()
    };
    let lost = write("lost.jsonl", &lines[1..]);
    let err = merge(&units, &[&lost]).unwrap_err();
    assert_eq!(err.status.code(), Some(2));
    assert_eq!(
        stderr(&err),
        format!("error: no result for unit {}\n", id_of(&lines[0]))
    );

    let mut changed: Value = serde_json::from_str(&lines[5]).unwrap();
    let nodes = changed["nodes"].as_u64().unwrap();
    changed["nodes"] = Value::from(nodes + 1);
    let conflicting = write("conflicting.jsonl", &[changed.to_string()]);
    let err = merge(&units, &[&whole, &conflicting]).unwrap_err();
    assert_eq!(err.status.code(), Some(2));
    assert_eq!(
        stderr(&err),
        format!(
            "error: different counts for unit {} ({nodes} and {})\n",
            id_of(&lines[5]),
            nodes + 1
        )
    );

    let mut stranger: Value = serde_json::from_str(&lines[0]).unwrap();
    stranger["id"] = Value::from(77);
    let unknown = write("unknown.jsonl", &[stranger.to_string()]);
    let err = merge(&units, &[&whole, &unknown]).unwrap_err();
    assert_eq!(
        stderr(&err),
        "error: results for unit 77 not in the units file\n"
    );

    // Results of another split (here: of depth 4) are not taken for this one's.
    let other_dir = scratch("refused-other");
    let other = split(&other_dir, &["--depth", "4", "--ply", "1"]);
    let output = boardlab(&["units", "run", other.to_str().unwrap()]);
    std::fs::write(other_dir.join("r.jsonl"), &output.stdout).unwrap();
    let err = merge(&units, &[&other_dir.join("r.jsonl")]).unwrap_err();
    assert!(
        stderr(&err)
            .starts_with("error: results whose key or depth is not their unit's for units 1, 2, 3"),
        "{}",
        stderr(&err)
    );
    assert_eq!(stderr(&err).lines().count(), 1);
    // Nor do they count as done for a resumed run: every unit runs.
    let output = boardlab(&[
        "units",
        "run",
        units.to_str().unwrap(),
        "--done",
        other_dir.join("r.jsonl").to_str().unwrap(),
    ]);
    assert_eq!(stdout(&output).lines().count(), 20);
}

#[test]
fn a_killed_run_resumes_without_loss_or_double_counting() {
    let dir = scratch("killed");
    // 5362 units whose results (about 600 kB) overfill a pipe: the run blocks on its output
    // until it is read, so the kill below lands with most units still to do.
    let units = split(&dir, &["--depth", "5", "--ply", "3"]);
    let mut child = Command::new(BOARDLAB)
        .args(["units", "run", units.to_str().unwrap()])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Deadline::watch(&child, "boardlab units run", RUN_PATIENCE);
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = Vec::new();
    for _ in 0..300 {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        first.push(line);
    }
    deadline.check();
    child.kill().unwrap();
    child.wait().unwrap();
    // The results file as the killed run left it: 299 whole lines and one cut short.
    let results = dir.join("results.jsonl");
    let mut file = std::fs::File::create(&results).unwrap();
    for line in &first[..299] {
        file.write_all(line.as_bytes()).unwrap();
    }
    file.write_all(&first[299].as_bytes()[..first[299].len() / 2])
        .unwrap();
    drop(file);
    let err = merge(&units, &[&results]).unwrap_err();
    assert!(
        stderr(&err).starts_with("error: no result for units"),
        "{}",
        stderr(&err)
    );

    let output = boardlab(&[
        "units",
        "run",
        units.to_str().unwrap(),
        "--done",
        results.to_str().unwrap(),
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let resumed = stdout(&output);
    let id_of = |line: &str| {
        serde_json::from_str::<Value>(line).unwrap()["id"]
            .as_u64()
            .unwrap()
    };
    let before: HashSet<u64> = first[..299].iter().map(|line| id_of(line)).collect();
    let after: HashSet<u64> = resumed.lines().map(id_of).collect();
    // Every unit ran exactly once whole: the cut-short one again, the finished ones not.
    assert_eq!(before.len() + after.len(), 5362);
    assert!(before.is_disjoint(&after));
    assert!(after.contains(&id_of(&first[299])));

    // Appended to the same file, the first new line is glued to the cut-short one and still
    // read.
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&results)
        .unwrap();
    file.write_all(resumed.as_bytes()).unwrap();
    drop(file);
    assert_eq!(
        merge(&units, &[&results]).unwrap(),
        (u128::from(published("startpos", 5)), 5362)
    );
}

/// Runs `script` with `env` for every shard index, then merges.
fn run_shards(
    dir: &Path,
    units: &Path,
    shards: usize,
    mut command: impl FnMut(usize) -> Command,
) -> u128 {
    for index in 0..shards {
        let output = command(index).output_within(RUN_PATIENCE);
        assert!(
            output.status.success(),
            "shard {index}: {}",
            stderr(&output)
        );
    }
    let files: Vec<PathBuf> = (0..shards)
        .map(|index| dir.join("results").join(format!("shard-{index}.jsonl")))
        .collect();
    let refs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    merge(units, &refs).unwrap().0
}

fn repository() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_slurm_array_script_covers_every_unit_once_and_resumes() {
    let dir = scratch("slurm");
    let units = split(&dir, &["--fen", KIWIPETE, "--depth", "3", "--ply", "1"]);
    let results = dir.join("results");
    let task = |index: usize| {
        // As Slurm runs it for --array=1-4: task ids from 1, the script's place from the
        // submit directory.
        let mut command = Command::new(repository().join("deploy/slurm.sh"));
        command
            .arg(&units)
            .arg(&results)
            .env("BOARDLAB", BOARDLAB)
            .env("SLURM_SUBMIT_DIR", repository())
            .env("SLURM_ARRAY_TASK_ID", (index + 1).to_string())
            .env("SLURM_ARRAY_TASK_MIN", "1")
            .env("SLURM_ARRAY_TASK_COUNT", "4")
            .env("HASH_MB", "4");
        command
    };
    let expected = u128::from(published("kiwipete", 3));
    assert_eq!(run_shards(&dir, &units, 4, task), expected);
    // A requeued task finds its results and adds nothing.
    let before = std::fs::read_to_string(results.join("shard-2.jsonl")).unwrap();
    assert!(task(2).status_within(RUN_PATIENCE).success());
    assert_eq!(
        std::fs::read_to_string(results.join("shard-2.jsonl")).unwrap(),
        before
    );
    // Outside an array the script says what it needs.
    let output = Command::new(repository().join("deploy/slurm.sh"))
        .arg(&units)
        .arg(&results)
        .env_remove("SLURM_ARRAY_TASK_ID")
        .output_within(RUN_PATIENCE);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("job array"), "{}", stderr(&output));
}

#[test]
fn the_kubernetes_indexed_job_command_covers_every_unit_once() {
    // The container's command, read from the manifest, run here with the volume's /work
    // replaced by a scratch directory laid out as the manifest's comment says.
    let manifest =
        std::fs::read_to_string(repository().join("deploy/k8s-indexed-job.yaml")).unwrap();
    let mut lines = manifest
        .lines()
        .skip_while(|line| line.trim() != "args:")
        .skip(1);
    let first = lines.next().unwrap();
    assert_eq!(first.trim(), "- >-");
    let indent = first.len() - first.trim_start().len();
    let script: Vec<&str> = lines
        .take_while(|line| line.len() - line.trim_start().len() > indent)
        .map(str::trim)
        .collect();
    let script = script.join(" ");
    let completions: usize = manifest
        .lines()
        .find_map(|line| line.trim().strip_prefix("completions: "))
        .unwrap()
        .parse()
        .unwrap();
    let shards_value = manifest
        .lines()
        .skip_while(|line| line.trim() != "- name: SHARDS")
        .nth(1)
        .unwrap()
        .trim()
        .strip_prefix("value: ")
        .unwrap()
        .trim_matches('"')
        .to_string();
    assert_eq!(shards_value, completions.to_string());

    let dir = scratch("k8s");
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    std::fs::copy(BOARDLAB, dir.join("bin/boardlab")).unwrap();
    std::fs::copy(
        repository().join("deploy/run-shard.sh"),
        dir.join("bin/run-shard.sh"),
    )
    .unwrap();
    let units = split(&dir, &["--fen", KIWIPETE, "--depth", "3", "--ply", "2"]);
    let work = format!("{}/", dir.display());
    let script = script.replace("/work/", &work);
    let pod = |index: usize| {
        let mut command = Command::new("bash");
        command
            .args(["-c", &script])
            .env("JOB_COMPLETION_INDEX", index.to_string())
            .env("SHARDS", &shards_value);
        command
    };
    assert_eq!(
        run_shards(&dir, &units, completions, pod),
        u128::from(published("kiwipete", 3))
    );
}

#[test]
fn bad_input_gets_one_line_and_status_2() {
    let dir = scratch("bad");
    let units = split(&dir, &["--depth", "2", "--ply", "1"]);
    let units_text = std::fs::read_to_string(&units).unwrap();
    let broken = dir.join("broken.epd");
    std::fs::write(&broken, units_text.replacen(";depth 1", ";depth x", 1)).unwrap();
    let missing = dir.join("missing.jsonl");
    let [units, broken, missing] = [&units, &broken, &missing].map(|path| path.to_str().unwrap());
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec![
                "units",
                "split",
                "--fen",
                "8/8/8 w - - 0 1",
                "--depth",
                "3",
                "--ply",
                "1",
            ],
            "error: invalid FEN",
        ),
        (
            vec!["units", "split", "--depth", "2", "--ply", "3"],
            "error: --ply 3 is deeper than --depth 2",
        ),
        (
            vec!["units", "split", "--depth", "3"],
            "error: the following required arguments",
        ),
        (vec!["units", "run", broken], "error: "),
        (
            vec!["units", "run", units, "--shard", "3/3"],
            "error: invalid value '3/3'",
        ),
        (
            vec!["units", "run", units, "--lock-seed", "1"],
            "error: the following required arguments",
        ),
        (
            vec!["units", "run", units, "--done", missing],
            "error: cannot read",
        ),
        (
            vec!["units", "merge", "--units", units, missing],
            "error: cannot read",
        ),
        (vec!["units", "merge", "--units", broken, units], "error: "),
    ];
    for (args, start) in &cases {
        let output = boardlab(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let err = stderr(&output);
        assert!(err.starts_with(start), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(stdout(&output).is_empty(), "{args:?}");
    }
    // The broken line is named with its number.
    let output = boardlab(&["units", "run", broken]);
    assert!(
        stderr(&output).contains("line 2: depth \"x\""),
        "{}",
        stderr(&output)
    );
    assert_eq!(cases.len(), 9);
}

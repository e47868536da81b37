//! The command-line contract of README.md, held against the command line itself: the README's
//! table is parsed and compared with `boardlab_app::Cli` both ways, and the rules above the
//! table are checked on every command that clap knows.

use boardlab_app::Cli;
use boardlab_backends::Backend;
use boardlab_core::MAX_DEPTH;
use clap::error::ErrorKind;
use clap::{Arg, Command, CommandFactory};
use std::collections::{BTreeMap, BTreeSet};

/// The README's contract section.
fn readme_contract() -> String {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md is readable");
    let section = readme
        .split_once("## The command-line contract")
        .expect("the README has the contract section")
        .1;
    section
        .split_once("\n## ")
        .map_or(section, |(section, _)| section)
        .to_string()
}

/// One row of the README's table.
#[derive(Debug)]
struct Row {
    /// The long options, without their dashes, and each one's value as the README writes it.
    options: BTreeMap<String, Option<String>>,
    /// The last column: `figures`, `JSON`, `drawings`, `SVG`, `EPD` or a protocol.
    prints: String,
}

/// The commands whose row in the README's contract table lists the option `name` (with the
/// value `value`, when given): what a test that counts commands by an option compares with, so
/// that a new command with the option needs only its README row.
fn readme_rows_with(name: &str, value: Option<&str>) -> BTreeSet<String> {
    readme_table()
        .into_iter()
        .filter(|(_, row)| {
            row.options
                .get(name)
                .is_some_and(|listed| value.is_none() || listed.as_deref() == value)
        })
        .map(|(path, _)| path)
        .collect()
}

/// The README's contract table, by command path (`perft`, `units run`).
fn readme_table() -> BTreeMap<String, Row> {
    let section = readme_contract();
    let mut rows = BTreeMap::new();
    let table = section
        .lines()
        .skip_while(|line| !line.starts_with("| command |"))
        .skip(2)
        .take_while(|line| line.starts_with('|'));
    for line in table {
        // A `|` inside a cell is escaped as `\|`.
        let line = line.replace("\\|", "\u{0}");
        let cells: Vec<String> = line
            .trim_matches('|')
            .split('|')
            .map(|cell| cell.trim().replace('\u{0}', "|"))
            .collect();
        let [command, options, prints] = &cells[..] else {
            panic!("a contract row has three cells: {line}");
        };
        let path: Vec<&str> = command
            .trim_matches('`')
            .split_whitespace()
            .take_while(|word| word.chars().all(|c| c.is_ascii_lowercase()))
            .collect();
        let options = options
            .split('`')
            .skip(1)
            .step_by(2)
            .map(|option| {
                let (name, value) = match option.split_once(' ') {
                    Some((name, value)) => (name, Some(value.to_string())),
                    None => (option, None),
                };
                let name = name.strip_prefix("--").expect("options are long options");
                (name.to_string(), value)
            })
            .collect();
        let row = Row {
            options,
            prints: prints.clone(),
        };
        assert!(rows.insert(path.join(" "), row).is_none(), "{line}");
    }
    assert!(rows.len() >= 10, "{rows:?}");
    rows
}

/// Every command that runs, by path, with its clap definition.
fn commands() -> BTreeMap<String, Command> {
    fn walk(command: &Command, path: &str, found: &mut BTreeMap<String, Command>) {
        let subcommands: Vec<&Command> = command
            .get_subcommands()
            .filter(|sub| sub.get_name() != "help")
            .collect();
        if subcommands.is_empty() {
            found.insert(path.trim().to_string(), command.clone());
        }
        for sub in subcommands {
            walk(sub, &format!("{path} {}", sub.get_name()), found);
        }
    }
    let mut cli = Cli::command();
    cli.build();
    let mut found = BTreeMap::new();
    walk(&cli, "", &mut found);
    found
}

/// A command's long options, without help and version.
fn options(command: &Command) -> BTreeMap<String, &Arg> {
    command
        .get_arguments()
        .filter_map(|arg| Some((arg.get_long()?.to_string(), arg)))
        .filter(|(name, _)| name != "help" && name != "version")
        .collect()
}

/// The name of an option's value in help (`FILE`), when it takes one.
fn value_name(arg: &Arg) -> Option<String> {
    match arg.get_value_names()? {
        [name] => Some(name.to_string()),
        _ => None,
    }
}

fn possible_values(arg: &Arg) -> BTreeSet<String> {
    arg.get_possible_values()
        .iter()
        .map(|value| value.get_name().to_string())
        .collect()
}

/// Whether `command` takes `value` for `arg` (its other required arguments aside).
fn accepts(command: &Command, arg: &Arg, value: &str) -> bool {
    let mut words = vec![command.get_name().to_string()];
    words.extend(arg.get_long().map(|long| format!("--{long}")));
    words.push(value.to_string());
    match command.clone().try_get_matches_from(words) {
        Ok(_) => true,
        Err(err) => !matches!(
            err.kind(),
            ErrorKind::ValueValidation | ErrorKind::InvalidValue
        ),
    }
}

fn help(arg: &Arg) -> String {
    arg.get_help()
        .map(|help| help.to_string())
        .unwrap_or_default()
}

#[test]
fn the_readme_table_lists_every_command_with_its_options_and_no_other() {
    let table = readme_table();
    let commands = commands();
    let in_readme: BTreeSet<&String> = table.keys().collect();
    let in_cli: BTreeSet<&String> = commands.keys().collect();
    assert_eq!(
        in_readme, in_cli,
        "commands in the README and on the command line"
    );
    for (path, command) in &commands {
        let listed: BTreeSet<&String> = table[path].options.keys().collect();
        let options = options(command);
        let taken: BTreeSet<&String> = options.keys().collect();
        assert_eq!(listed, taken, "the options of `{path}`");
    }
}

#[test]
fn backend_is_one_argument_that_takes_all_where_a_command_runs_several() {
    let table = readme_table();
    let names: BTreeSet<String> = Backend::ALL.iter().map(|b| b.name().to_string()).collect();
    let mut with_all = BTreeSet::new();
    for (path, command) in commands() {
        let Some(arg) = options(&command).get("backend").copied() else {
            continue;
        };
        assert_eq!(value_name(arg).as_deref(), Some("BACKEND"), "{path}");
        let mut values = possible_values(arg);
        let listed = table[&path].options["backend"].as_deref();
        let takes_all = values.remove("all");
        assert_eq!(values, names, "`{path} --backend` names every backend");
        assert_eq!(
            listed == Some("B|all"),
            takes_all,
            "`{path} --backend` and the README"
        );
        assert!(
            listed == Some("B") || listed == Some("B|all"),
            "{path}: {listed:?}"
        );
        if takes_all {
            with_all.insert(path);
        }
    }
    assert!(!with_all.is_empty(), "no command takes --backend all");
    assert_eq!(with_all, readme_rows_with("backend", Some("B|all")));
}

#[test]
fn every_file_a_command_writes_is_named_by_out() {
    let mut outs = BTreeSet::new();
    for (path, command) in commands() {
        for (name, arg) in options(&command) {
            // An option that names where the command writes says so first.
            let help_text = help(arg).to_lowercase();
            let writes = help_text.starts_with("write") || help_text.starts_with("where to write");
            let takes_value = arg.get_num_args().is_some_and(|n| n.takes_values());
            if name == "out" {
                assert!(writes && takes_value, "`{path} --out`: {}", help(arg));
                assert_eq!(value_name(arg).as_deref(), Some("FILE"), "{path}");
                outs.insert(path.clone());
            } else {
                assert!(
                    !(writes && takes_value),
                    "`{path} --{name}` names a file to write: {}",
                    help(arg)
                );
            }
        }
    }
    assert!(!outs.is_empty(), "no command writes a file");
    assert_eq!(outs, readme_rows_with("out", Some("FILE")));
}

#[test]
fn every_command_that_prints_figures_or_drawings_takes_json() {
    let table = readme_table();
    let mut with_json = 0;
    for (path, command) in commands() {
        let prints = &table[&path].prints;
        let json = options(&command).contains_key("json");
        assert_eq!(
            prints == "figures" || prints == "drawings",
            json,
            "`{path}` prints {prints}"
        );
        with_json += usize::from(json);
    }
    assert_eq!(with_json, readme_rows_with("json", None).len());
}

/// With `--json`, what the figures and drawings commands print is one JSON object on each line
/// and nothing else, the drawings (`show`, `explain`) as well as the figures: a client reading
/// line by line gets whole values. Run on a quick case of each command that needs no file or
/// outside program.
#[test]
fn json_is_one_object_a_line() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let runs: [&[&str]; 8] = [
        &["show", "--backend", "magic", "--square", "e4", "--json"],
        &["show", "--backend", "mailbox", "--json"],
        &[
            "explain",
            "--backend",
            "kindergarten",
            "--fen",
            kiwipete,
            "--square",
            "f3",
            "--json",
        ],
        &["explain", "--backend", "x88", "--square", "g1", "--json"],
        &[
            "perft",
            "--backend",
            "all",
            "--depth",
            "2",
            "--divide",
            "--json",
        ],
        &["key", "--moves", "e2e4", "--json"],
        &["eval", "--backend", "all", "--fen", kiwipete, "--json"],
        &["search", "--backend", "mailbox", "--depth", "2", "--json"],
    ];
    let mut objects = 0;
    for args in runs {
        let output = crate::support::boardlab(args);
        assert!(output.status.success(), "{args:?}: {output:?}");
        let text = crate::support::stdout(&output);
        assert!(text.ends_with('\n'), "{args:?}: {text:?}");
        for line in text.lines() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|err| {
                panic!("{args:?}: not one JSON value a line ({err}): {line}")
            });
            assert!(value.is_object(), "{args:?}: {line}");
            objects += 1;
        }
    }
    // One object for each drawing and for key and search; perft's divide and eval per backend.
    assert!(objects > runs.len() + 2 * Backend::ALL.len(), "{objects}");
}

#[test]
fn hash_is_one_argument_with_one_meaning() {
    let mut with_hash = BTreeSet::new();
    let mut helps = BTreeSet::new();
    for (path, command) in commands() {
        let Some(arg) = options(&command).get("hash").copied() else {
            continue;
        };
        assert_eq!(value_name(arg).as_deref(), Some("MB"), "{path}");
        helps.insert(help(arg));
        let accepts = |mb: &str| accepts(&command, arg, mb);
        assert!(accepts("1") && accepts("16384"), "{path}");
        assert!(!accepts("0") && !accepts("16385"), "{path}");
        with_hash.insert(path);
    }
    let expected: BTreeSet<String> = ["perft", "search", "units run"].map(String::from).into();
    assert_eq!(with_hash, expected);
    assert_eq!(helps.len(), 1, "one help text: {helps:?}");
}

#[test]
fn every_depth_goes_up_to_max_depth() {
    let mut depths = BTreeSet::new();
    for (path, command) in commands() {
        for arg in command
            .get_arguments()
            .filter(|arg| arg.get_id() == "depth")
        {
            assert!(accepts(&command, arg, &MAX_DEPTH.to_string()), "{path}");
            assert!(
                !accepts(&command, arg, &(MAX_DEPTH + 1).to_string()),
                "{path}"
            );
            // perftree's depth is its first positional argument, as perftree's contract has it.
            if arg.get_long() == Some("depth") {
                depths.insert(path.clone());
            }
        }
    }
    assert!(!depths.is_empty(), "no command takes --depth");
    assert_eq!(depths, readme_rows_with("depth", Some("N")));
    let stated = format!("`MAX_DEPTH` ({MAX_DEPTH})");
    assert!(
        readme_contract().contains(&stated),
        "the README states {stated}"
    );
}

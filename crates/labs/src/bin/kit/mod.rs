//! The students' copy, as `student-kit` writes it into a new folder and `grade` into its own
//! working folder. Every file is written only when its content differs from what the folder
//! already holds, so that a build in a folder written before recompiles only what changed.

use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The repository this binary was built from.
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Which side of the labs' `solutions` feature the copy keeps, and whose tests.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Labs {
    /// The `todo!()` stubs: the students' copy.
    Stubs,
    /// The reference solutions in place of the stubs, with the students' tests.
    Solved,
    /// The stubs, with the course's own tests: the grading-only parts of the labs' tests (the
    /// models the checks ask, the wrong answers written from them, the positions the students'
    /// copy does not record) kept, and the models' recorded figures (`tests/data`) left
    /// out, since the models answer here. `grade` writes this copy and puts the student's
    /// answers in it.
    Graded,
}

/// The files and folders of the repository the copy takes as they are, besides the crates, the
/// root manifest and the labs, which are rewritten. Everything the students' book tells them
/// to run is here: the binary's sources, the benches (criterion's and the instruction
/// counter's), the examples, the measuring scripts under `docs/`, the cluster scripts, and
/// the two programs of `tests/support` that the debugging chapter runs. The repository's own
/// tests, its fuzz targets and CI script stay behind: they test boardlab, not the students'
/// answers, and some of them read the instructors' guide.
pub const TAKEN: &[&str] = &[
    "Cargo.lock",
    ".cargo",
    ".gitignore",
    "build.rs",
    "src",
    "benches",
    "examples",
    "deploy",
    "docs/book.toml",
    "docs/src",
    "docs/theme",
    "docs/measure.sh",
    "docs/profile.sh",
    "docs/pseudo-legal.sh",
    "docs/turn-about.sh",
    "tests/support/planted_bugs.py",
    "tests/support/boardlab_perftree.sh",
];

/// The files under `crates/labs/src` a student writes: each lab's exercises. Everything else
/// in the labs crate (its `lib.rs`, the scaffolding in `scaffold/` that the exercises are
/// written against and the tests read, its tests and manifest) is the course's, and the
/// grading command puts the course's version of it in place of the student's.
pub const ANSWER_FILES: &[&str] = &[
    "board_search.rs",
    "capstone.rs",
    "hyperbola.rs",
    "legality.rs",
    "magic.rs",
    "mailbox.rs",
    "move_encoding.rs",
    "perft.rs",
    "picker.rs",
    "piece_list.rs",
    "rotated.rs",
    "search.rs",
    "x88.rs",
    "zobrist.rs",
];

/// The programs of `crates/labs/src/bin` that stay in the repository: the two commands that
/// write and grade copies, and what they share.
const LABS_BINARIES_LEFT_OUT: &[&str] = &["bin/student-kit.rs", "bin/grade.rs", "bin/kit"];

/// The copy's `[dev-dependencies]`, in place of the repository's (which hold its tests'
/// peers and the labs with their solutions switched on): what the benches and the examples
/// the copy keeps are built with.
const COPY_DEV_DEPENDENCIES: &str = r#"[dev-dependencies]
# The benches (benches/) and the examples (examples/): the registry with every backend by name
# and `with_backend!`, the boards and techniques they name directly, the conformance kit's
# positions, diff and the oracles for the planted-bug example, and the three move generators of
# other projects the benches time beside boardlab's.
boardlab-backends = { workspace = true, features = ["clap"] }
boardlab-engine.workspace = true
boardlab-harness.workspace = true
boardlab-mailbox.workspace = true
boardlab-reference.workspace = true
boardlab-rotated.workspace = true
boardlab-sliders.workspace = true
boardlab-testkit.workspace = true
rand.workspace = true
# The sliders bench reads criterion's estimates back.
serde_json.workspace = true
criterion = { version = "0.5", features = ["html_reports"] }
cozy-chess = "0.3"
# 0.30.1 and later need a newer rustc than this workspace is built with.
shakmaty = "=0.30.0"
chess = "3""#;

/// A folder being written: the files put there so far, relative to it.
pub struct Copy {
    root: PathBuf,
    written: BTreeSet<PathBuf>,
}

impl Copy {
    /// Starts writing into `root`, which is made if it is missing.
    pub fn new(root: &Path) -> Result<Copy, String> {
        fs::create_dir_all(root).map_err(|err| format!("{}: {err}", root.display()))?;
        Ok(Copy {
            root: root.to_path_buf(),
            written: BTreeSet::new(),
        })
    }

    /// The folder written into.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Writes `bytes` as the file `name` (relative to the folder), unless it holds them already.
    pub fn write(&mut self, name: &Path, bytes: &[u8]) -> Result<(), String> {
        let path = self.root.join(name);
        let problem = |err: io::Error| format!("{}: {err}", name.display());
        if fs::read(&path).ok().as_deref() != Some(bytes) {
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).map_err(problem)?;
            }
            fs::write(&path, bytes).map_err(problem)?;
        }
        self.written.insert(name.to_path_buf());
        Ok(())
    }

    /// Copies the repository's file or folder `name` (relative to `from`) to the same place
    /// here, leaving out build output.
    pub fn take(&mut self, from: &Path, name: &Path) -> Result<(), String> {
        let source = from.join(name);
        if source.is_dir() {
            let entries =
                fs::read_dir(&source).map_err(|err| format!("{}: {err}", name.display()))?;
            for entry in entries {
                let entry = entry.map_err(|err| format!("{}: {err}", name.display()))?;
                if entry.file_name() != "target" {
                    self.take(from, &name.join(entry.file_name()))?;
                }
            }
            Ok(())
        } else {
            let bytes = fs::read(&source).map_err(|err| format!("{}: {err}", name.display()))?;
            self.write(name, &bytes)
        }
    }

    /// Removes every file under the folder that was not written since [`Copy::new`], but for
    /// the folders named in `kept` (build output, say), and the folders left empty (an empty
    /// folder under `crates/` would still be a workspace member to cargo), and returns how many
    /// files went.
    pub fn remove_the_rest(&self, kept: &[&str]) -> Result<usize, String> {
        let mut removed = 0;
        for path in
            all_files(&self.root).map_err(|err| format!("{}: {err}", self.root.display()))?
        {
            let relative = path.strip_prefix(&self.root).unwrap_or(&path);
            let in_kept = kept.iter().any(|folder| relative.starts_with(folder));
            if !in_kept && !self.written.contains(relative) {
                fs::remove_file(&path).map_err(|err| format!("{}: {err}", path.display()))?;
                removed += 1;
            }
        }
        remove_empty_folders(&self.root)
            .map_err(|err| format!("{}: {err}", self.root.display()))?;
        Ok(removed)
    }
}

/// Writes the whole copy into `copy`.
/// Removes the folders under `dir` that hold no file, deepest first; returns whether `dir`
/// itself is left empty (it stays).
fn remove_empty_folders(dir: &Path) -> io::Result<bool> {
    let mut empty = true;
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() && remove_empty_folders(&path)? {
            fs::remove_dir(&path)?;
        } else {
            empty = false;
        }
    }
    Ok(empty)
}

pub fn write_copy(repo: &Path, copy: &mut Copy, labs: Labs) -> Result<(), String> {
    for taken in TAKEN {
        copy.take(repo, Path::new(taken))?;
    }
    let crates = fs::read_dir(repo.join("crates")).map_err(|err| format!("crates: {err}"))?;
    for entry in crates {
        let entry = entry.map_err(|err| format!("crates: {err}"))?;
        let name = entry.file_name();
        // Every backend's crate, the array boards among them: the capstone's 16x12 board is
        // graded by the reads of its own cells with its walls in place, which no other
        // board's code can make, so reading them hands the student nothing that passes.
        if name != "labs" && entry.path().join("Cargo.toml").exists() {
            copy.take(repo, &Path::new("crates").join(entry.file_name()))?;
        }
    }
    for chapter in text_files(&repo.join("docs/src")).map_err(|err| format!("docs/src: {err}"))? {
        if chapter.extension().is_some_and(|ext| ext == "md") {
            let name = chapter.strip_prefix(repo).unwrap_or(&chapter);
            let text = read(repo, &name.display().to_string())?;
            copy.write(name, without_repository_tests(&text).as_bytes())?;
        }
    }
    let manifest = read(repo, "Cargo.toml")?;
    copy.write(Path::new("Cargo.toml"), copy_manifest(&manifest).as_bytes())?;
    copy.write(Path::new("README.md"), STUDENTS_README.as_bytes())?;
    write_labs(repo, copy, labs)
}

/// Where the repository's own tests live; the copy leaves them out.
const REPOSITORY_TESTS: &str = "`tests/integration/";

/// A chapter for the copy: each path of one of the repository's own tests, which the copy
/// leaves out, becomes the test's name and where it is.
fn without_repository_tests(chapter: &str) -> String {
    let mut out = String::with_capacity(chapter.len());
    let mut rest = chapter;
    while let Some(at) = rest.find(REPOSITORY_TESTS) {
        let after = &rest[at + REPOSITORY_TESTS.len()..];
        let Some(end) = after.find(".rs`") else {
            break;
        };
        out += &rest[..at];
        out += &format!(
            "`{}` (one of boardlab's own tests, which stay in its repository)",
            &after[..end]
        );
        rest = &after[end + ".rs`".len()..];
    }
    out + rest
}

/// The root manifest of the copy: the repository's, with the copy's dev-dependencies in place
/// of its own.
fn copy_manifest(manifest: &str) -> String {
    let without = without_sections(manifest, &["[dev-dependencies]"]);
    // The dev-dependencies go where the repository has them, before the features.
    match without.find("\n[features]") {
        Some(at) => {
            let at = without[..at].rfind("\n\n").map_or(at, |blank| blank + 1);
            format!(
                "{}\n{COPY_DEV_DEPENDENCIES}\n\n{}",
                &without[..at],
                &without[at + 1..]
            )
        }
        None => format!("{without}\n{COPY_DEV_DEPENDENCIES}\n"),
    }
}

/// The labs crate: its manifest without the feature, its sources with the chosen side of each
/// `solutions` switch, its tests (the students' or the course's, [`tests_for`]), and the
/// capstone's perftree script; the reference solutions only for `Labs::Solved`, and the
/// programs that write and grade copies never.
fn write_labs(repo: &Path, copy: &mut Copy, labs: Labs) -> Result<(), String> {
    let manifest = read(repo, "crates/labs/Cargo.toml")?;
    copy.write(
        Path::new("crates/labs/Cargo.toml"),
        without_sections(&manifest, &["[features]"]).as_bytes(),
    )?;
    let tests = repo.join("crates/labs/tests");
    for path in all_files(&tests).map_err(|err| format!("crates/labs/tests: {err}"))? {
        let relative = path.strip_prefix(&tests).unwrap_or(&path);
        if relative.starts_with(FIGURES) && labs == Labs::Graded {
            continue;
        }
        let name = Path::new("crates/labs/tests").join(relative);
        if path.extension().is_some_and(|ext| ext == "rs") {
            let text = read(repo, &name.display().to_string())?;
            let text = tests_for(&text, labs)
                .map_err(|problem| format!("{}: {problem}", name.display()))?;
            copy.write(&name, text.as_bytes())?;
        } else {
            copy.take(repo, &name)?;
        }
    }
    let sources = repo.join("crates/labs/src");
    for path in rust_files(&sources).map_err(|err| format!("crates/labs/src: {err}"))? {
        let relative = path.strip_prefix(&sources).unwrap_or(&path);
        let in_solutions = relative.starts_with("solutions");
        let left_out = LABS_BINARIES_LEFT_OUT
            .iter()
            .any(|left| relative.starts_with(left));
        if left_out || in_solutions {
            continue;
        }
        let name = Path::new("crates/labs/src").join(relative);
        let text = read(repo, &name.display().to_string())?;
        let mut text =
            one_side(&text, labs).map_err(|problem| format!("{}: {problem}", name.display()))?;
        if labs == Labs::Solved {
            text = with_the_answer_inline(repo, relative, &text)?;
        }
        copy.write(&name, text.as_bytes())?;
    }
    Ok(())
}

/// A labs source of the solved copy as a student who solved it would hand it in: the
/// reference answer that the solutions' side of each switch names is written into the file,
/// as a private module `answer`, so that the file needs nothing the students' copy lacks.
/// `lib.rs` loses its `mod solutions;`.
fn with_the_answer_inline(repo: &Path, relative: &Path, text: &str) -> Result<String, String> {
    if relative == Path::new("lib.rs") {
        return Ok(text
            .lines()
            .filter(|line| line.trim() != "mod solutions;")
            .map(|line| format!("{line}\n"))
            .collect());
    }
    let Some(stem) = relative.to_str().and_then(|name| name.strip_suffix(".rs")) else {
        return Ok(text.to_string());
    };
    let named = format!("crate::solutions::{stem}::");
    if !text.contains(&named) {
        return Ok(text.to_string());
    }
    let answer = read(repo, &format!("crates/labs/src/solutions/{stem}.rs"))?;
    let answer: String = answer
        .lines()
        .map(|line| format!("    {line}\n").replace("    \n", "\n"))
        .collect();
    Ok(format!(
        "{}\n/// The answer.\nmod answer {{\n{answer}}}\n",
        text.replace(&named, "answer::")
    ))
}

/// The attribute that marks the stubs' side of a switch, and the solutions' side.
const STUB_SIDE: &str = "#[cfg(not(feature = \"solutions\"))]";
const SOLVED_SIDE: &str = "#[cfg(feature = \"solutions\")]";
/// The lines between these comments are for the repository only (they speak of the
/// solutions); the students' copy leaves them out.
const REPOSITORY_ONLY: &str = "// repository only:";
const REPOSITORY_ONLY_END: &str = "// end of repository only";

/// The lines between these comments in the labs' tests are for the course's own copy (the
/// repository's and the grading copy): the models the checks ask and what is written from
/// them. The students' copy leaves them out, and asks the models' recorded figures instead.
const GRADING_ONLY: &str = "// grading only:";
const GRADING_ONLY_END: &str = "// end of grading only";
/// Where the labs' tests keep the models' recorded figures, under `crates/labs/tests`.
const FIGURES: &str = "data";

/// A test source of the labs for the copy: without its repository-only lines, and but for
/// `Labs::Graded` without its grading-only lines.
fn tests_for(text: &str, labs: Labs) -> Result<String, String> {
    let text = without_parts(text, REPOSITORY_ONLY, REPOSITORY_ONLY_END)?;
    if labs == Labs::Graded {
        return Ok(text);
    }
    without_parts(&text, GRADING_ONLY, GRADING_ONLY_END)
}

/// `text` without the lines from each `start` comment to the `end` comment after it.
fn without_parts(text: &str, start: &str, end: &str) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut inside = None;
    for (i, line) in text.lines().enumerate() {
        match (inside, line.trim()) {
            (None, trimmed) if trimmed == start => inside = Some(i + 1),
            (Some(_), trimmed) if trimmed == end => inside = None,
            (Some(_), trimmed) if trimmed == start => {
                return Err(format!("line {}: \"{start}\" inside another", i + 1))
            }
            (None, trimmed) if trimmed == end => {
                return Err(format!("line {}: \"{end}\" with no start", i + 1))
            }
            (None, _) => {
                out += line;
                out.push('\n');
            }
            (Some(_), _) => {}
        }
    }
    match inside {
        Some(line) => Err(format!("line {line}: \"{start}\" does not end")),
        None => Ok(out),
    }
}

/// A labs source with each `solutions` switch resolved: the items of the side kept lose their
/// attribute, the items of the other side go, and so do the repository-only lines.
fn one_side(text: &str, labs: Labs) -> Result<String, String> {
    let (kept, dropped) = match labs {
        Labs::Stubs | Labs::Graded => (STUB_SIDE, SOLVED_SIDE),
        Labs::Solved => (SOLVED_SIDE, STUB_SIDE),
    };
    let labs = if labs == Labs::Graded {
        Labs::Stubs
    } else {
        labs
    };
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim();
        if trimmed == REPOSITORY_ONLY {
            while i < lines.len() && lines[i].trim() != REPOSITORY_ONLY_END {
                i += 1;
            }
            if i == lines.len() {
                return Err("a repository-only part that does not end".to_string());
            }
            i += 1;
        } else if trimmed == kept {
            i += 1;
        } else if trimmed == dropped {
            i = item_end(&lines, i + 1)
                .ok_or_else(|| format!("line {}: the switched item does not end", i + 1))?;
        } else if trimmed.starts_with("#![cfg_attr(") && trimmed.contains("feature = \"solutions\"")
        {
            // A crate attribute for one side: kept unconditionally on its side.
            let on_stubs = trimmed.contains("not(feature = \"solutions\")");
            if on_stubs == (labs == Labs::Stubs) {
                // `#![cfg_attr(<condition>, <attribute>)]`: the attribute follows the
                // condition's last `"solutions"` and its closing parentheses.
                let attribute = trimmed
                    .rsplit_once("\"solutions\"")
                    .map(|(_, rest)| rest.trim_start_matches(')').trim_start_matches(", "))
                    .and_then(|rest| rest.strip_suffix(")]"))
                    .ok_or_else(|| format!("line {}: an unreadable cfg_attr", i + 1))?;
                out.push(format!("#![{attribute}]"));
            }
            i += 1;
        } else {
            out.push(line.to_string());
            i += 1;
        }
    }
    Ok(out.join("\n") + "\n")
}

/// The index just past the item starting at `start`: a statement ending in `;`, or a braced
/// item whose braces close.
fn item_end(lines: &[&str], start: usize) -> Option<usize> {
    let mut depth = 0i32;
    let mut opened = false;
    for (i, line) in lines.iter().enumerate().skip(start) {
        for c in line.chars() {
            match c {
                '{' => {
                    depth += 1;
                    opened = true;
                }
                '}' => depth -= 1,
                _ => {}
            }
        }
        let trimmed = line.trim_end();
        if depth == 0 && (opened || trimmed.ends_with(';')) {
            return Some(i + 1);
        }
    }
    None
}

/// A TOML manifest without the named sections. A paragraph (lines between blank lines) belongs
/// to the first section header in it, or, with none, to the section before it; comments just
/// above a header therefore go with it.
fn without_sections(manifest: &str, left_out: &[&str]) -> String {
    let mut out = Vec::new();
    let mut current_left_out = false;
    for paragraph in manifest.split("\n\n") {
        if let Some(header) = paragraph
            .lines()
            .map(str::trim)
            .find(|line| line.starts_with('['))
        {
            current_left_out = left_out.contains(&header);
        }
        if !current_left_out {
            out.push(paragraph.trim_end_matches('\n'));
        }
    }
    out.join("\n\n") + "\n"
}

/// Checks what the copy must not hold, and that it holds what it names, so that a change in
/// the repository that would leak an answer, or leave the copy short of a file its book or its
/// manifests speak of, stops the copy instead.
pub fn audit(out: &Path, labs: Labs) -> Result<(), String> {
    if labs == Labs::Stubs && out.join("crates/labs/src/solutions").exists() {
        return Err("the copy holds the reference solutions".to_string());
    }
    if labs != Labs::Graded {
        let models = models(&repository())?;
        for path in rust_files(&out.join("crates/labs/tests"))
            .map_err(|err| format!("reading the copy back: {err}"))?
        {
            let text = fs::read_to_string(&path).unwrap_or_default();
            if let Some(model) = model_in(&text, &models) {
                return Err(format!(
                    "{} holds {model}, a model the checks ask that answers an exercise",
                    path.strip_prefix(out).unwrap_or(&path).display()
                ));
            }
        }
    }
    let repository_manifest = read(&repository(), "Cargo.toml")?;
    let declared = declared_packages(out)?;
    for path in text_files(out).map_err(|err| format!("reading the copy back: {err}"))? {
        let text = fs::read_to_string(&path).unwrap_or_default();
        let relative = path
            .strip_prefix(out)
            .unwrap_or(&path)
            .display()
            .to_string();
        if text.contains("feature = \"solutions\"") || text.contains("features = [\"solutions\"]") {
            return Err(format!("{relative} still switches on the solutions"));
        }
        if labs == Labs::Stubs && relative.starts_with("crates/labs") && text.contains("solution") {
            return Err(format!("{relative} speaks of the solutions"));
        }
        if relative.starts_with("docs") && text.to_lowercase().contains("instructors.md") {
            return Err(format!("{relative} links the instructors' guide"));
        }
        if relative.starts_with("docs/src") && relative.ends_with(".md") {
            if let Some(missing) = named_files(&text).find(|name| !holds(out, name)) {
                return Err(format!("{relative} names {missing}, which the copy lacks"));
            }
        }
        if relative.ends_with("Cargo.toml") {
            for comment in text
                .lines()
                .filter_map(|line| line.split_once('#').map(|(_, c)| c))
            {
                let undeclared = dependency_names(&repository_manifest)
                    .chain(
                        comment
                            .split(|c: char| !(c.is_alphanumeric() || c == '-'))
                            .filter(|word| word.starts_with("boardlab-")),
                    )
                    .find(|name| {
                        !declared.contains(*name)
                            && comment
                                .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
                                .any(|word| word == *name)
                    });
                if let Some(name) = undeclared {
                    return Err(format!(
                        "{relative} names {name} in a comment, which the copy lacks"
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The models of the labs' checks, by name: each answers an exercise (or is most of an answer),
/// so the students' copy must hold none of them. The course's own copy keeps them in the
/// grading-only parts of the tests, and every item defined there counts too ([`models`]);
/// this list also catches one of these moved out of them.
const MODELS: &[&str] = &[
    // board_search: the specified search, its quiescence, probe, entry, order and rewards.
    "Model",
    "model_search",
    "the_model",
    "model_quiescence",
    "model_probe",
    "model_probe_with",
    "model_entry",
    "model_order",
    "model_reward",
    // search: the minimax the negamax check compares with, fail-soft alpha-beta, the
    // quiescence search's rules and the parts it is made of, negamax without a window.
    "minimax",
    "reference_alpha_beta",
    "reference_quiescence",
    "captures_to_try",
    "search_moves",
    "no_pruning",
    // hyperbola: the walk of any line, rank by rank.
    "rank_walk",
    // move_encoding: the fields packed and unpacked.
    "expected_bits",
    "expected_fields",
];

/// Every model the students' copy must not hold: [`MODELS`], and every item the repository's
/// labs tests define in their grading-only parts and nowhere else (a helper's name may be
/// defined on both sides, or in two test files).
fn models(repo: &Path) -> Result<BTreeSet<String>, String> {
    let tests = repo.join("crates/labs/tests");
    let (mut graded, mut kept) = (BTreeSet::new(), BTreeSet::new());
    for path in rust_files(&tests).map_err(|err| format!("crates/labs/tests: {err}"))? {
        let text = fs::read_to_string(&path).map_err(|err| format!("{}: {err}", path.display()))?;
        let problem = |problem: String| format!("{}: {problem}", path.display());
        let course = without_parts(&text, REPOSITORY_ONLY, REPOSITORY_ONLY_END).map_err(problem)?;
        let students = tests_for(&text, Labs::Stubs).map_err(problem)?;
        graded.extend(defined(&course).map(str::to_string));
        kept.extend(defined(&students).map(str::to_string));
    }
    let mut models: BTreeSet<String> = MODELS.iter().map(|name| name.to_string()).collect();
    models.extend(graded.difference(&kept).cloned());
    Ok(models)
}

/// The first of `models` that the test source `text` defines.
fn model_in(text: &str, models: &BTreeSet<String>) -> Option<String> {
    defined(text)
        .find(|name| models.contains(*name))
        .map(str::to_string)
}

/// The names of the items a Rust source defines: each word after `fn`, `struct`, `enum`,
/// `type`, `trait`, `const`, `static` or `macro_rules!`.
fn defined(text: &str) -> impl Iterator<Item = &str> {
    let words: Vec<&str> = text
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '!'))
        .filter(|word| !word.is_empty())
        .collect();
    let names: Vec<&str> = words
        .windows(2)
        .filter(|pair| {
            [
                "fn",
                "struct",
                "enum",
                "type",
                "trait",
                "const",
                "static",
                "macro_rules!",
            ]
            .contains(&pair[0])
        })
        .map(|pair| pair[1].trim_end_matches('!'))
        .collect();
    names.into_iter()
}

/// The top-level folders of the repository: a word of the book that starts with one of them
/// and names a file is a path.
const PATH_STARTS: &[&str] = &[
    "benches/",
    "crates/",
    "deploy/",
    "docs/",
    "examples/",
    "fuzz/",
    "src/",
    "tests/",
    ".ci/",
    ".cargo/",
];

/// The paths of files a chapter names: words (between backticks, spaces and brackets) that
/// start with a top-level folder and end in a file name with an extension, but for the
/// generated book.
fn named_files(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || "`()[]<>\"',;:".contains(c))
        .map(|word| word.trim_end_matches(['.', '…']))
        .filter(|word| PATH_STARTS.iter().any(|start| word.starts_with(start)))
        // What `mdbook build docs` writes.
        .filter(|word| !word.starts_with("docs/book/"))
        .filter(|word| {
            let file = word.rsplit('/').next().unwrap_or(word);
            file.contains('.') && !word.contains(['*', '…', '{', '$']) && !word.contains("NAME")
        })
}

/// Whether the copy holds `name`, a file named in its book: at the top of the copy, or (for a
/// crate's own file such as `tests/conformance.rs`) in one of its crates.
fn holds(out: &Path, name: &str) -> bool {
    out.join(name).exists()
        || fs::read_dir(out.join("crates")).is_ok_and(|crates| {
            crates
                .flatten()
                .any(|entry| entry.path().join(name).exists())
        })
}

/// The packages the copy declares or depends on: every `name = "…"` and every dependency key
/// of its manifests.
fn declared_packages(out: &Path) -> Result<BTreeSet<String>, String> {
    let mut declared = BTreeSet::new();
    for path in text_files(out).map_err(|err| format!("reading the copy back: {err}"))? {
        if path.file_name().is_some_and(|name| name == "Cargo.toml") {
            let text = fs::read_to_string(&path).unwrap_or_default();
            declared.extend(dependency_names(&text).map(str::to_string));
            declared.extend(text.lines().filter_map(|line| {
                let value = line.trim().strip_prefix("name = \"")?;
                Some(value.trim_end_matches('"').to_string())
            }));
        }
    }
    Ok(declared)
}

/// The keys of a manifest's dependency lines (`name = …` or `name.workspace = true` under a
/// `[…dependencies]` header).
fn dependency_names(manifest: &str) -> impl Iterator<Item = &str> {
    let mut in_dependencies = false;
    manifest.lines().filter_map(move |line| {
        let line = line.trim();
        if line.starts_with('[') {
            in_dependencies = line.ends_with("dependencies]");
            return None;
        }
        if !in_dependencies || line.starts_with('#') {
            return None;
        }
        let key = line.split(['=', '.']).next()?.trim();
        (!key.is_empty()).then_some(key)
    })
}

/// Every file under `dir`, sorted.
fn all_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    if !dir.exists() {
        return Ok(files);
    }
    let mut pending = vec![dir.to_path_buf()];
    while let Some(next) = pending.pop() {
        for entry in fs::read_dir(&next)? {
            let path = entry?.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    Ok(text_files(dir)?
        .into_iter()
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .collect())
}

/// Every file under `dir` whose name ends in a text extension, sorted, but for build output.
fn text_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    Ok(all_files(dir)?
        .into_iter()
        .filter(|path| {
            !path
                .strip_prefix(dir)
                .is_ok_and(|p| p.starts_with("target"))
        })
        .filter(|path| {
            path.extension().is_some_and(|ext| {
                ["rs", "md", "toml", "txt", "svg", "css", "c"]
                    .contains(&ext.to_string_lossy().as_ref())
            })
        })
        .collect())
}

fn read(root: &Path, name: &str) -> Result<String, String> {
    fs::read_to_string(root.join(name)).map_err(|err| format!("{name}: {err}"))
}

/// The students' README.
const STUDENTS_README: &str = "# boardlab: the course's workspace

Chess board representations side by side, and the labs of the course that teaches them. The
book is in `docs/` (`mdbook build docs`, then open `docs/book/index.html`); its chapter \"Your
first hour\" shows how to build everything.

## The labs

Each lab is a function (or, for the staged move picker and the capstone, a type) in
`crates/labs/src/` whose body is `todo!()`. Write it, then run its tests by name:

```sh
cargo test -p boardlab-labs x88_knight
```

## Grading

Your labs are graded from your answer files alone: the files of `crates/labs/src/` named after
the labs (`x88.rs`, `perft.rs`, `capstone.rs`, …). The grading puts the course's own version of
everything else in their place (the labs' tests, the scaffolding in `crates/labs/src/scaffold/`
that the exercises are written against and the tests read, `lib.rs` and the manifests), runs the
labs' tests, and gives each lab its mark: a lab counts when all its tests pass. Changing a test
or the scaffolding in your copy changes nothing in your marks. Some checks compare your answers
with a reference's answers, recorded in `crates/labs/tests/data/`; the grading asks the
reference itself, and for the search lab (`board_search.rs`) on positions the recorded figures
leave out too. Run the tests yourself, the grading's own but for those two differences (it asks
the references where your copy reads their recorded answers, and searches positions your copy
does not record):

```sh
cargo test -p boardlab-labs
```

Until a lab is solved its tests fail with the `todo!()` message, which names the chapter section
to read, all but the course's checks of its own checks, which pass from the start: the tests
named `..._check_rejects_wrong_answers` show that each lab's check fails wrong answers, and
those named `..._reference_is_...` that what a check compares with is what it claims. The
capstone's tests alone:

```sh
cargo test -p boardlab-labs --test capstone
```

The course's weeks, readings and written exercises are in the book's chapter \"The course\".
";

#[cfg(test)]
mod tests {
    use super::*;

    /// The labs' test sources of the repository.
    fn test_sources() -> Vec<(PathBuf, String)> {
        let tests = repository().join("crates/labs/tests");
        rust_files(&tests)
            .expect("the labs' tests")
            .into_iter()
            .map(|path| {
                let text = fs::read_to_string(&path).expect("a test source");
                (path, text)
            })
            .collect()
    }

    #[test]
    fn the_students_tests_hold_no_model_and_a_model_put_back_is_found() {
        let models = models(&repository()).expect("the models");
        for name in ["model_search", "reference_alpha_beta", "rank_walk", "live"] {
            assert!(models.contains(name), "{name} among {models:?}");
        }
        let mut parts = 0;
        for (path, text) in test_sources() {
            let students = tests_for(&text, Labs::Stubs).expect("the students' side");
            assert_eq!(model_in(&students, &models), None, "{}", path.display());
            assert!(!students.contains(GRADING_ONLY) && !students.contains(REPOSITORY_ONLY));
            // The shortcut: the grading-only parts' markers dropped, so that what they hold
            // stays in the students' copy.
            if text.contains(GRADING_ONLY) {
                parts += 1;
                let unmarked: String = text
                    .lines()
                    .filter(|line| ![GRADING_ONLY, GRADING_ONLY_END].contains(&line.trim()))
                    .map(|line| format!("{line}\n"))
                    .collect();
                let students = tests_for(&unmarked, Labs::Stubs).expect("the students' side");
                assert!(
                    model_in(&students, &models).is_some(),
                    "{}: a model put back is not found",
                    path.display()
                );
            }
            // The grading copy keeps the parts.
            let graded = tests_for(&text, Labs::Graded).expect("the course's side");
            assert_eq!(graded.contains(GRADING_ONLY), text.contains(GRADING_ONLY));
        }
        assert!(
            parts >= 5,
            "only {parts} test sources with grading-only parts"
        );
    }

    #[test]
    fn parts_must_end_and_not_nest() {
        let (start, end) = (GRADING_ONLY, GRADING_ONLY_END);
        assert_eq!(
            without_parts(&format!("a\n{start}\nb\n{end}\nc\n"), start, end),
            Ok("a\nc\n".to_string())
        );
        for broken in [
            format!("a\n{start}\nb\n"),
            format!("{start}\n{start}\n{end}\n"),
            format!("a\n{end}\n"),
        ] {
            assert!(without_parts(&broken, start, end).is_err(), "{broken}");
        }
    }
}

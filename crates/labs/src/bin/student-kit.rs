//! Writes the workspace students get: boardlab with the labs as stubs, the students' book and a
//! README with the grading command, and nothing of the instructors' (no reference solutions,
//! no `solutions` feature, no instructors' guide, no tests of the repository beyond the labs').
//!
//! ```sh
//! cargo run -p boardlab-labs --bin student-kit -- OUT
//! cargo run -p boardlab-labs --bin student-kit -- --solved OUT
//! ```
//!
//! `OUT` must not exist or be empty: the command refuses a non-empty directory in one line,
//! with exit status 2, and writes nothing. `--solved` writes the same copy with the reference
//! solutions in place of the stubs (still without the feature), which is how the repository's
//! test shows that the students' copy passes with a real answer in it.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The repository this binary was built from.
fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Which side of the labs' `solutions` feature the copy keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Labs {
    /// The `todo!()` stubs: the students' copy.
    Stubs,
    /// The reference solutions in place of the stubs.
    Solved,
}

/// The top-level files and folders of the repository the copy takes, besides the root
/// manifest and the labs, which are rewritten. The repository's own tests, benches, fuzz
/// targets, deployment files and CI script stay behind: they test boardlab, not the students'
/// answers, and some of them read the instructors' guide.
const TAKEN: &[&str] = &[
    "Cargo.lock",
    ".cargo",
    ".gitignore",
    "build.rs",
    "src",
    "examples/planted_bug",
    "docs/book.toml",
    "docs/src",
    "docs/theme",
];

/// The root manifest's sections the copy leaves out: the repository's own test and bench
/// dependencies (among them the labs with their solutions switched on), its benches, the
/// bench's feature, and the paragraph of profile settings for those dependencies, which cargo
/// would warn about in a workspace without them.
const ROOT_SECTIONS_LEFT_OUT: &[&str] = &[
    "[dev-dependencies]",
    "[[bench]]",
    "[features]",
    "[profile.dev.package.shakmaty]",
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (labs, out) = match args.as_slice() {
        [out] if !out.starts_with('-') => (Labs::Stubs, out),
        [flag, out] if flag == "--solved" => (Labs::Solved, out),
        _ => {
            eprintln!("error: usage: student-kit [--solved] OUT");
            return ExitCode::from(2);
        }
    };
    let out = Path::new(out);
    let occupied = fs::read_dir(out).is_ok_and(|mut entries| entries.next().is_some());
    if occupied || (out.exists() && !out.is_dir()) {
        eprintln!(
            "error: {} exists and is not empty; give a new or empty directory",
            out.display()
        );
        return ExitCode::from(2);
    }
    match write_copy(&repository(), out, labs).and_then(|()| audit(out, labs)) {
        Ok(()) => {
            println!("{}", out.display());
            ExitCode::SUCCESS
        }
        Err(problem) => {
            eprintln!("error: {problem}");
            ExitCode::FAILURE
        }
    }
}

/// Writes the whole copy into `out`.
fn write_copy(repo: &Path, out: &Path, labs: Labs) -> Result<(), String> {
    let io = |what: &str, err: io::Error| format!("{what}: {err}");
    fs::create_dir_all(out).map_err(|err| io(&out.display().to_string(), err))?;
    for taken in TAKEN {
        copy_tree(&repo.join(taken), &out.join(taken)).map_err(|err| io(taken, err))?;
    }
    let crates = fs::read_dir(repo.join("crates")).map_err(|err| io("crates", err))?;
    for entry in crates {
        let entry = entry.map_err(|err| io("crates", err))?;
        if entry.file_name() != "labs" {
            let name = Path::new("crates").join(entry.file_name());
            copy_tree(&entry.path(), &out.join(&name))
                .map_err(|err| io(&name.display().to_string(), err))?;
        }
    }
    let manifest = read(repo, "Cargo.toml")?;
    write(
        out,
        "Cargo.toml",
        &without_sections(&manifest, ROOT_SECTIONS_LEFT_OUT),
    )?;
    write(out, "README.md", STUDENTS_README)?;
    write_labs(repo, out, labs)
}

/// The labs crate: its manifest without the feature, its sources with the chosen side of each
/// `solutions` switch, its tests, and the capstone's perftree script; the reference solutions
/// only for `Labs::Solved`, and this program never.
fn write_labs(repo: &Path, out: &Path, labs: Labs) -> Result<(), String> {
    let manifest = read(repo, "crates/labs/Cargo.toml")?;
    write(
        out,
        "crates/labs/Cargo.toml",
        &without_sections(&manifest, &["[features]"]),
    )?;
    copy_tree(
        &repo.join("crates/labs/tests"),
        &out.join("crates/labs/tests"),
    )
    .map_err(|err| format!("crates/labs/tests: {err}"))?;
    let sources = repo.join("crates/labs/src");
    for path in rust_files(&sources).map_err(|err| format!("crates/labs/src: {err}"))? {
        let relative = path.strip_prefix(&sources).unwrap_or(&path);
        let in_solutions = relative.starts_with("solutions");
        if relative == Path::new("bin/student-kit.rs") || (in_solutions && labs == Labs::Stubs) {
            continue;
        }
        let name = Path::new("crates/labs/src").join(relative);
        let text = read(repo, &name.display().to_string())?;
        let text = if in_solutions {
            text
        } else {
            one_side(&text, labs).map_err(|problem| format!("{}: {problem}", name.display()))?
        };
        write(out, &name.display().to_string(), &text)?;
    }
    Ok(())
}

/// The attribute that marks the stubs' side of a switch, and the solutions' side.
const STUB_SIDE: &str = "#[cfg(not(feature = \"solutions\"))]";
const SOLVED_SIDE: &str = "#[cfg(feature = \"solutions\")]";
/// The lines between these comments are for the repository only (they speak of the
/// solutions); the students' copy leaves them out.
const REPOSITORY_ONLY: &str = "// repository only:";
const REPOSITORY_ONLY_END: &str = "// end of repository only";

/// A labs source with each `solutions` switch resolved: the items of the side kept lose their
/// attribute, the items of the other side go, and so do the repository-only lines.
fn one_side(text: &str, labs: Labs) -> Result<String, String> {
    let (kept, dropped) = match labs {
        Labs::Stubs => (STUB_SIDE, SOLVED_SIDE),
        Labs::Solved => (SOLVED_SIDE, STUB_SIDE),
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

/// Checks what the copy must not hold, so that a change in the repository that would leak an
/// answer stops the copy instead.
fn audit(out: &Path, labs: Labs) -> Result<(), String> {
    if labs == Labs::Stubs && out.join("crates/labs/src/solutions").exists() {
        return Err("the copy holds the reference solutions".to_string());
    }
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
    }
    Ok(())
}

/// Copies a file or a folder, skipping build output.
fn copy_tree(from: &Path, to: &Path) -> io::Result<()> {
    if from.is_dir() {
        fs::create_dir_all(to)?;
        for entry in fs::read_dir(from)? {
            let entry = entry?;
            let name = entry.file_name();
            if name == "target" || name == "book" {
                continue;
            }
            copy_tree(&entry.path(), &to.join(&name))?;
        }
        Ok(())
    } else {
        if let Some(parent) = to.parent() {
            fs::create_dir_all(parent)?;
        }
        fs::copy(from, to).map(|_| ())
    }
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    Ok(text_files(dir)?
        .into_iter()
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .collect())
}

/// Every file under `dir` whose name ends in a text extension, sorted.
fn text_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(next) = pending.pop() {
        for entry in fs::read_dir(&next)? {
            let path = entry?.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| {
                ["rs", "md", "toml", "txt", "svg", "css", "c"]
                    .contains(&ext.to_string_lossy().as_ref())
            }) {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

fn read(root: &Path, name: &str) -> Result<String, String> {
    fs::read_to_string(root.join(name)).map_err(|err| format!("{name}: {err}"))
}

fn write(root: &Path, name: &str, text: &str) -> Result<(), String> {
    let path = root.join(name);
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).map_err(|err| format!("{name}: {err}"))?;
    }
    fs::write(&path, text).map_err(|err| format!("{name}: {err}"))
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

Your labs are graded by the command

```sh
cargo test -p boardlab-labs
```

Every test must pass. Until a lab is solved its tests fail with the `todo!()` message, which
names the chapter section to read. The tests named `..._check_rejects_wrong_answers` pass from
the start: they show that each lab's check fails wrong answers. The capstone's tests alone:

```sh
cargo test -p boardlab-labs --test capstone
```

The course's weeks, readings and written exercises are in the book's chapter \"The course\".
";

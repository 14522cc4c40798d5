//! The documentation's command examples print what they show.
//!
//! Every fenced ```` ```text ```` block of `README.md`, `docs/*.md` and
//! `crates/*/README.md` whose first line starts with `$ ` is a session. Each `$ ` line
//! (with the lines it continues onto by a final `\`) is a command, run by `sh -c` with
//! the freshly built `bitdoku` first on `PATH`; the lines after it, up to the next `$ `
//! line, are its standard output, compared line for line (stderr only when the command
//! sends it there with `2>&1`). A line `...` matches any run of lines, none included.
//!
//! The commands of a session run in a scratch directory of their own that links every
//! entry of the repository's root: paths read as from the root, and a file a command
//! writes (`> sixteen.txt`) lands in the scratch directory, not in the checkout.
//!
//! A session whose output cannot be checked honestly says why in its info string,
//! ```` ```text unchecked=REASON ```` with a reason of [`REASONS`]; it is counted and
//! skipped (`findings.rs` still runs its `bitdoku` commands). Any other word there is an
//! error, and so is a `$ ` line outside a ```` ```text ```` block.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

// Only `common::bin` is used here.
#[allow(dead_code)]
mod common;

/// Why a session may be left unchecked: its output depends on the clock or the load
/// (`timing`), on the CPU (`machine`), or on data outside the repository or the
/// network (`outside`).
const REASONS: [&str; 3] = ["timing", "machine", "outside"];

/// What one command may take, so that a command that hangs fails the test.
const COMMAND_LIMIT: Duration = Duration::from_secs(60);

/// A `$ ` line with its continuation lines, and the output shown after it.
struct Example {
    /// The line of the `$ `, from 1.
    line: usize,
    /// The command as written, continuation lines included, without the `$ `.
    text: String,
    /// The output shown, one entry per line; `...` matches any run of lines.
    expected: Vec<String>,
}

/// A ```` ```text ```` block of `$ ` commands: they run in one scratch directory, in
/// order.
struct Session {
    page: String,
    commands: Vec<Example>,
}

/// What the pages hold: the sessions to check, the unchecked ones by reason, and the
/// errors of form.
#[derive(Default)]
struct Found {
    sessions: Vec<Session>,
    unchecked: Vec<(String, usize, String)>,
    errors: Vec<String>,
}

fn root() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .canonicalize()
        .unwrap()
}

/// `README.md`, `docs/*.md` and `crates/*/README.md`, relative to the root.
fn pages(root: &Path) -> Vec<String> {
    let mut pages = vec!["README.md".to_string()];
    let mut docs: Vec<String> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".md"))
        .map(|name| format!("docs/{name}"))
        .collect();
    docs.sort();
    let mut crates: Vec<String> = std::fs::read_dir(root.join("crates"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .map(|name| format!("crates/{name}/README.md"))
        .filter(|page| root.join(page).is_file())
        .collect();
    crates.sort();
    pages.extend(docs);
    pages.extend(crates);
    pages
}

/// Reads the sessions of one page into `found`.
fn read_page(page: &str, text: &str, found: &mut Found) {
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let opening = lines[i].trim_start();
        let ticks = opening.len() - opening.trim_start_matches('`').len();
        if ticks < 3 {
            i += 1;
            continue;
        }
        let info = opening[ticks..].trim();
        let start = i + 1;
        let mut end = start;
        while end < lines.len() {
            let line = lines[end].trim();
            if line.len() >= ticks && line.bytes().all(|b| b == b'`') {
                break;
            }
            end += 1;
        }
        if end == lines.len() {
            found
                .errors
                .push(format!("{page}:{}: a code block is not closed", i + 1));
            return;
        }
        read_block(page, start, info, &lines[start..end], found);
        i = end + 1;
    }
}

/// Reads one fenced block whose first line is line `start` (from 0) of `page`.
fn read_block(page: &str, start: usize, info: &str, body: &[&str], found: &mut Found) {
    let at = |k: usize| format!("{page}:{}", start + k + 1);
    let mut words = info.split_whitespace();
    let lang = words.next().unwrap_or("");
    let markers: Vec<&str> = words.collect();
    let first_command = body.iter().position(|l| l.starts_with("$ "));
    if lang != "text" {
        if let Some(k) = first_command {
            found.errors.push(format!(
                "{}: a `$ ` line in a ```{info} block: write the session as a ```text block",
                at(k)
            ));
        }
        return;
    }
    let mut unchecked = None;
    for marker in &markers {
        match marker.strip_prefix("unchecked=") {
            Some(reason) if REASONS.contains(&reason) && unchecked.is_none() => {
                unchecked = Some(reason)
            }
            _ => found.errors.push(format!(
                "{}:{}: unknown or repeated marker {marker:?} in ```{info} (known: {})",
                page,
                start,
                REASONS.map(|r| format!("unchecked={r}")).join(", ")
            )),
        }
    }
    match first_command {
        None => {
            if !markers.is_empty() {
                found.errors.push(format!(
                    "{page}:{start}: ```{info} marks a block that has no `$ ` command"
                ));
            }
            return;
        }
        Some(0) => {}
        Some(k) => {
            found.errors.push(format!(
                "{}: a session's first line must be its first `$ ` command",
                at(k)
            ));
            return;
        }
    }
    if let Some(reason) = unchecked {
        found
            .unchecked
            .push((page.to_string(), start, reason.to_string()));
        return;
    }
    let mut commands: Vec<Example> = Vec::new();
    let mut k = 0;
    while k < body.len() {
        if let Some(first) = body[k].strip_prefix("$ ") {
            let line = start + k + 1;
            let mut text = first.to_string();
            while body[k].ends_with('\\') {
                k += 1;
                if k == body.len() {
                    found.errors.push(format!(
                        "{page}:{line}: the command goes on past the end of its block"
                    ));
                    return;
                }
                text.push('\n');
                text.push_str(body[k]);
            }
            commands.push(Example {
                line,
                text,
                expected: Vec::new(),
            });
        } else {
            let last = commands.last_mut().expect("the block starts with `$ `");
            last.expected.push(body[k].to_string());
        }
        k += 1;
    }
    found.sessions.push(Session {
        page: page.to_string(),
        commands,
    });
}

/// Whether `actual` is `expected`, each `...` of `expected` standing for any run of
/// lines.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, more)| line == first && matches(rest, more)),
    }
}

/// What a command printed.
struct Ran {
    stdout: String,
    stderr: String,
    status: String,
}

/// Runs `command` by `sh -c` in `dir` with `path` as `PATH`, within [`COMMAND_LIMIT`].
fn run(command: &str, dir: &Path, path: &str) -> Ran {
    let mut child = Command::new("sh")
        .args(["-c", command])
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .unwrap();
    let drain = |mut from: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = from.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break format!("{status}");
        }
        if started.elapsed() > COMMAND_LIMIT {
            // The whole process group: `sh` and whatever it started.
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .status();
            let _ = child.wait();
            break format!("killed after {COMMAND_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Ran {
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
        status,
    }
}

/// A scratch directory that links every entry of `root`.
fn scratch(root: &Path, dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    for entry in std::fs::read_dir(root).unwrap() {
        let name = entry.unwrap().file_name();
        std::os::unix::fs::symlink(root.join(&name), dir.join(&name)).unwrap();
    }
}

/// Runs the commands of `session` in order; a failure for each command whose output
/// is not the one shown.
fn check(session: &Session, root: &Path, dir: &Path, path: &str) -> Vec<String> {
    scratch(root, dir);
    let mut failures = Vec::new();
    for command in &session.commands {
        let ran = run(&command.text, dir, path);
        let actual: Vec<&str> = ran.stdout.lines().collect();
        if matches(&command.expected, &actual) {
            continue;
        }
        let quote = |lines: &mut dyn Iterator<Item = &str>| {
            lines.map(|l| format!("  | {l}\n")).collect::<String>()
        };
        let first_difference = command
            .expected
            .iter()
            .zip(actual.iter().chain(std::iter::repeat(&"<no more output>")))
            .take_while(|(e, _)| *e != "...")
            .enumerate()
            .find(|(_, (e, a))| e != a)
            .map(|(k, (e, a))| {
                format!(
                    "first difference, output line {}: shown {e:?}, printed {a:?}\n",
                    k + 1
                )
            })
            .unwrap_or_default();
        failures.push(format!(
            "{}:{}: $ {}\nshown:\n{}printed ({}):\n{}{}{}",
            session.page,
            command.line,
            command.text,
            quote(&mut command.expected.iter().map(String::as_str)),
            ran.status,
            quote(&mut actual.iter().copied()),
            if ran.stderr.is_empty() {
                String::new()
            } else {
                format!("stderr:\n{}", quote(&mut ran.stderr.lines()))
            },
            first_difference,
        ));
    }
    failures
}

#[test]
fn every_session_of_the_docs_prints_what_it_shows() {
    let root = root();
    let mut found = Found::default();
    let pages = pages(&root);
    for page in &pages {
        let text = std::fs::read_to_string(root.join(page)).unwrap();
        read_page(page, &text, &mut found);
    }
    assert!(
        found.errors.is_empty(),
        "the docs' sessions are malformed:\n{}",
        found.errors.join("\n")
    );
    // The pages must hold sessions: a checker that finds none checks nothing.
    let commands: usize = found.sessions.iter().map(|s| s.commands.len()).sum();
    assert!(
        found.sessions.len() >= 20 && commands >= 25,
        "{} sessions",
        found.sessions.len()
    );

    // `bitdoku` on PATH is the binary under test, whatever its file is called.
    let work = std::env::temp_dir().join(format!("bitdoku-docs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    let bin_dir = work.join("bin");
    std::fs::create_dir_all(&bin_dir).unwrap();
    std::os::unix::fs::symlink(common::bin(), bin_dir.join("bitdoku")).unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );

    // The sessions on a few threads, each in its own scratch directory.
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(session) = found.sessions.get(i) else {
                    break;
                };
                let dir = work.join(format!("session-{i}"));
                let mut failed = check(session, &root, &dir, &path);
                failures.lock().unwrap().append(&mut failed);
            });
        }
    });
    std::fs::remove_dir_all(&work).unwrap();

    let mut by_reason: Vec<String> = REASONS
        .iter()
        .map(|r| {
            let n = found.unchecked.iter().filter(|u| u.2 == *r).count();
            format!("{n} {r}")
        })
        .collect();
    by_reason.retain(|r| !r.starts_with("0 "));
    println!(
        "{} sessions ({commands} commands) on {} pages checked; {} unchecked ({}): {}",
        found.sessions.len(),
        pages.len(),
        found.unchecked.len(),
        by_reason.join(", "),
        found
            .unchecked
            .iter()
            .map(|(page, line, reason)| format!("{page}:{line} {reason}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mut failures = failures.into_inner().unwrap();
    failures.sort();
    assert!(
        failures.is_empty(),
        "{} command(s) of the docs do not print what the docs show:\n\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn dots_match_any_run_of_lines() {
    let shown = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(matches(&shown(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(matches(&shown(&["a", "...", "b"]), &["a", "b"]));
    assert!(matches(&shown(&["..."]), &[]));
    assert!(!matches(&shown(&["a", "...", "d"]), &["a", "b", "c"]));
    assert!(!matches(&shown(&["a", "b"]), &["a", "b", "c"]));
    assert!(!matches(&shown(&["a", "b "]), &["a", "b"]));
}

#[test]
fn malformed_blocks_are_errors() {
    let read = |text: &str| {
        let mut found = Found::default();
        read_page("page.md", text, &mut found);
        found
    };
    let found = read("```text\n$ bitdoku --version\nbitdoku\n$ true\n```\n");
    assert!(found.errors.is_empty(), "{:?}", found.errors);
    assert_eq!(found.sessions[0].commands.len(), 2);
    assert_eq!(found.sessions[0].commands[1].line, 4);
    let found = read("```text unchecked=timing\n$ bitdoku solve --stats\n```\n");
    assert!(found.errors.is_empty() && found.sessions.is_empty());
    assert_eq!(found.unchecked, [("page.md".into(), 1, "timing".into())]);
    for bad in [
        "```text unchecked\n$ true\n```\n",
        "```text unchecked=slow\n$ true\n```\n",
        "```text unchecked=timing unchecked=machine\n$ true\n```\n",
        "```text unchecked=timing\nno command\n```\n",
        "```text\noutput first\n$ true\n```\n",
        "```sh\n$ true\n```\n",
        "```text\n$ true \\\n```\n",
        "```text\n$ true\n",
    ] {
        assert!(!read(bad).errors.is_empty(), "{bad:?}");
    }
    let found = read("```text\n$ printf 'a\\n' \\\n    | cat\na\n```\n");
    assert_eq!(
        found.sessions[0].commands[0].text,
        "printf 'a\\n' \\\n    | cat"
    );
    assert_eq!(found.sessions[0].commands[0].expected, ["a"]);
}

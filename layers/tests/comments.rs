//! Every source path a comment names exists: a reader who follows one finds the file.
//!
//! A comment's path starts with one of the project's folders (`src/`, `crates/`, `scripts/`,
//! ...) and is looked up from the workspace's root, from the crate that holds the comment (a
//! crate names its own test data from its folder), or from the comment's own folder. Paths with a
//! placeholder (`locales/<lang>/...`, `style/*.css`) name a pattern, not a file, and are left
//! alone. Comments are found by their markers (`//`, `/*`, ` * ` and `#` lines): a marker inside
//! a string may count a little more text as comment, never less.

use std::path::{Path, PathBuf};

/// The folders a path in a comment starts with.
const FOLDERS: [&str; 10] = [
    "src", "crates", "scripts", "docs", "style", "public", "tests", "layers", "locales", "vendor",
];

/// The files read: every text file of these kinds under the workspace, but the build's output.
const KINDS: [&str; 8] = ["rs", "toml", "css", "mjs", "js", "sh", "html", "json"];
const SKIP: [&str; 6] = ["target", "node_modules", "dist", ".git", "vendor", "fuzz"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !SKIP.contains(&name.as_str()) {
                files(&path, out);
            }
        } else if path
            .extension()
            .is_some_and(|e| KINDS.contains(&e.to_string_lossy().as_ref()))
        {
            out.push(path);
        }
    }
}

/// The comment text of a line of a file of `kind`, if any.
fn comment(line: &str, kind: &str) -> Option<String> {
    let hash = matches!(kind, "toml" | "sh");
    let marker = if hash { "#" } else { "//" };
    if let Some(i) = line.find(marker) {
        return Some(line[i..].to_string());
    }
    let t = line.trim_start();
    if !hash && (t.starts_with("/*") || t.starts_with("* ") || t.starts_with("<!--")) {
        return Some(t.to_string());
    }
    None
}

/// The paths a comment names: a project folder, then at least one more segment.
fn paths(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let is_path = |c: char| c.is_alphanumeric() || "_./-<>*".contains(c);
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let boundary = i == 0 || !(is_path(chars[i - 1]) || chars[i - 1] == ':');
        if boundary && is_path(chars[i]) {
            let start = i;
            while i < chars.len() && is_path(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let word = word.trim_end_matches(['.', '-', '/']).to_string();
            let first = word.split('/').next().unwrap_or("");
            if FOLDERS.contains(&first) && word.contains('/') && !word.contains(['<', '>', '*']) {
                out.push(word);
            }
        } else {
            i += 1;
        }
    }
    out
}

/// The folder of the crate holding `file` (the nearest folder with a Cargo.toml).
fn crate_dir(file: &Path) -> Option<PathBuf> {
    file.ancestors()
        .skip(1)
        .find(|d| d.join("Cargo.toml").is_file())
        .map(Path::to_path_buf)
}

#[test]
fn every_source_path_named_in_a_comment_exists() {
    let root = root();
    let mut all = Vec::new();
    for top in FOLDERS
        .iter()
        .chain(&["index.html", "Cargo.toml", "Trunk.toml", "build.rs"])
    {
        let p = root.join(top);
        if p.is_dir() {
            if *top != "vendor" {
                files(&p, &mut all);
            }
        } else if p.is_file() {
            all.push(p);
        }
    }
    assert!(all.len() > 100, "the sources were not found");
    let mut missing = Vec::new();
    for file in &all {
        let kind = file.extension().unwrap().to_string_lossy().into_owned();
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        let here = file.parent().unwrap();
        let krate = crate_dir(file);
        for (n, line) in text.lines().enumerate() {
            let Some(c) = comment(line, &kind) else {
                continue;
            };
            for p in paths(&c) {
                let found = root.join(&p).exists()
                    || here.join(&p).exists()
                    || krate.as_ref().is_some_and(|k| k.join(&p).exists());
                if !found {
                    let name = file.strip_prefix(&root).unwrap_or(file).display();
                    missing.push(format!("{name}:{}: {p}", n + 1));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "comments name files that do not exist:\n{}",
        missing.join("\n")
    );
}

/// What clippy's `four_forward_slashes` would say, which Cargo.toml turns off for its cost: a
/// comment opened with four slashes was meant as a doc comment, and rustdoc does not show it.
#[test]
fn no_comment_opens_with_four_slashes() {
    let root = root();
    let mut all = Vec::new();
    for top in ["src", "crates", "layers", "build.rs"] {
        let p = root.join(top);
        if p.is_dir() {
            files(&p, &mut all);
        } else {
            all.push(p);
        }
    }
    let mut found = Vec::new();
    for file in all
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "rs"))
    {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if four_slashes(line) {
                let name = file.strip_prefix(&root).unwrap_or(file).display();
                found.push(format!("{name}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "comments opened with `////` (a doc comment is `///`):\n{}",
        found.join("\n")
    );
}

/// A line that opens with exactly four slashes (five or more are a ruler, as clippy allows).
fn four_slashes(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("////") && !t.starts_with("/////")
}

/// The check finds what it should, so a pass means something.
#[test]
fn the_check_reads_paths_from_comments() {
    assert_eq!(
        comment("let a = 1; // see src/lib.rs.", "rs").as_deref(),
        Some("// see src/lib.rs.")
    );
    assert_eq!(
        comment("x = 1 # crates/engine", "toml").as_deref(),
        Some("# crates/engine")
    );
    assert_eq!(comment("let a = 1;", "rs"), None);
    assert_eq!(
        paths("// `src/ui/board.rs` and (crates/store/src/link.rs), not https://x/src/a.rs"),
        ["src/ui/board.rs", "crates/store/src/link.rs"]
    );
    assert_eq!(
        paths("// locales/<lang>/common.json and style/*.css"),
        Vec::<String>::new()
    );
    assert_eq!(paths("// src/ alone, or docs"), Vec::<String>::new());
    assert!(four_slashes("    //// The board."));
    assert!(!four_slashes("/// The board."));
    assert!(!four_slashes("///////////"));
    assert!(!four_slashes("let url = \"a////b\";"));
}

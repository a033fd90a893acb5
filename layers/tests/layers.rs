//! The app's modules (`../src`) depend one way (run natively by `cargo test --workspace`, and
//! by `scripts/check.sh`):
//!
//! - no cycle among the top-level modules of `src/`;
//! - each layer imports only the layers below it: `core` → `platform` → `i18n` → `services`
//!   → `ui` → `features` → `app` (`core` sees nothing of the app but itself);
//! - nothing but `lib.rs` and `main.rs` imports the root (`app`, or the crate root itself);
//! - a feature (`features/<name>/`) never imports another feature.
//!
//! It reads every `crate::` path of the sources (and `super::` paths that climb out of a
//! top-level module), so it needs no tool beyond `cargo test`.
//!
//! It also reads the `view!` macros for one mistake the compiler accepts: an `on:` listener
//! set on a component (`<Button on:click=..>`) instead of its callback prop (see the header
//! of `src/ui/button.rs`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, lowest first.
const LAYERS: [&str; 6] = ["platform", "i18n", "services", "ui", "features", "app"];

/// A source file of `src/` as a module path: `src/features/play/screen.rs` is
/// `["features", "play", "screen"]`; `mod.rs` is its folder; `lib.rs` is `[]`.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" && stem != "main" {
        parts.push(stem.to_string());
    }
    parts
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            // `src/bin/`, if there is one, holds other crates (binaries), not the library's modules.
            if path.file_name().is_some_and(|n| n != "bin") {
                rust_files(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The source without comments (line and block) and string literals, so that a path in a doc
/// comment or a text counts for nothing; every line keeps its number.
fn code_only(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                if b[i] == b'\n' {
                    out.push('\n');
                }
                i += 1;
            }
            i += 2;
        } else if b[i] == b'"' {
            // A raw string's `#`s are outside the quotes; its body has no `crate::` we want.
            i += 1;
            let mut lines = 0;
            while i < b.len() && b[i] != b'"' {
                if b[i] == b'\\' {
                    i += 1;
                }
                lines += usize::from(b.get(i) == Some(&b'\n'));
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
            // The lines a string spans stay, so that a line of the code keeps its number.
            out.extend(std::iter::repeat_n('\n', lines));
        } else if b[i] == b'\'' && b.get(i + 2) == Some(&b'\'') {
            // A char literal such as '"'.
            i += 3;
        } else {
            let ch = text[i..].chars().next().unwrap();
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every path the code names from the crate root, as its segments (`crate::core::game::Mode`
/// is `["core", "game", "Mode"]`; `crate::{a::b, c}` gives `["a", "b"]` and `["c"]`), and
/// every `super::` path resolved from `module`.
fn crate_paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let starts = |i: usize, s: &str| chars[i..].iter().take(s.len()).copied().eq(s.chars());
    // Inline modules (`mod tests { .. }`): their name and the brace depth inside them.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut i = 0;
    while i < chars.len() {
        let before_ok = i == 0 || !is_ident(chars[i - 1]) && chars[i - 1] != '$';
        match chars[i] {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if inline.last().is_some_and(|(_, d)| *d > depth) {
                    inline.pop();
                }
            }
            _ => {}
        }
        if before_ok && starts(i, "mod ") {
            let mut j = i + 4;
            let start = j;
            while j < chars.len() && is_ident(chars[j]) {
                j += 1;
            }
            let name: String = chars[start..j].iter().collect();
            while j < chars.len() && chars[j].is_whitespace() {
                j += 1;
            }
            if chars.get(j) == Some(&'{') {
                depth += 1;
                inline.push((name, depth));
                i = j + 1;
                continue;
            }
        }
        if before_ok && starts(i, "crate::") {
            i += 7;
            read_tree(&chars, &mut i, Vec::new(), &mut paths);
            continue;
        }
        if before_ok && starts(i, "super::") {
            let mut base = module.to_vec();
            base.extend(inline.iter().map(|(name, _)| name.clone()));
            while starts(i, "super::") {
                base.pop();
                i += 7;
            }
            read_tree(&chars, &mut i, base, &mut paths);
            continue;
        }
        i += 1;
    }
    paths
}

/// Reads a path (or a `{..}` tree of paths) at `i`, each prefixed with `prefix`.
fn read_tree(chars: &[char], i: &mut usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    loop {
        while *i < chars.len() && chars[*i].is_whitespace() {
            *i += 1;
        }
        if chars.get(*i) == Some(&'{') {
            *i += 1;
            loop {
                read_tree(chars, i, path.clone(), out);
                while *i < chars.len() && chars[*i].is_whitespace() {
                    *i += 1;
                }
                // An alias (`self as model`): the name it gives is not a path.
                if chars.get(*i) == Some(&'a')
                    && chars.get(*i + 1) == Some(&'s')
                    && chars.get(*i + 2).is_some_and(|c| c.is_whitespace())
                {
                    *i += 2;
                    while *i < chars.len() && chars[*i].is_whitespace() {
                        *i += 1;
                    }
                    while *i < chars.len() && is_ident(chars[*i]) {
                        *i += 1;
                    }
                    while *i < chars.len() && chars[*i].is_whitespace() {
                        *i += 1;
                    }
                }
                match chars.get(*i) {
                    Some(',') => *i += 1,
                    Some('}') => {
                        *i += 1;
                        break;
                    }
                    _ => return,
                }
                while *i < chars.len() && chars[*i].is_whitespace() {
                    *i += 1;
                }
                if chars.get(*i) == Some(&'}') {
                    *i += 1;
                    break;
                }
            }
            return;
        }
        let start = *i;
        while *i < chars.len() && is_ident(chars[*i]) {
            *i += 1;
        }
        if *i > start {
            path.push(chars[start..*i].iter().collect());
        }
        if chars.get(*i) == Some(&':') && chars.get(*i + 1) == Some(&':') {
            *i += 2;
        } else {
            out.push(path);
            return;
        }
    }
}

struct Import {
    file: String,
    from: Vec<String>,
    to: Vec<String>,
}

fn imports() -> Vec<Import> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    assert!(files.len() > 20, "the sources were not found");
    let mut out = Vec::new();
    for file in files {
        let module = module_path(&src, &file);
        let text = std::fs::read_to_string(&file).unwrap();
        for to in crate_paths(&code_only(&text), &module) {
            out.push(Import {
                file: file.strip_prefix(&src).unwrap().display().to_string(),
                from: module.clone(),
                to,
            });
        }
    }
    out
}

/// The top-level module a path lands in (`None`: the crate root itself, e.g. `crate::App`).
fn top(path: &[String]) -> Option<&str> {
    let first = path.first()?;
    LAYERS.contains(&first.as_str()).then_some(first.as_str())
}

#[test]
fn top_level_modules_form_no_cycle() {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for i in imports() {
        let (Some(from), Some(to)) = (i.from.first(), top(&i.to)) else {
            continue;
        };
        if from != to {
            graph
                .entry(from.clone())
                .or_default()
                .insert(to.to_string());
        }
    }
    // Depth-first search; a back edge is a cycle.
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut cycle = stack[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, stack, done) {
                return Some(cycle);
            }
        }
        stack.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(cycle) = visit(node, &graph, &mut Vec::new(), &mut done) {
            panic!("a cycle among src/'s modules: {}", cycle.join(" -> "));
        }
    }
}

#[test]
fn layers_import_only_the_layers_below() {
    let rank = |m: &str| LAYERS.iter().position(|l| *l == m);
    let mut wrong = Vec::new();
    for i in imports() {
        let Some(from) = i.from.first() else {
            continue; // lib.rs and main.rs compose everything.
        };
        match top(&i.to) {
            None => wrong.push(format!(
                "{} imports the crate root (crate::{})",
                i.file,
                i.to.join("::")
            )),
            Some(to) if rank(to) > rank(from) => wrong.push(format!(
                "{} ({from}) imports {to}: crate::{}",
                i.file,
                i.to.join("::")
            )),
            _ => {}
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn features_never_import_each_other() {
    let mut wrong = Vec::new();
    for i in imports() {
        if i.from.first().map(String::as_str) != Some("features") || i.from.len() < 2 {
            continue;
        }
        if i.to.first().map(String::as_str) == Some("features") {
            if let Some(other) = i.to.get(1) {
                if *other != i.from[1] {
                    wrong.push(format!("{} imports features::{other}", i.file));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "features importing each other:\n{}",
        wrong.join("\n")
    );
}

/// The checks themselves catch what they should (so a passing run means something).
#[test]
fn the_checks_see_imports() {
    let module: Vec<String> = vec!["features".into(), "play".into(), "screen".into()];
    let code = code_only(
        "use crate::{platform::time::now, ui::Board};\n// crate::app in a comment\n\
         let s = \"crate::app\"; use super::super::library::X; crate::App\n\
         mod tests { use super::super::Y; fn f() {} }",
    );
    let paths = crate_paths(&code, &module);
    let tops: Vec<Option<&str>> = paths.iter().map(|p| top(p)).collect();
    assert_eq!(
        tops,
        [
            Some("platform"),
            Some("ui"),
            Some("features"),
            None,
            Some("features")
        ]
    );
    assert_eq!(paths[2], ["features", "library", "X"]);
    // From `features::play::screen::tests`, two levels up is `features::play`.
    assert_eq!(paths[4], ["features", "play", "Y"]);
}

/// Skips the string, char literal or comment that starts at `b[i]`; returns where it ends,
/// or `None` when none starts there. Lifetimes (`'a`) are not literals.
fn skip_literal(b: &[u8], i: usize) -> Option<usize> {
    let at = |k: usize| b.get(k).copied();
    match (b[i], at(i + 1)) {
        (b'/', Some(b'/')) => Some((i..b.len()).find(|&k| b[k] == b'\n').unwrap_or(b.len())),
        (b'/', Some(b'*')) => {
            let mut k = i + 2;
            while k + 1 < b.len() && !(b[k] == b'*' && b[k + 1] == b'/') {
                k += 1;
            }
            Some((k + 2).min(b.len()))
        }
        (b'"', _) => {
            let mut k = i + 1;
            while k < b.len() && b[k] != b'"' {
                k += if b[k] == b'\\' { 2 } else { 1 };
            }
            Some((k + 1).min(b.len()))
        }
        // A raw string, r"..." or r#"..."#, not the end of an identifier such as `for`.
        (b'r', Some(b'"' | b'#')) if i == 0 || !is_ident(b[i - 1] as char) => {
            let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
            let open = i + 1 + hashes;
            if at(open) != Some(b'"') {
                return None;
            }
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            let end = (open + 1..b.len())
                .find(|&k| b[k..].starts_with(&close))
                .map_or(b.len(), |k| k + close.len());
            Some(end)
        }
        (b'\'', Some(b'\\')) => {
            let k = (i + 2..b.len()).find(|&k| b[k] == b'\'').unwrap_or(b.len());
            Some(k + 1)
        }
        (b'\'', Some(_)) => {
            // One character (maybe several bytes) and a closing quote: a char literal.
            let len = std::str::from_utf8(&b[i + 1..(i + 5).min(b.len())])
                .or_else(|e| std::str::from_utf8(&b[i + 1..i + 1 + e.valid_up_to()]))
                .ok()
                .and_then(|s| s.chars().next())
                .map_or(1, char::len_utf8);
            (at(i + 1 + len) == Some(b'\'')).then_some(i + 2 + len)
        }
        _ => None,
    }
}

/// The end of the bracketed group that opens at `b[open]` (just past its closing bracket).
fn group_end(b: &[u8], open: usize) -> usize {
    let mut depth = 0;
    let mut i = open;
    while i < b.len() {
        if let Some(end) = skip_literal(b, i) {
            i = end;
            continue;
        }
        match b[i] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    b.len()
}

/// Every `on:` attribute set on a component in the `view!` macros of `text`: the component's
/// name and the byte offset of the attribute.
///
/// A `view!`'s markup is read at its own level only: a `{..}` block holds Rust (where
/// `Option<String>` is no tag), and a `view!` inside it is read on its own. A tag, which may
/// span many lines, ends at the first `>` outside brackets, as in the macro (an attribute's
/// value with a `>` of its own is written in braces), but for the arrows `->` and `=>`.
fn listeners_on_components(text: &str) -> Vec<(String, usize)> {
    let b = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if let Some(end) = skip_literal(b, i) {
            i = end;
            continue;
        }
        let is_view = b[i..].starts_with(b"view!") && (i == 0 || !is_ident(b[i - 1] as char));
        if !is_view {
            i += 1;
            continue;
        }
        let Some(open) = (i + 5..b.len()).find(|&k| !b[k].is_ascii_whitespace()) else {
            break;
        };
        if !matches!(b[open], b'{' | b'(' | b'[') {
            i = open;
            continue;
        }
        let end = group_end(b, open);
        let mut k = open + 1;
        while k < end - 1 {
            if let Some(e) = skip_literal(b, k) {
                k = e;
            } else if b[k] == b'{' {
                k = group_end(b, k);
            } else if b[k] == b'<' && b.get(k + 1).is_some_and(u8::is_ascii_uppercase) {
                let name_end = (k + 1..end)
                    .find(|&j| !is_ident(b[j] as char))
                    .unwrap_or(end);
                let name = String::from_utf8_lossy(&b[k + 1..name_end]).into_owned();
                k = name_end;
                // The tag's attributes, to its `>` or `/>`.
                while k < end {
                    if let Some(e) = skip_literal(b, k) {
                        k = e;
                        continue;
                    }
                    match b[k] {
                        b'(' | b'[' | b'{' => {
                            k = group_end(b, k);
                            continue;
                        }
                        b'>' if k == 0 || !matches!(b[k - 1], b'-' | b'=') => break,
                        b'o' if b[k..].starts_with(b"on:") && b[k - 1].is_ascii_whitespace() => {
                            found.push((name.clone(), k));
                        }
                        _ => {}
                    }
                    k += 1;
                }
            } else {
                k += 1;
            }
        }
        // Past the macro's name only: a `view!` inside its blocks is read in its turn.
        i = open + 1;
    }
    found
}

/// The 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset]
        .iter()
        .filter(|&&c| c == b'\n')
        .count()
        + 1
}

#[test]
fn no_listener_is_set_on_a_component() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    assert!(files.len() > 20, "the sources were not found");
    let mut wrong = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for (name, at) in listeners_on_components(&text) {
            let rel = file.strip_prefix(&src).unwrap().display().to_string();
            let attribute: String = text[at..]
                .chars()
                .take_while(|&c| !c.is_whitespace() && c != '=')
                .collect();
            wrong.push(format!(
                "src/{rel}:{}: {attribute} on <{name}>",
                line_of(&text, at)
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "listeners set on components (give the component a callback prop, such as \
         Button's on_click):\n{}",
        wrong.join("\n")
    );
}

/// The listener check finds what it should, over lines, and nothing else.
#[test]
fn the_listener_check_sees_listeners_on_components() {
    let code = r##"
        // <Button on:click=x /> in a comment
        let s = "<Button on:click=x>";
        let a = view! {
            <div on:click=move |_| go()>
                <Button
                    class="editor__step"
                    disabled=move || { count.get().is_none_or(|c| c >= MAX) }
                    on:click=move |_| {
                        model.update(|m| m.plus())
                    }
                >
                    "+"
                </Button>
                {move || Option::<Vec<String>>::None.map(|v| view! { <Chip on:input=f/> })}
                <Show when=move || a.get() fallback=|| ()>
                    <p on:click=f>"a <Fake on:click>"</p>
                    <ToggleChip pressed=p on_press=q>"x"</ToggleChip>
                </Show>
                <Kazan side=side shown=move || -> u8 { 1 } on:pointerdown=f />
            </div>
        };
        let r = r#"view! { <Button on:click=x/> }"#;
        let c = '"'; let l: &'static str = "";
        view! { <Modal on:keydown:capture=f>{c}</Modal> }
    "##;
    let found: Vec<(String, usize)> = listeners_on_components(code)
        .into_iter()
        .map(|(name, at)| (name, line_of(code, at)))
        .collect();
    assert_eq!(
        found,
        [
            ("Button".to_string(), 9),
            ("Kazan".to_string(), 20),
            ("Chip".to_string(), 15),
            ("Modal".to_string(), 25),
        ]
    );
}

/// The longest a function of `src/` may be, test modules aside: a longer one is a screen or a
/// piece of logic nobody can change safely; split it into small views or move its logic into
/// `core/`.
const MAX_FN_LINES: usize = 200;

/// The functions of `code` (comments and strings removed, lines kept) outside `#[cfg(test)]`
/// modules, as (name, first line, number of lines).
fn function_lengths(code: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    // Open functions: (name, first line, the brace depth their body opens at).
    let mut open: Vec<(String, usize, usize)> = Vec::new();
    let mut waiting: Option<(String, usize)> = None;
    let mut depth = 0usize;
    let mut test_module_at: Option<usize> = None;
    let mut cfg_test = false;
    for (n, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        if test_module_at.is_none() {
            if trimmed.starts_with("#[cfg(test)]") {
                cfg_test = true;
            } else if cfg_test && (trimmed.starts_with("mod ") || trimmed.starts_with("pub mod ")) {
                test_module_at = Some(depth);
                cfg_test = false;
            } else if !trimmed.is_empty() && !trimmed.starts_with("#[") {
                cfg_test = false;
            }
            let words: Vec<&str> = line
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|w| !w.is_empty())
                .collect();
            if let Some(i) = words.iter().position(|w| *w == "fn") {
                if let Some(name) = words.get(i + 1) {
                    waiting = Some((name.to_string(), n + 1));
                }
            }
        }
        for c in line.chars() {
            match c {
                '{' => {
                    if let Some((name, first)) = waiting.take() {
                        open.push((name, first, depth));
                    }
                    depth += 1;
                }
                '}' => {
                    depth = depth.saturating_sub(1);
                    if open.last().is_some_and(|f| f.2 == depth) {
                        let (name, first, _) = open.pop().unwrap();
                        out.push((name, first, n + 1 - first + 1));
                    }
                    if test_module_at == Some(depth) {
                        test_module_at = None;
                    }
                }
                // A declaration without a body (a trait's, an extern's).
                ';' if open.last().is_none_or(|f| f.2 < depth) => {
                    waiting = None;
                }
                _ => {}
            }
        }
    }
    out
}

#[test]
fn no_function_is_over_two_hundred_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut long = Vec::new();
    for file in &files {
        let code = code_only(&std::fs::read_to_string(file).unwrap());
        for (name, line, len) in function_lengths(&code) {
            if len > MAX_FN_LINES {
                let rel = file.strip_prefix(&src).unwrap().display();
                long.push(format!("src/{rel}:{line} {name}: {len} lines"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {MAX_FN_LINES} lines:\n{}",
        long.join("\n")
    );
}

#[test]
fn function_lengths_are_counted_from_fn_to_its_closing_brace() {
    let code = "fn a() {\n    if x {\n    }\n}\ntrait T {\n    fn b(&self);\n}\n#[cfg(test)]\nmod tests {\n    fn c() {\n    }\n}\nfn d() { }\n";
    let found = function_lengths(code);
    assert_eq!(
        found,
        vec![("a".to_string(), 1, 4), ("d".to_string(), 13, 1)]
    );
}

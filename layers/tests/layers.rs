//! What the compiler does not hold inside one crate, read from the sources with `syn`:
//!
//! - in the app (`src/`), each layer imports only the layers before it: `platform` → `i18n` →
//!   `services` → `ui` → `features` → `app`; nothing but `lib.rs` and `main.rs` imports the
//!   root (`crate::App`); a feature (`features/<name>/`) never imports another feature;
//! - no `on:` listener is set on a component in a `view!` (`<Button on:click=..>`) instead of
//!   its callback prop (see the header of `src/ui/button.rs`);
//! - no two files of `src/` or of a crate under `crates/` use each other, directly or round a
//!   longer loop: a file is read on its own, and its neighbours' only through what it imports.
//!
//! The crates' boundaries hold the rest (`toguz-app-core` has no Leptos and no browser), and
//! clippy's `too_many_lines` the length of a function (`clippy.toml`).
//!
//! A path counts wherever the code names it: in a `use`, in an expression or a type, and
//! inside a macro's tokens (`view!`, `format!`), never in a comment or a string.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::{self, Visit};

/// The app's layers, lowest first.
const LAYERS: [&str; 6] = ["platform", "i18n", "services", "ui", "features", "app"];

/// The workspace's root folder.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// One source file of a crate: where it is, its module path (`src/features/play/screen.rs` is
/// `["features", "play", "screen"]`; a `mod.rs` is its folder; `lib.rs` is `[]`), and what it
/// names.
struct Source {
    file: String,
    module: Vec<String>,
    /// The items it defines at its top level.
    defines: BTreeSet<String>,
    /// The names its top-level `use`s bring in, and the paths they stand for (from the crate's
    /// root when the `use` starts with `crate`, `super` or `self`, or names a child module).
    uses: BTreeMap<String, Vec<String>>,
    /// Every path it names, as written (`crate::ui::Board`, `super::frame_of`, `storage::load`),
    /// with the module it is named in (an inline `mod tests` is a module of its own).
    named: Vec<(Vec<String>, Vec<String>)>,
    /// The same, outside `#[cfg(test)]` items: what the file uses when it ships.
    named_outside_tests: Vec<(Vec<String>, Vec<String>)>,
    /// Every `on:` attribute set on a component in its `view!`s: the component and the event.
    listeners: Vec<(String, String)>,
}

/// The Rust files under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem.to_string());
    }
    parts
}

/// The sources of the crate whose `src` folder is `src` (the crate's binary `main.rs` with
/// them: it names nothing but the library's public items).
fn crate_sources(src: &Path) -> Vec<Source> {
    let files = rust_files(src);
    assert!(!files.is_empty(), "no sources in {}", src.display());
    files
        .iter()
        .map(|file| {
            let text = std::fs::read_to_string(file).unwrap();
            let rel = file.strip_prefix(root()).unwrap_or(file);
            parse(&rel.display().to_string(), module_path(src, file), &text)
        })
        .collect()
}

/// Reads one file.
fn parse(file: &str, module: Vec<String>, text: &str) -> Source {
    let ast = syn::parse_file(text).unwrap_or_else(|e| panic!("{file} does not parse: {e}"));
    let mut names = Names {
        module: module.clone(),
        in_tests: 0,
        named: Vec::new(),
        named_outside_tests: Vec::new(),
        listeners: Vec::new(),
    };
    names.visit_file(&ast);
    let mut defines = BTreeSet::new();
    let children: BTreeSet<String> = ast
        .items
        .iter()
        .filter_map(|item| match item {
            syn::Item::Mod(m) => Some(m.ident.to_string()),
            _ => None,
        })
        .collect();
    let mut uses = BTreeMap::new();
    for item in &ast.items {
        match item {
            syn::Item::Use(u) => {
                let mut flat = Vec::new();
                flatten(&u.tree, Vec::new(), &mut flat);
                for (name, path) in flat {
                    if let Some(path) = absolute(&path, &module, &children) {
                        uses.insert(name, path);
                    }
                }
            }
            other => {
                if let Some(ident) = item_name(other) {
                    defines.insert(ident);
                }
            }
        }
    }
    Source {
        file: file.to_string(),
        module,
        defines,
        uses,
        named: names.named,
        named_outside_tests: names.named_outside_tests,
        listeners: names.listeners,
    }
}

fn item_name(item: &syn::Item) -> Option<String> {
    Some(match item {
        syn::Item::Const(i) => i.ident.to_string(),
        syn::Item::Enum(i) => i.ident.to_string(),
        syn::Item::Fn(i) => i.sig.ident.to_string(),
        syn::Item::Macro(i) => i.ident.as_ref()?.to_string(),
        syn::Item::Mod(i) => i.ident.to_string(),
        syn::Item::Static(i) => i.ident.to_string(),
        syn::Item::Struct(i) => i.ident.to_string(),
        syn::Item::Trait(i) => i.ident.to_string(),
        syn::Item::Type(i) => i.ident.to_string(),
        syn::Item::Union(i) => i.ident.to_string(),
        _ => return None,
    })
}

/// A `use` tree as (the name it brings in, its path); a glob brings in `*`.
fn flatten(tree: &syn::UseTree, prefix: Vec<String>, out: &mut Vec<(String, Vec<String>)>) {
    let with = |ident: &syn::Ident| {
        let mut path = prefix.clone();
        path.push(ident.to_string());
        path
    };
    match tree {
        syn::UseTree::Path(p) => flatten(&p.tree, with(&p.ident), out),
        syn::UseTree::Name(n) if n.ident == "self" => {
            if let Some(last) = prefix.last() {
                out.push((last.clone(), prefix.clone()));
            }
        }
        syn::UseTree::Name(n) => out.push((n.ident.to_string(), with(&n.ident))),
        syn::UseTree::Rename(r) => out.push((r.rename.to_string(), with(&r.ident))),
        syn::UseTree::Glob(_) => out.push(("*".to_string(), prefix)),
        syn::UseTree::Group(g) => {
            for tree in &g.items {
                flatten(tree, prefix.clone(), out);
            }
        }
    }
}

/// A path named in `module` from the crate's root, if it starts with `crate`, `super` or
/// `self`, or with one of `children` (the module's own child modules).
fn absolute(
    path: &[String],
    module: &[String],
    children: &BTreeSet<String>,
) -> Option<Vec<String>> {
    let first = path.first()?;
    match first.as_str() {
        "crate" => Some(path[1..].to_vec()),
        "self" => Some([module, &path[1..]].concat()),
        "super" => {
            let ups = path.iter().take_while(|s| *s == "super").count();
            let base = module.get(..module.len().checked_sub(ups)?)?;
            Some([base, &path[ups..]].concat())
        }
        name if children.contains(name) => Some([module, path].concat()),
        _ => None,
    }
}

/// Collects the paths a file names and the listeners its `view!`s set on components.
struct Names {
    module: Vec<String>,
    /// How many `#[cfg(test)]` items the visit is in.
    in_tests: usize,
    named: Vec<(Vec<String>, Vec<String>)>,
    named_outside_tests: Vec<(Vec<String>, Vec<String>)>,
    listeners: Vec<(String, String)>,
}

impl Names {
    fn name(&mut self, path: Vec<String>) {
        if path.len() > 1 {
            if self.in_tests == 0 {
                self.named_outside_tests
                    .push((self.module.clone(), path.clone()));
            }
            self.named.push((self.module.clone(), path));
        }
    }
}

/// Whether an item is compiled for the tests only.
fn test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|cfg| cfg == "test")
    })
}

impl<'ast> Visit<'ast> for Names {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs = match item {
            syn::Item::Fn(i) => &i.attrs,
            syn::Item::Mod(i) => &i.attrs,
            syn::Item::Use(i) => &i.attrs,
            syn::Item::Impl(i) => &i.attrs,
            _ => return visit::visit_item(self, item),
        };
        let tests = test_only(attrs);
        self.in_tests += usize::from(tests);
        visit::visit_item(self, item);
        self.in_tests -= usize::from(tests);
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        self.module.push(m.ident.to_string());
        visit::visit_item_mod(self, m);
        self.module.pop();
    }

    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        // A re-export (`pub use`) is the module's face, not a use: a path through it is
        // followed to the file that defines the item (`Crate::file_of`).
        if !matches!(item.vis, syn::Visibility::Inherited) {
            return;
        }
        let mut flat = Vec::new();
        flatten(&item.tree, Vec::new(), &mut flat);
        for (_, path) in flat {
            self.name(path);
        }
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        self.name(path.segments.iter().map(|s| s.ident.to_string()).collect());
        visit::visit_path(self, path);
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        for path in token_paths(&mac.tokens) {
            self.name(path);
        }
        if mac.path.is_ident("view") {
            components_listeners(&mac.tokens, &mut self.listeners);
        }
        visit::visit_macro(self, mac);
    }
}

/// The `crate::..` and `super::..` paths in a macro's tokens.
fn token_paths(tokens: &TokenStream) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let tokens: Vec<TokenTree> = tokens.clone().into_iter().collect();
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Group(g) => out.extend(token_paths(&g.stream())),
            TokenTree::Ident(id) if id == "crate" || id == "super" => {
                let mut path = vec![id.to_string()];
                let mut j = i + 1;
                while let (
                    Some(TokenTree::Punct(a)),
                    Some(TokenTree::Punct(b)),
                    Some(TokenTree::Ident(next)),
                ) = (tokens.get(j), tokens.get(j + 1), tokens.get(j + 2))
                {
                    if a.as_char() != ':' || b.as_char() != ':' {
                        break;
                    }
                    path.push(next.to_string());
                    j += 3;
                }
                out.push(path);
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Every `on:` attribute on a component (a tag whose name starts with a capital) in a `view!`'s
/// tokens, as (the component, the attribute); `view!`s nested in its `{..}` blocks are read
/// too. A tag runs from `<` to the first `>` or `/>` at its own level: an attribute's value
/// with a `>` of its own is written in braces, as the macro requires.
fn components_listeners(tokens: &TokenStream, out: &mut Vec<(String, String)>) {
    let tokens: Vec<TokenTree> = tokens.clone().into_iter().collect();
    let punct =
        |i: usize, c: char| matches!(tokens.get(i), Some(TokenTree::Punct(p)) if p.as_char() == c);
    let mut i = 0;
    while i < tokens.len() {
        if let TokenTree::Group(g) = &tokens[i] {
            // A block of Rust: a `view!` in it is a macro of its own.
            nested_views(&g.stream(), out);
        }
        let tag = match (punct(i, '<'), tokens.get(i + 1)) {
            (true, Some(TokenTree::Ident(name))) => name.to_string(),
            _ => {
                i += 1;
                continue;
            }
        };
        let component = tag.starts_with(|c: char| c.is_ascii_uppercase());
        let mut j = i + 2;
        while j < tokens.len() && !punct(j, '>') {
            if let TokenTree::Group(g) = &tokens[j] {
                nested_views(&g.stream(), out);
            }
            // `on:click`: an ident `on`, a `:` and the event.
            let is_on =
                matches!(&tokens[j], TokenTree::Ident(id) if id == "on") && punct(j + 1, ':');
            let after_colon = j > 0 && punct(j - 1, ':');
            if component && is_on && !after_colon {
                if let Some(TokenTree::Ident(event)) = tokens.get(j + 2) {
                    out.push((tag.clone(), format!("on:{event}")));
                }
            }
            // `->` and `=>` in a closure's signature or a match are no tag's end.
            if (punct(j, '-') || punct(j, '=')) && punct(j + 1, '>') {
                j += 1;
            }
            j += 1;
        }
        i = j + 1;
    }
}

/// The `view!`s inside a block of Rust.
fn nested_views(tokens: &TokenStream, out: &mut Vec<(String, String)>) {
    let tokens: Vec<TokenTree> = tokens.clone().into_iter().collect();
    for (i, token) in tokens.iter().enumerate() {
        match token {
            TokenTree::Ident(id) if id == "view" => {
                if let (Some(TokenTree::Punct(bang)), Some(TokenTree::Group(body))) =
                    (tokens.get(i + 1), tokens.get(i + 2))
                {
                    if bang.as_char() == '!' {
                        components_listeners(&body.stream(), out);
                    }
                }
            }
            TokenTree::Group(g) if !matches!(tokens.get(i.wrapping_sub(1)), Some(TokenTree::Punct(p)) if p.as_char() == '!') =>
            {
                nested_views(&g.stream(), out);
            }
            _ => {}
        }
    }
}

/// A crate's files, and what each file uses of the others.
struct Crate {
    sources: Vec<Source>,
    /// A module path → its file's index.
    modules: BTreeMap<Vec<String>, usize>,
}

impl Crate {
    fn new(sources: Vec<Source>) -> Crate {
        let modules = sources
            .iter()
            .enumerate()
            // main.rs and lib.rs are both the root: paths from the root are the library's.
            .filter(|(_, s)| !s.file.ends_with("main.rs") || !s.module.is_empty())
            .map(|(i, s)| (s.module.clone(), i))
            .collect();
        Crate { sources, modules }
    }

    /// A path named in `module` of file `from`, from the crate's root (see [`absolute`]; a
    /// name the file imports stands for its path).
    fn resolve(&self, from: usize, module: &[String], path: &[String]) -> Option<Vec<String>> {
        let source = &self.sources[from];
        let children: BTreeSet<String> = self
            .modules
            .keys()
            .filter(|m| m.len() == module.len() + 1 && m.starts_with(module))
            .map(|m| m[module.len()].clone())
            .collect();
        if let Some(path) = absolute(path, module, &children) {
            return Some(path);
        }
        let imported = source.uses.get(path.first()?)?;
        Some([imported.as_slice(), &path[1..]].concat())
    }

    /// The file that defines what `path` (from the root) names, following re-exports.
    fn file_of(&self, path: &[String], depth: usize) -> Option<usize> {
        let (len, &file) = (0..=path.len())
            .rev()
            .find_map(|n| self.modules.get(&path[..n]).map(|f| (n, f)))?;
        let Some(name) = path.get(len) else {
            return Some(file);
        };
        let source = &self.sources[file];
        if source.defines.contains(name) {
            return Some(file);
        }
        // Not defined there: brought in by a `use` (followed), or made by a macro (the
        // translations' `i18n`, included by lib.rs), which no file holds.
        let to = source.uses.get(name).filter(|_| depth < 8)?;
        self.file_of(&[to.as_slice(), &path[len + 1..]].concat(), depth + 1)
    }

    /// Which files each file uses, outside its tests. Neither itself nor the files of its
    /// parent modules count: a module is its own file and its children's, which see even its
    /// private items (`super::Lib`), and the parent puts them together.
    fn edges(&self) -> Vec<BTreeSet<usize>> {
        (0..self.sources.len())
            .map(|from| {
                let source = &self.sources[from];
                source
                    .named_outside_tests
                    .iter()
                    .filter_map(|(module, path)| self.resolve(from, module, path))
                    .filter_map(|path| self.file_of(&path, 0))
                    .filter(|&to| !source.module.starts_with(&self.sources[to].module))
                    .collect()
            })
            .collect()
    }

    /// The loops of files that use each other (the strongly connected components of more
    /// than one file, by Tarjan's algorithm), each as its files, sorted.
    fn cycles(&self) -> Vec<Vec<String>> {
        let edges = self.edges();
        let mut tarjan = Tarjan {
            edges: &edges,
            index: vec![None; edges.len()],
            low: vec![0; edges.len()],
            on_stack: vec![false; edges.len()],
            stack: Vec::new(),
            next: 0,
            components: Vec::new(),
        };
        for start in 0..edges.len() {
            if tarjan.index[start].is_none() {
                tarjan.connect(start);
            }
        }
        let mut cycles: Vec<Vec<String>> = tarjan
            .components
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|c| {
                let mut files: Vec<String> =
                    c.iter().map(|&i| self.sources[i].file.clone()).collect();
                files.sort();
                files
            })
            .collect();
        cycles.sort();
        cycles
    }
}

struct Tarjan<'a> {
    edges: &'a [BTreeSet<usize>],
    index: Vec<Option<usize>>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    next: usize,
    components: Vec<Vec<usize>>,
}

impl Tarjan<'_> {
    fn connect(&mut self, v: usize) {
        self.index[v] = Some(self.next);
        self.low[v] = self.next;
        self.next += 1;
        self.stack.push(v);
        self.on_stack[v] = true;
        for &w in &self.edges[v] {
            match self.index[w] {
                None => {
                    self.connect(w);
                    self.low[v] = self.low[v].min(self.low[w]);
                }
                Some(index) if self.on_stack[w] => self.low[v] = self.low[v].min(index),
                Some(_) => {}
            }
        }
        if Some(self.low[v]) == self.index[v] {
            let mut component = Vec::new();
            while let Some(w) = self.stack.pop() {
                self.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            self.components.push(component);
        }
    }
}

/// The app's sources (`src/`).
fn app() -> Crate {
    let sources = crate_sources(&root().join("src"));
    assert!(sources.len() > 20, "the app's sources were not found");
    Crate::new(sources)
}

/// Every path a file of the app names from the root, with the file and its top module.
fn app_imports(app: &Crate) -> Vec<(String, Option<String>, Vec<String>)> {
    let mut out = Vec::new();
    for (from, source) in app.sources.iter().enumerate() {
        for (module, path) in &source.named {
            if let Some(to) = app.resolve(from, module, path) {
                out.push((source.file.clone(), source.module.first().cloned(), to));
            }
        }
    }
    out
}

#[test]
fn layers_import_only_the_layers_before_them() {
    let rank = |m: &str| LAYERS.iter().position(|l| *l == m);
    let mut wrong = BTreeSet::new();
    for (file, from, to) in app_imports(&app()) {
        // lib.rs and main.rs compose everything.
        let Some(from) = from else {
            continue;
        };
        let Some(first) = to.first() else { continue };
        match rank(first) {
            None => {
                wrong.insert(format!(
                    "{file} imports the crate root (crate::{})",
                    to.join("::")
                ));
            }
            Some(to_rank) if Some(to_rank) > rank(&from) => {
                wrong.insert(format!("{file} ({from}) imports crate::{}", to.join("::")));
            }
            _ => {}
        }
    }
    let wrong: Vec<String> = wrong.into_iter().collect();
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn features_never_import_each_other() {
    let mut wrong = BTreeSet::new();
    for (file, _, to) in app_imports(&app()) {
        // The feature a file is in: `src/features/<name>/..` (features/mod.rs is in none).
        let mine = file
            .strip_prefix("src/features/")
            .and_then(|f| f.split(['/', '.']).next())
            .filter(|name| *name != "mod");
        if let (Some(mine), [first, other, ..]) = (mine, to.as_slice()) {
            if first == "features" && other != mine {
                wrong.insert(format!("{file} imports features::{other}"));
            }
        }
    }
    let wrong: Vec<String> = wrong.into_iter().collect();
    assert!(
        wrong.is_empty(),
        "features importing each other:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_listener_is_set_on_a_component() {
    let wrong: Vec<String> = app()
        .sources
        .iter()
        .flat_map(|s| {
            s.listeners
                .iter()
                .map(move |(c, on)| format!("{}: {on} on <{c}>", s.file))
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "listeners set on components (give the component a callback prop, such as \
         Button's on_click):\n{}",
        wrong.join("\n")
    );
}

/// The app's sources and every crate's under `crates/`.
fn every_crate() -> Vec<Crate> {
    let mut crates = vec![app()];
    for entry in std::fs::read_dir(root().join("crates")).unwrap() {
        let src = entry.unwrap().path().join("src");
        if src.is_dir() {
            crates.push(Crate::new(crate_sources(&src)));
        }
    }
    crates
}

#[test]
fn no_two_files_use_each_other() {
    let cycles: Vec<String> = every_crate()
        .iter()
        .flat_map(Crate::cycles)
        .map(|files| files.join(" <-> "))
        .collect();
    assert!(
        cycles.is_empty(),
        "files that use each other:\n{}",
        cycles.join("\n")
    );
}

// The checks catch what they should, on small sources: a passing run means something.

fn crate_of(files: &[(&str, &str)]) -> Crate {
    Crate::new(
        files
            .iter()
            .map(|(file, text)| {
                let module = module_path(Path::new("src"), Path::new(file));
                parse(file, module, text)
            })
            .collect(),
    )
}

#[test]
fn paths_are_read_in_uses_code_and_macros_but_not_in_comments_or_strings() {
    let source = parse(
        "src/features/play/screen.rs",
        vec!["features".into(), "play".into(), "screen".into()],
        "use crate::{platform::time::now, ui::Board};\n// crate::app in a comment\n\
         fn f() { let s = \"crate::app\"; super::super::library::x(); }\n\
         fn g() -> String { format!(\"{}\", crate::services::words::yes()) }\n\
         mod tests { use super::super::Y; }",
    );
    let app = Crate::new(vec![source]);
    let named: Vec<Vec<String>> = app.sources[0]
        .named
        .iter()
        .filter_map(|(module, path)| app.resolve(0, module, path))
        .collect();
    let path = |s: &str| s.split("::").map(String::from).collect::<Vec<_>>();
    assert_eq!(
        named,
        [
            path("platform::time::now"),
            path("ui::Board"),
            path("features::library::x"),
            path("services::words::yes"),
            path("features::play::Y"),
        ]
    );
}

/// A loop through a re-export is found; a child using its parent, and a test using anything,
/// make none.
#[test]
fn a_loop_of_files_is_found_through_a_re_export() {
    let crate_ = crate_of(&[
        ("src/lib.rs", "mod a; mod b; mod c; mod d;"),
        (
            "src/a/mod.rs",
            "mod inner; pub use inner::Thing; pub fn helper() {} fn f() { inner::h(); }",
        ),
        (
            "src/a/inner.rs",
            "pub struct Thing; pub fn h() { super::helper(); super::super::c::k(); }",
        ),
        (
            "src/b.rs",
            "pub fn g() {} #[cfg(test)] mod tests { use crate::d::m; }",
        ),
        ("src/c.rs", "pub fn k() { let _ = crate::a::Thing; }"),
        ("src/d.rs", "pub fn m() { crate::b::g(); }"),
    ]);
    assert_eq!(
        crate_.cycles(),
        [vec!["src/a/inner.rs".to_string(), "src/c.rs".to_string()]]
    );
}

#[test]
fn the_listener_check_sees_listeners_on_components() {
    let source = parse(
        "src/x.rs",
        vec!["x".into()],
        r##"
        // <Button on:click=x /> in a comment
        fn f() {
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
        view! { <Modal on:keydown:capture=f>{c}</Modal> }
        }
    "##,
    );
    let mut found = source.listeners.clone();
    found.sort();
    let pair = |c: &str, on: &str| (c.to_string(), on.to_string());
    assert_eq!(
        found,
        [
            pair("Button", "on:click"),
            pair("Chip", "on:input"),
            pair("Kazan", "on:pointerdown"),
            pair("Modal", "on:keydown"),
        ]
    );
}

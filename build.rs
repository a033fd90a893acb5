//! Generates the translations module (leptos_i18n) from `locales/<lang>/<namespace>.json`,
//! and fails the build when the languages do not have the same keys: leptos_i18n alone only
//! warns and shows the English text.

use std::collections::BTreeSet;
use std::error::Error;
use std::path::{Path, PathBuf};

use leptos_i18n_parser::parse_locales::options::{Config, ParseOptions};
use leptos_i18n_parser::parse_locales::parse_locales;
use quote::ToTokens;
use syn::parse_quote;
use syn::visit_mut::{self, VisitMut};

/// The languages, English first (the fallback).
const LOCALES: [&str; 4] = ["en", "ru", "ky", "kk"];
/// One file per screen, so that the screens' texts can be written side by side.
const NAMESPACES: [&str; 7] = [
    "common", "library", "tutorial", "editor", "review", "puzzles", "train",
];
/// CLDR plural categories, written as key suffixes.
const PLURALS: [&str; 6] = ["_zero", "_one", "_two", "_few", "_many", "_other"];
/// The plural forms each language's numbers need (CLDR cardinal rules for integers): a plural
/// key without one of them would silently show `_other` (e.g. Russian "1 коргоола").
const FORMS: [(&str, &[&str]); 4] = [
    ("en", &["_one", "_other"]),
    ("ru", &["_one", "_few", "_many", "_other"]),
    ("ky", &["_one", "_other"]),
    ("kk", &["_one", "_other"]),
];

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=locales");
    // wasm-split (scripts/hooks/app.mjs) cuts the app's wasm into the main file and the parts
    // loaded on demand (src/app/on_demand.rs): it needs the linker's relocations. Only the
    // `app` binary's link step gets the flag, so no crate is rebuilt for it and the worker,
    // the tests and their cache are untouched.
    if std::env::var("CARGO_CFG_TARGET_FAMILY").as_deref() == Ok("wasm") {
        println!("cargo::rustc-link-arg-bin=app=--emit-relocs");
    }
    check_keys(Path::new("locales"))?;
    let cfg = Config::new(LOCALES[0])
        .map_err(|e| e.to_string())?
        .add_locales(&LOCALES[1..])
        .map_err(|e| e.to_string())?
        .add_namespaces(NAMESPACES)
        .map_err(|e| e.to_string())?
        // `t_string!`/`td_string!` with arguments (the tutorial's narration, names read by
        // screen readers, messages).
        .parse_options(ParseOptions::default().interpolate_display(true));
    // The parser and the code generator that `leptos_i18n_build` wraps, called directly: that
    // crate also links ICU's data generator (with an HTTP client and a wasm interpreter) for
    // `generate_data`, which this app never calls (`icu_compiled_data` instead); building it
    // cost the check about 80 s of CPU per profile, on the path to every build of this crate.
    let parsed = parse_locales(None, cfg).map_err(|e| e.to_string())?;
    for path in parsed.tracked_files.iter().flatten() {
        println!("cargo::rerun-if-changed={path}");
    }
    for warning in parsed.diag.warnings().iter() {
        println!("cargo::warning={warning}");
    }
    for error in parsed.diag.errors().iter() {
        println!("cargo::error={error}");
    }
    // As `TranslationsInfos::generate_i18n_module` does: the default crate path, diagnostics
    // already emitted above, no extra attributes, docs on the generated keys.
    let code = leptos_i18n_codegen::gen_code(&parsed, None, false, None, true)
        .map_err(|e| e.to_string())?;
    let code = rewrite(code)?;
    let out = PathBuf::from(std::env::var("OUT_DIR")?).join("i18n");
    std::fs::create_dir_all(&out)?;
    std::fs::write(out.join("mod.rs"), code)?;
    Ok(())
}

/// The generated code, with two of its calls made at compile time or by the app, rewritten on
/// its syntax tree (syn): spacing and formatting of the generated tokens do not matter, and a
/// leptos_i18n that no longer generates one of the rewritten shapes fails the build here.
///
/// - The app's plural rules (`services::plural::Cardinal`, integers in our four languages) in
///   place of leptos_i18n's `get_plural_rules`, which parses the language into an ICU locale and
///   loads ICU's rules and locale fallback data: 14.8 KB gzip of the first visit. The counts'
///   bounds become integers (`Count`) rather than anything ICU reads.
/// - Each language's ICU locale built at compile time (`icu_locale::locale!`) instead of parsed
///   on first use (`"en".parse()`): with our own matching of the browser's languages
///   (`services::lang::best_language`), nothing else parses a language tag, and ICU's parser
///   leaves the first visit's download.
fn rewrite(code: proc_macro2::TokenStream) -> Result<String, Box<dyn Error>> {
    let mut file: syn::File = syn::parse2(code)?;
    let mut ours = Ours::default();
    ours.visit_file_mut(&mut file);
    if ours.plural_calls == 0 || ours.locales != LOCALES.len() {
        return Err(format!(
            "leptos_i18n's generated code no longer reads as expected: {} plural rule calls, \
             {} locales parsed",
            ours.plural_calls, ours.locales
        )
        .into());
    }
    let out = file.into_token_stream().to_string();
    for left in [
        "get_plural_rules",
        "PluralRuleType",
        "PluralOperands",
        "__private :: InterpolatePluralCount",
        "Valid locale",
    ] {
        if out.contains(left) {
            return Err(format!("the generated code still calls ICU at run time: {left}").into());
        }
    }
    Ok(out)
}

/// What [`rewrite`] changes, counted.
#[derive(Default)]
struct Ours {
    plural_calls: usize,
    locales: usize,
}

/// Whether `path` ends with the segments `names`.
fn ends_with(path: &syn::Path, names: &[&str]) -> bool {
    let n = path.segments.len();
    n >= names.len()
        && path
            .segments
            .iter()
            .skip(n - names.len())
            .zip(names)
            .all(|(s, name)| s.ident == name)
}

impl VisitMut for Ours {
    fn visit_expr_mut(&mut self, expr: &mut syn::Expr) {
        visit_mut::visit_expr_mut(self, expr);
        match expr {
            // `l_i18n_crate::__private::get_plural_rules(locale, PluralRuleType::Cardinal)`
            syn::Expr::Call(call) if call.args.len() == 2 => {
                let syn::Expr::Path(f) = &*call.func else {
                    return;
                };
                if ends_with(&f.path, &["__private", "get_plural_rules"]) {
                    let locale = &call.args[0];
                    *expr = parse_quote!(crate::services::plural::Cardinal::of(
                        l_i18n_crate::Locale::as_str(#locale)
                    ));
                    self.plural_calls += 1;
                }
            }
            // `"en".parse().expect("Valid locale")`
            syn::Expr::MethodCall(expect) if expect.method == "expect" => {
                let syn::Expr::MethodCall(parse) = &*expect.receiver else {
                    return;
                };
                let syn::Expr::Lit(lang) = &*parse.receiver else {
                    return;
                };
                if parse.method == "parse" {
                    let lang = &lang.lit;
                    *expr = parse_quote!(l_i18n_crate::reexports::icu::locid::locale!(#lang));
                    self.locales += 1;
                }
            }
            _ => {}
        }
    }

    fn visit_path_mut(&mut self, path: &mut syn::Path) {
        if ends_with(path, &["__private", "InterpolatePluralCount"]) {
            *path = parse_quote!(crate::services::plural::InterpolatePluralCount);
            return;
        }
        visit_mut::visit_path_mut(self, path);
    }

    // `Into<l_i18n_crate::reexports::icu::plurals::PluralOperands>`
    fn visit_type_param_bound_mut(&mut self, bound: &mut syn::TypeParamBound) {
        if let syn::TypeParamBound::Trait(t) = bound {
            let plural_operands = t.path.segments.last().is_some_and(|last| {
                last.ident == "Into"
                    && last
                        .arguments
                        .to_token_stream()
                        .to_string()
                        .contains("PluralOperands")
            });
            if plural_operands {
                *bound = parse_quote!(crate::services::plural::Count);
                return;
            }
        }
        visit_mut::visit_type_param_bound_mut(self, bound);
    }
}

/// Every namespace has the same keys in every language (plural forms may differ, but each
/// plural key has its `_other` form).
fn check_keys(dir: &Path) -> Result<(), Box<dyn Error>> {
    let mut problems = Vec::new();
    for ns in NAMESPACES {
        let mut reference: Option<(&str, BTreeSet<String>)> = None;
        let mut raws = Vec::new();
        let mut plural_bases = BTreeSet::new();
        for lang in LOCALES {
            let path = dir.join(lang).join(format!("{ns}.json"));
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let value: serde_json::Value =
                serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            let mut raw = BTreeSet::new();
            collect(&value, String::new(), &mut raw);
            empty_texts(&value, String::new(), &mut |key| {
                problems.push(format!("{lang}/{ns}: `{key}` is empty"));
            });
            let mut keys = BTreeSet::new();
            for key in &raw {
                match PLURALS.iter().find_map(|p| key.strip_suffix(p)) {
                    Some(base) => {
                        if !raw.contains(&format!("{base}_other")) {
                            problems.push(format!("{lang}/{ns}: `{base}` has no `{base}_other`"));
                        }
                        keys.insert(base.to_string());
                        plural_bases.insert(base.to_string());
                    }
                    None => {
                        keys.insert(key.clone());
                    }
                }
            }
            match &reference {
                None => reference = Some((lang, keys)),
                Some((first, expected)) => {
                    for k in expected.difference(&keys) {
                        problems.push(format!("{lang}/{ns}: missing `{k}` (present in {first})"));
                    }
                    for k in keys.difference(expected) {
                        problems.push(format!("{lang}/{ns}: `{k}` is not in {first}"));
                    }
                }
            }
            raws.push((lang, raw));
        }
        // A key plural in one language is plural in all, with every form each one needs.
        for (lang, raw) in &raws {
            let forms = FORMS
                .iter()
                .find(|(l, _)| l == lang)
                .map_or(&[][..], |f| f.1);
            for base in &plural_bases {
                for form in forms {
                    if !raw.contains(&format!("{base}{form}")) {
                        problems.push(format!(
                            "{lang}/{ns}: plural `{base}` has no `{base}{form}`"
                        ));
                    }
                }
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("translations differ:\n  {}", problems.join("\n  ")).into())
    }
}

/// Calls `found` with the key of every empty text.
fn empty_texts(value: &serde_json::Value, prefix: String, found: &mut impl FnMut(&str)) {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                empty_texts(v, key, found);
            }
        }
        serde_json::Value::String(text) if text.trim().is_empty() => found(&prefix),
        _ => {}
    }
}

fn collect(value: &serde_json::Value, prefix: String, out: &mut BTreeSet<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                let key = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                collect(v, key, out);
            }
        }
        _ => {
            out.insert(prefix);
        }
    }
}

//! Generates the translations module (leptos_i18n) from `locales/<lang>/<namespace>.json`,
//! and fails the build when the languages do not have the same keys: leptos_i18n alone only
//! warns and shows the English text.

use std::collections::BTreeSet;
use std::error::Error;
use std::path::{Path, PathBuf};

use leptos_i18n_parser::parse_locales::options::{Config, ParseOptions};
use leptos_i18n_parser::parse_locales::parse_locales;

/// The languages, English first (the fallback).
const LOCALES: [&str; 4] = ["en", "ru", "ky", "kk"];
/// One file per screen, so that the screens' texts can be written side by side.
const NAMESPACES: [&str; 6] = [
    "common", "library", "tutorial", "editor", "review", "puzzles",
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
    let code = own_plural_rules(&code.to_string())?;
    let code = const_locales(&code)?;
    let out = PathBuf::from(std::env::var("OUT_DIR")?).join("i18n");
    std::fs::create_dir_all(&out)?;
    std::fs::write(out.join("mod.rs"), code)?;
    Ok(())
}

/// The generated code with the app's plural rules (`services::plural::Cardinal`, integers in
/// our four languages) in place of leptos_i18n's `get_plural_rules`, which parses the language
/// into an ICU locale and loads ICU's rules and locale fallback data: 14.8 KB gzip of the first
/// visit. Fails when the generated code no longer reads as expected (another
/// leptos_i18n), rather than leave a call behind.
fn own_plural_rules(code: &str) -> Result<String, Box<dyn Error>> {
    const CALL: &str = "l_i18n_crate :: __private :: get_plural_rules (";
    const CARDINAL: &str =
        " , l_i18n_crate :: reexports :: icu :: plurals :: PluralRuleType :: Cardinal)";
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(start) = rest.find(CALL) {
        let args = &rest[start + CALL.len()..];
        let end = args
            .find(CARDINAL)
            .filter(|&end| matches!(&args[..end], "_locale" | "* _locale"))
            .ok_or("leptos_i18n's plural call is not `get_plural_rules(_locale, Cardinal)`")?;
        out.push_str(&rest[..start]);
        out.push_str("crate::services::plural::Cardinal::of(l_i18n_crate::Locale::as_str(");
        out.push_str(&args[..end]);
        out.push_str("))");
        rest = &args[end + CARDINAL.len()..];
    }
    out.push_str(rest);
    // The counts' bounds: integers (`Count`) rather than anything ICU reads.
    let out = out
        .replace(
            "l_i18n_crate :: __private :: InterpolatePluralCount",
            "crate::services::plural::InterpolatePluralCount",
        )
        .replace(
            "Into < l_i18n_crate :: reexports :: icu :: plurals :: PluralOperands >",
            "crate::services::plural::Count",
        );
    if [
        "get_plural_rules",
        "PluralRuleType",
        "PluralOperands",
        "__private :: InterpolatePluralCount",
    ]
    .iter()
    .any(|s| out.contains(s))
    {
        return Err("leptos_i18n's plural rules are still called in the generated code".into());
    }
    Ok(out)
}

/// The generated `as_icu_locale` with each language's ICU locale built at compile time
/// (`icu_locale::locale!`) instead of parsed on first use (`"en".parse()`): with our own
/// matching of the browser's languages (`services::lang::best_language`), nothing else parses
/// a language tag, and ICU's parser leaves the first visit's download. Fails when
/// the generated code no longer reads as expected.
fn const_locales(code: &str) -> Result<String, Box<dyn Error>> {
    let mut out = code.to_string();
    for lang in LOCALES {
        let parsed = format!("\"{lang}\" . parse () . expect (\"Valid locale\")");
        if !out.contains(&parsed) {
            return Err(
                format!("leptos_i18n no longer parses the locale `{lang}` as expected").into(),
            );
        }
        let built = format!("l_i18n_crate :: reexports :: icu :: locid :: locale ! (\"{lang}\")");
        out = out.replace(&parsed, &built);
    }
    if out.contains(". parse () . expect (\"Valid locale\")") {
        return Err("the generated code still parses a locale at run time".into());
    }
    Ok(out)
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

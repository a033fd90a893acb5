//! The build's one rewrite of a wasm module, done with walrus (the library wasm-bindgen itself
//! reads and writes modules with), for the build hooks in scripts/hooks/:
//!
//! ```text
//! toguz-wasm-trim IN OUT --module M --rename NAMES.json [--drop-exports PREFIX]...
//! ```
//!
//! - `--rename`: the function imports of module `M` named in NAMES.json (an object, old name to
//!   new) get their new names. wasm-bindgen names each import after its Rust binding and a hash
//!   (`__wbg_addEventListener_847fd86b8c33ec43`): hundreds of them, each written in the wasm
//!   and again as a key of its JavaScript glue, where gzip cannot compress the hashes. The
//!   glue's minifier (terser, mangling those keys) chooses the short names and writes the file.
//!   Every name in the file must be such an import, or nothing is written: the glue and the
//!   wasm would disagree.
//! - `--drop-exports`: exports whose names start with PREFIX are removed, and then everything
//!   that nothing reaches any more. Leptos always links the crate wasm-streams, whose three
//!   classes wasm-bindgen exports to JavaScript though this app never makes a stream.
//!
//! Nothing else changes: the code, the other imports and exports, the custom sections.

use std::collections::BTreeMap;
use std::error::Error;
use std::process::ExitCode;

struct Args {
    input: String,
    output: String,
    module: String,
    rename: Option<String>,
    drop_exports: Vec<String>,
}

fn parse_args() -> Result<Args, String> {
    let usage =
        "usage: toguz-wasm-trim IN OUT --module M [--rename NAMES.json] [--drop-exports PREFIX]...";
    let mut positional = Vec::new();
    let (mut module, mut rename, mut drop_exports) = (None, None, Vec::new());
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .ok_or_else(|| format!("{arg} needs a value\n{usage}"))
        };
        match arg.as_str() {
            "--module" => module = Some(value()?),
            "--rename" => rename = Some(value()?),
            "--drop-exports" => drop_exports.push(value()?),
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}\n{usage}")),
            _ => positional.push(arg),
        }
    }
    let [input, output] = <[String; 2]>::try_from(positional).map_err(|_| usage.to_string())?;
    let module = module.ok_or_else(|| usage.to_string())?;
    Ok(Args {
        input,
        output,
        module,
        rename,
        drop_exports,
    })
}

/// Renames the function imports of `module` by `names`; every name must be one of them.
fn rename_imports(
    wasm: &mut walrus::Module,
    module: &str,
    names: &BTreeMap<String, String>,
) -> Result<(), String> {
    let mut renamed = 0;
    for import in wasm.imports.iter_mut() {
        if import.module != module || !matches!(import.kind, walrus::ImportKind::Function(_)) {
            continue;
        }
        if let Some(new) = names.get(&import.name) {
            import.name.clone_from(new);
            renamed += 1;
        }
    }
    if renamed != names.len() {
        return Err(format!(
            "{} of the {} names to rename are not function imports of {module}",
            names.len() - renamed,
            names.len()
        ));
    }
    Ok(())
}

/// Removes the exports whose names start with one of `prefixes`, then what nothing reaches.
/// Returns how many exports went.
fn drop_exports(wasm: &mut walrus::Module, prefixes: &[String]) -> usize {
    let dropped: Vec<_> = wasm
        .exports
        .iter()
        .filter(|e| prefixes.iter().any(|p| e.name.starts_with(p.as_str())))
        .map(|e| e.id())
        .collect();
    for id in &dropped {
        wasm.exports.delete(*id);
    }
    walrus::passes::gc::run(wasm);
    dropped.len()
}

fn run(args: Args) -> Result<(), Box<dyn Error>> {
    let mut wasm = walrus::Module::from_file(&args.input)?;
    if let Some(file) = &args.rename {
        let names: BTreeMap<String, String> =
            serde_json::from_str(&std::fs::read_to_string(file)?)?;
        rename_imports(&mut wasm, &args.module, &names)?;
    }
    if !args.drop_exports.is_empty() && drop_exports(&mut wasm, &args.drop_exports) == 0 {
        return Err(format!("no export starts with {:?}", args.drop_exports).into());
    }
    wasm.emit_wasm_file(&args.output)?;
    Ok(())
}

fn main() -> ExitCode {
    match parse_args().map_err(Into::into).and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("toguz-wasm-trim: {e}");
            ExitCode::FAILURE
        }
    }
}

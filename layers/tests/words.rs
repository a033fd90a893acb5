//! The texts call a house by one word in each language: the word the rules, the tutorial and
//! the board use ("дом" in Russian, "үй" in Kyrgyz, "отау" in Kazakh), never a synonym a
//! player would take for another thing.

use std::path::Path;

/// Each language's other words for a house (as stems, lower case), which no text may use.
const SYNONYMS: [(&str, &[&str]); 3] = [
    ("ru", &["лунк", "ямк"]),
    ("ky", &["уяча", "чуңкур"]),
    ("kk", &["ұяшық", "шұңқыр"]),
];

#[test]
fn every_language_calls_a_house_by_one_word() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("locales");
    let mut found = Vec::new();
    for (lang, words) in SYNONYMS {
        let dir = root.join(lang);
        let files = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for file in files {
            let path = file.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap().to_lowercase();
            for (n, line) in text.lines().enumerate() {
                if words.iter().any(|w| line.contains(w)) {
                    found.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "another word for a house:\n{}",
        found.join("\n")
    );
}

//! The plural rules of the texts' counts (`{{ count }}` in a plural key of `locales/`): CLDR's
//! cardinal rules for integers in the app's four languages. The app's texts
//! (`src/services/plural.rs`, for the code build.rs generates) choose a key's form by them, in
//! place of leptos_i18n's ICU rules and locale data, which cost 14.8 KB gzip of the first
//! visit.

/// A plural category of CLDR, as a text's key suffix names it (`_one`, `_few`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plural {
    /// `_one`.
    One,
    /// `_few`.
    Few,
    /// `_many`.
    Many,
    /// `_other`.
    Other,
}

/// The cardinal plural rules of a language (by its code: "en", "ru", "ky", "kk").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cardinal {
    /// One and other (1 and the rest): English, Kyrgyz, Kazakh.
    OneOther,
    /// Russian: one (1, 21, 101...), few (2-4, 22-24...), many (0, 5-20, 25-30...).
    Russian,
}

/// A whole number that a text counts (every integer type: the texts' counts are whole).
pub trait Count {
    /// Its absolute value (CLDR's rules read the digits only).
    fn magnitude(self) -> u128;
}

macro_rules! count {
    (unsigned: $($t:ty),*; signed: $($s:ty),*) => {
        $(impl Count for $t {
            fn magnitude(self) -> u128 {
                self as u128
            }
        })*
        $(impl Count for $s {
            fn magnitude(self) -> u128 {
                self.unsigned_abs() as u128
            }
        })*
    };
}

count!(unsigned: u8, u16, u32, u64, u128, usize; signed: i8, i16, i32, i64, i128, isize);

impl Cardinal {
    /// The rules of a language; a language without its own rules here has English's.
    pub fn of(language: &str) -> Cardinal {
        match language {
            "ru" => Cardinal::Russian,
            _ => Cardinal::OneOther,
        }
    }

    /// The plural category of `n`.
    pub fn category_for(self, n: impl Count) -> Plural {
        let n = n.magnitude();
        match self {
            Cardinal::OneOther if n == 1 => Plural::One,
            Cardinal::OneOther => Plural::Other,
            Cardinal::Russian => match (n % 10, n % 100) {
                (1, m) if m != 11 => Plural::One,
                (2..=4, m) if !(12..=14).contains(&m) => Plural::Few,
                _ => Plural::Many,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every integer sample CLDR's plural rules list for `category` (`@integer` in
    /// `plurals.xml`, its ranges written out) has that category.
    fn samples(language: &str, category: Plural, samples: &[(u32, u32)]) {
        let rules = Cardinal::of(language);
        for &(low, high) in samples {
            for n in low..=high {
                assert_eq!(rules.category_for(n), category, "{language} {n}");
            }
        }
    }

    #[test]
    fn russian_follows_cldrs_samples_of_one_few_and_many() {
        let one = [
            (1, 1),
            (21, 21),
            (31, 31),
            (41, 41),
            (51, 51),
            (61, 61),
            (71, 71),
        ];
        samples("ru", Plural::One, &one);
        samples("ru", Plural::One, &[(81, 81), (101, 101), (1001, 1001)]);
        let few = [
            (2, 4),
            (22, 24),
            (32, 34),
            (42, 44),
            (52, 54),
            (62, 62),
            (102, 102),
        ];
        samples("ru", Plural::Few, &few);
        samples("ru", Plural::Few, &[(1002, 1002)]);
        let many = [(0, 0), (5, 19), (100, 100), (1000, 1000), (10_000, 10_000)];
        samples("ru", Plural::Many, &many);
        samples(
            "ru",
            Plural::Many,
            &[(100_000, 100_000), (1_000_000, 1_000_000)],
        );
    }

    #[test]
    fn english_kyrgyz_and_kazakh_have_one_for_1_and_other_for_the_rest() {
        for language in ["en", "ky", "kk"] {
            samples(language, Plural::One, &[(1, 1)]);
            let other = [(0, 0), (2, 16), (100, 100), (1000, 1000), (10_000, 10_000)];
            samples(language, Plural::Other, &other);
            samples(
                language,
                Plural::Other,
                &[(100_000, 100_000), (1_000_000, 1_000_000)],
            );
        }
    }

    #[test]
    fn the_teens_of_russian_are_many_whatever_their_last_digit() {
        for n in [11u32, 12, 13, 14, 111, 112, 114, 1011, 1_000_012] {
            assert_eq!(Cardinal::Russian.category_for(n), Plural::Many, "{n}");
        }
        assert_eq!(Cardinal::Russian.category_for(22), Plural::Few);
    }

    #[test]
    fn a_negative_count_has_the_category_of_its_magnitude_in_every_integer_type() {
        for rules in [Cardinal::Russian, Cardinal::OneOther] {
            for n in [1i64, 2, 5, 11, 21, 22, 100] {
                assert_eq!(
                    rules.category_for(-n),
                    rules.category_for(n),
                    "{rules:?} {n}"
                );
            }
            assert_eq!(
                rules.category_for(i64::MIN + 1),
                rules.category_for(i64::MAX)
            );
            assert_eq!(rules.category_for(21u8), rules.category_for(21usize));
            assert_eq!(rules.category_for(-3i8), rules.category_for(3u128));
        }
        // The largest counts: 18446744073709551615 ends in 15, 9223372036854775807 in 07.
        assert_eq!(Cardinal::Russian.category_for(u64::MAX), Plural::Many);
        assert_eq!(Cardinal::Russian.category_for(u64::MAX - 14), Plural::One);
        assert_eq!(Cardinal::Russian.category_for(i64::MIN), Plural::Many);
    }

    #[test]
    fn a_language_without_rules_of_its_own_has_englishs() {
        assert_eq!(Cardinal::of("de"), Cardinal::OneOther);
        assert_eq!(Cardinal::of(""), Cardinal::OneOther);
        assert_eq!(Cardinal::of("ru"), Cardinal::Russian);
    }

    /// The texts of `locales/<language>/<namespace>.json`, by key.
    fn texts(language: &str, namespace: &str) -> serde_json::Map<String, serde_json::Value> {
        let path = format!(
            "{}/../../locales/{language}/{namespace}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
    }

    /// The Russian counts that read in the nominative ("21 коргоол", "3 хода", "25 ходов")
    /// have the noun of their form: the rules above choose the form, the text must agree.
    #[test]
    fn the_russian_nouns_of_korgools_and_moves_agree_with_each_form() {
        let korgools = ["коргоол", "коргоола", "коргоолов", "коргоола"];
        let moves = ["ход", "хода", "ходов", "хода"];
        for (namespace, key, nouns) in [
            ("common", "house_name", korgools),
            ("common", "kazan_name", korgools),
            ("common", "korgools", korgools),
            ("common", "ann_move", korgools),
            ("review", "rating_too_short", moves),
            ("library", "moves", moves),
        ] {
            let texts = texts("ru", namespace);
            for (form, noun) in ["one", "few", "many", "other"].into_iter().zip(nouns) {
                let text = texts[&format!("{key}_{form}")].as_str().unwrap();
                let after = text.split("{{ count }} ").nth(1).unwrap_or_default();
                let word: String = after.chars().take_while(|c| c.is_alphabetic()).collect();
                assert_eq!(word, noun, "ru/{namespace}.json {key}_{form}: {text}");
            }
        }
    }
}

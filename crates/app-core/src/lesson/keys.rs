//! The plain texts of the tutorial as data: a [`Key`] names one entry of the `tutorial`
//! namespace (`locales/<lang>/tutorial.json`).
//!
//! [`tutorial_keys!`](crate::tutorial_keys) declares each key once and hands the list to a
//! macro: here the one that makes the enum the lessons hold and its JSON name (the tests below
//! check every locale has every key); in the app, the one that gives each key its translated
//! text through `leptos_i18n`'s `t_string!`, so a key missing from the translations fails the
//! app's build.

/// Calls the macro named with every key of the tutorial, as `Variant => json_name,` pairs.
#[macro_export]
macro_rules! tutorial_keys {
    ($then:ident) => {
        $then! {
            L1Title => l1_title,
            L1Summary => l1_summary,
            L1YourRow => l1_your_row,
            L1TheirRow => l1_their_row,
            L1Kazans => l1_kazans,
            L1TapYour7 => l1_tap_your_7,
            L1TapTheir2 => l1_tap_their_2,
            L2Title => l2_title,
            L2Summary => l2_summary,
            L2Demo => l2_demo,
            L2DemoAcross => l2_demo_across,
            L2ExLanding => l2_ex_landing,
            L3Title => l3_title,
            L3Summary => l3_summary,
            L3Demo => l3_demo,
            L3ExLanding => l3_ex_landing,
            L3ExCapture => l3_ex_capture,
            L4Title => l4_title,
            L4Summary => l4_summary,
            L4Demo => l4_demo,
            L4DemoLap => l4_demo_lap,
            L4ExLanding => l4_ex_landing,
            L4ExLap => l4_ex_lap,
            L5Title => l5_title,
            L5Summary => l5_summary,
            L5Demo => l5_demo,
            L5DemoOwn => l5_demo_own,
            L5DemoOdd => l5_demo_odd,
            L5ExCapture => l5_ex_capture,
            L5ExOdd => l5_ex_odd,
            L6Title => l6_title,
            L6Summary => l6_summary,
            L6Demo => l6_demo,
            L6DemoFlow => l6_demo_flow,
            L6ExTuz => l6_ex_tuz,
            L6ExWhat => l6_ex_what,
            L7Title => l7_title,
            L7Summary => l7_summary,
            L7DemoHouse9 => l7_demo_house_9,
            L7DemoSame => l7_demo_same,
            L7ExWhy => l7_ex_why,
            L7ExTuz => l7_ex_tuz,
            L8Title => l8_title,
            L8Summary => l8_summary,
            L8Demo82 => l8_demo_82,
            L8DemoEmpty => l8_demo_empty,
            L8ExWin => l8_ex_win,
            L8ExResult => l8_ex_result,
            L9Title => l9_title,
            L9Summary => l9_summary,
            L9Intro => l9_intro,
            L9ExFirst => l9_ex_first,
            L9ExKazan => l9_ex_kazan,
            L9ExSecond => l9_ex_second,
            L9ExSymmetric => l9_ex_symmetric,
            L10Title => l10_title,
            L10Summary => l10_summary,
            L10Intro => l10_intro,
            L10ExBest => l10_ex_best,
            L10ExSafe => l10_ex_safe,
            L10ExRunOut => l10_ex_run_out,
            ChoiceCapture => choice_capture,
            ChoiceTuz => choice_tuz,
            ChoiceNothing => choice_nothing,
            ChoiceAlreadyHasTuz => choice_already_has_tuz,
            ChoiceHouse9 => choice_house9,
            ChoiceSameNumber => choice_same_number,
            ChoiceYouWin => choice_you_win,
            ChoiceOpponentWins => choice_opponent_wins,
            ChoiceDraw => choice_draw,
            MissCapture => miss_capture,
            MissTuz => miss_tuz,
            MissWin => miss_win,
            MissBest => miss_best,
            MissSafe => miss_safe,
        }
    };
}

macro_rules! key_enum {
    ($($variant:ident => $key:ident,)*) => {
        /// A plain text of the tutorial (no interpolation).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Key {
            $(
                #[allow(missing_docs)]
                $variant,
            )*
        }

        impl Key {
            /// Every key.
            pub const ALL: &'static [Key] = &[$(Key::$variant,)*];

            /// The key's name in `tutorial.json`.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Key::$variant => stringify!($key),)*
                }
            }
        }
    };
}

tutorial_keys!(key_enum);

#[cfg(test)]
mod tests {
    use super::Key;
    use std::collections::{BTreeMap, BTreeSet};

    const LOCALES: [(&str, &str); 4] = locales!("tutorial");

    fn read(text: &str) -> BTreeMap<String, String> {
        serde_json::from_str(text).expect("tutorial.json is a flat object of strings")
    }

    /// Key name without a plural suffix.
    fn base(key: &str) -> &str {
        ["_one", "_few", "_many", "_other"]
            .iter()
            .find_map(|s| key.strip_suffix(s))
            .unwrap_or(key)
    }

    fn variables(text: &str) -> BTreeSet<String> {
        text.split("{{")
            .skip(1)
            .filter_map(|s| s.split("}}").next())
            .map(|v| v.trim().to_string())
            .collect()
    }

    #[test]
    fn every_locale_has_every_key_with_the_same_variables() {
        let en = read(LOCALES[0].1);
        for key in Key::ALL {
            assert!(en.contains_key(key.name()), "en lacks {}", key.name());
        }
        let base_vars = |m: &BTreeMap<String, String>| {
            let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
            for (k, v) in m {
                out.entry(base(k).to_string())
                    .or_default()
                    .extend(variables(v));
            }
            out
        };
        let reference = base_vars(&en);
        for (lang, text) in LOCALES {
            let map = read(text);
            assert_eq!(
                base_vars(&map),
                reference,
                "{lang}: keys or variables differ from en"
            );
            // Every plural key has its `_other` form, and Russian all four.
            for k in map.keys().filter(|k| base(k) != k.as_str()) {
                let b = base(k);
                assert!(map.contains_key(&format!("{b}_other")), "{lang}: {b}_other");
                if lang == "ru" {
                    for form in ["_one", "_few", "_many"] {
                        assert!(map.contains_key(&format!("{b}{form}")), "ru: {b}{form}");
                    }
                }
            }
            // No text left empty or untranslated English in another language.
            for (k, v) in &map {
                assert!(!v.trim().is_empty(), "{lang}: {k} is empty");
                if lang != "en" && v.chars().filter(|c| c.is_alphabetic()).count() > 12 {
                    assert_ne!(Some(v), en.get(k), "{lang}: {k} is the English text");
                }
            }
        }
    }
}

//! Offline and installable: what the app remembers of its prompts (the iOS hint, the Install
//! button, the request to keep the site's storage), as a versioned value of `toguz_store`.

/// The app's stored flags (the app keeps them under `toguz.pwa`, through its storage gateway).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct PwaFlags {
    /// The player dismissed the iOS "Add to Home Screen" hint.
    pub ios_hint_dismissed: bool,
    /// The browser was asked to keep the site's storage (the app asks once).
    pub storage_kept_asked: bool,
    /// The player dismissed the Install button ("Not now"): the browser offers it again at
    /// each visit, the player was asked once.
    pub install_dismissed: bool,
}

impl toguz_store::Schema for PwaFlags {
    const KIND: &'static str = "pwa";
    const VERSION: u32 = 1;
    /// Version 0: `"1"` under the older key of the iOS hint, once the hint was dismissed.
    const BARE: bool = true;

    fn upgrade(from: u32, data: serde_json::Value) -> Result<serde_json::Value, String> {
        match (from, &data) {
            (0, serde_json::Value::Number(n)) if n.as_u64() == Some(1) => {
                Ok(serde_json::json!({ "ios_hint_dismissed": true }))
            }
            (0, _) => Err("the hint's flag must be 1".into()),
            _ => Err(format!("no migration from version {from}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_store::{decode, encode};

    #[test]
    fn the_old_hint_flag_is_migrated_and_every_flag_kept() {
        let old: PwaFlags = decode("1").unwrap();
        assert!(old.ios_hint_dismissed);
        assert!(decode::<PwaFlags>("2").is_err());
        let flags = PwaFlags {
            ios_hint_dismissed: true,
            storage_kept_asked: true,
            install_dismissed: true,
        };
        assert_eq!(decode::<PwaFlags>(&encode(&flags)), Ok(flags));
        assert_eq!(
            decode::<PwaFlags>(&encode(&PwaFlags::default())),
            Ok(PwaFlags::default())
        );
        // Flags without it read as not asked.
        let before = r#"{"kind":"pwa","v":1,"data":{"ios_hint_dismissed":true}}"#;
        assert!(!decode::<PwaFlags>(before).unwrap().storage_kept_asked);
        assert!(!decode::<PwaFlags>(before).unwrap().install_dismissed);
    }
}

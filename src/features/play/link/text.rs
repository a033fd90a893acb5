//! Why a friend's link was refused, in the player's language.

use toguz_store::link::Reject;

use crate::i18n::*;
use crate::services::saves::LinkProblem;

/// The message of a refused link: what was wrong, and that nothing changed.
pub fn link_problem(locale: Locale, problem: &LinkProblem) -> String {
    match problem {
        LinkProblem::Refused(why) => match *why {
            Reject::Unreadable => td_string!(locale, common.link_err_unreadable).to_string(),
            Reject::BadChecksum => td_string!(locale, common.link_err_checksum).to_string(),
            Reject::IllegalMove { ply } => {
                td_string!(locale, common.link_err_illegal, n = ply).to_string()
            }
            Reject::ChangesStoredMove { ply } => {
                td_string!(locale, common.link_err_changes, n = ply).to_string()
            }
            Reject::PlaysForReceiver => td_string!(locale, common.link_err_for_you).to_string(),
            Reject::SkipsAhead => td_string!(locale, common.link_err_skips).to_string(),
            Reject::OtherSides => td_string!(locale, common.link_err_sides).to_string(),
        },
        LinkProblem::Read(_) => td_string!(locale, common.link_err_storage).to_string(),
    }
}

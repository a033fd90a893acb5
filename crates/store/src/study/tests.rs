use super::*;
use crate::backend::Memory;
use toguz_engine::study::Glyph;
use toguz_engine::{House, Position};

fn h(n: u8) -> House {
    House::new(n).unwrap()
}

/// A tree with a variation at ply 2, a comment on it, a glyph and a comment on the start.
fn tree() -> Study {
    let mut s = Study::new(Position::start());
    let a = s.play(ROOT, h(7)).unwrap();
    let b = s.play(a, h(9)).unwrap();
    s.play(b, h(6)).unwrap();
    let v = s.play(a, h(1)).unwrap();
    s.set_comment(v, "the quiet reply");
    s.set_glyph(b, Some(Glyph::Interesting));
    s.set_comment(ROOT, "a club game");
    s
}

#[test]
fn a_saved_study_reads_back_as_the_same_tree_with_its_title() {
    let lib = Library::new(Memory::new(), "t");
    let mut saved = SavedStudy::new(
        "s1".into(),
        5,
        "Opening 7".into(),
        Some("g1".into()),
        &tree(),
    );
    lib.save_study(&mut saved, 9).unwrap();
    let back = lib.study("s1").unwrap().unwrap();
    assert_eq!(back.updated, 9);
    assert_eq!(back.game.as_deref(), Some("g1"));
    let study = back.study().unwrap();
    assert_eq!(title_of(&study), "Opening 7");
    let mut plain = study.clone();
    plain.tags.clear();
    assert_eq!(plain, tree());
    let summary = back.summary().unwrap();
    assert_eq!((summary.moves, summary.variation_moves), (2, 1));
}

#[test]
fn studies_are_listed_last_changed_first_and_deleted_with_an_undo_copy() {
    let lib = Library::new(Memory::new(), "t");
    for (id, t) in [("a", 3), ("b", 7), ("c", 5)] {
        let mut s = SavedStudy::new(id.into(), t, id.into(), None, &tree());
        lib.save_study(&mut s, t).unwrap();
    }
    let (all, problems) = lib.studies().unwrap();
    assert!(problems.is_empty());
    let ids: Vec<_> = all.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["b", "c", "a"]);
    let gone = lib.delete_study("c").unwrap().unwrap();
    assert_eq!(lib.studies().unwrap().0.len(), 2);
    lib.write(&study_key(&gone.id), &gone).unwrap();
    assert_eq!(lib.studies().unwrap().0.len(), 3);
}

#[test]
fn a_study_that_does_not_read_is_backed_up_and_the_others_still_list() {
    let lib = Library::new(Memory::new(), "t");
    let mut s = SavedStudy::new("ok".into(), 1, "fine".into(), None, &tree());
    lib.save_study(&mut s, 1).unwrap();
    lib.backend().set(&study_key("bad"), "{not json").unwrap();
    let (all, problems) = lib.studies().unwrap();
    assert_eq!(all.len(), 1);
    assert_eq!(problems.len(), 1);
    assert_eq!(
        problems[0].backup.as_deref(),
        Some("toguz.backup.toguz.study.bad")
    );
    assert_eq!(
        lib.backend()
            .get("toguz.backup.toguz.study.bad")
            .unwrap()
            .as_deref(),
        Some("{not json")
    );
}

#[test]
fn a_text_with_variations_or_the_study_tag_is_a_study_and_a_plain_record_is_not() {
    let text = tree().to_string();
    assert!(text.contains("(1..."), "{text}");
    assert!(is_study_text(&text));
    let mut tagged = Study::new(Position::start());
    tagged.play(ROOT, h(7)).unwrap();
    tagged.tags.push((STUDY_TAG.into(), "Mine".into()));
    assert!(is_study_text(&tagged.to_string()));
    // PlayOK records carry comments (`{zero}`) and no variation: still games.
    assert!(!is_study_text(
        "[White \"a\"]\n[Black \"b\"]\n\n1. 76(10) 98 1-0 {zero}"
    ));
    // A parenthesis inside a comment or a tag is no variation.
    assert!(!is_study_text("1. 76(10) {a (quiet) move} 98 *"));
    assert!(!is_study_text("[Event \"Cup (final)\"]\n\n1. 76(10) 98 *"));
    // A variation that does not read still makes the text a study (its error is the study's).
    assert!(is_study_text("1. 76(10) 98 (1... 19) *"));
}

#[test]
fn an_exported_study_imports_as_the_same_tree() {
    let saved = SavedStudy::new("x".into(), 1, "Lesson".into(), None, &tree());
    let read = read_studies(&saved.text).unwrap();
    assert_eq!(read.len(), 1);
    assert_eq!(title_of(&read[0]), "Lesson");
    let lib = Library::new(Memory::new(), "t");
    let added = lib.add_studies(&read, 4).unwrap();
    let again = lib.study(&added.ids[0]).unwrap().unwrap();
    assert_eq!(again.title, "Lesson");
    assert_eq!(again.study().unwrap(), saved.study().unwrap());
}

#[test]
fn a_study_imported_again_is_recognised_and_not_added_twice_even_renamed() {
    let lib = Library::new(Memory::new(), "t");
    let mut saved = SavedStudy::new("x".into(), 1, "Lesson".into(), None, &tree());
    lib.save_study(&mut saved, 1).unwrap();
    // Its export, imported again: known.
    let again = lib
        .add_studies(&read_studies(&saved.text).unwrap(), 2)
        .unwrap();
    assert_eq!((again.ids.len(), again.skipped), (0, 1));
    // Renamed since, or exported under another name: the same tree is still known.
    let mut other = read_studies(&saved.text).unwrap();
    set_title(&mut other[0], "Another name");
    assert_eq!(lib.add_studies(&other, 3).unwrap().skipped, 1);
    // Another tree is new, once, even if the file holds it twice.
    let mut changed = tree();
    changed.set_comment(ROOT, "another lesson");
    let twice = lib.add_studies(&[changed.clone(), changed], 4).unwrap();
    assert_eq!((twice.ids.len(), twice.skipped), (1, 1));
    assert_eq!(lib.studies().unwrap().0.len(), 2);
}

#[test]
fn a_study_is_renamed_in_its_title_and_its_text_and_a_blank_name_is_refused() {
    let mut saved = SavedStudy::new("x".into(), 1, "Lesson".into(), None, &tree());
    assert!(saved.rename("  Opening 7  "));
    assert_eq!(saved.title, "Opening 7");
    assert_eq!(title_of(&saved.study().unwrap()), "Opening 7");
    assert!(!saved.rename("   "));
    assert_eq!(saved.title, "Opening 7");
}

#[test]
fn a_studys_moves_are_counted_as_a_games_moves_are() {
    // Three plies from White's first: moves 1 and 2, as the library counts a game's.
    let saved = SavedStudy::new("x".into(), 1, "Lesson".into(), None, &tree());
    let summary = saved.summary().unwrap();
    assert_eq!((summary.moves, summary.variation_moves), (2, 1));
    // 24 plies are 12 moves.
    let mut long = Study::new(Position::start());
    let mut at = ROOT;
    for _ in 0..24 {
        let house = (1..=9)
            .map(h)
            .find(|&x| long.clone().play(at, x).is_ok())
            .unwrap();
        at = long.play(at, house).unwrap();
    }
    let s = SavedStudy::new("y".into(), 1, "Long".into(), None, &long);
    assert_eq!(s.summary().unwrap().moves, 12);
}

#[test]
fn an_illegal_move_inside_a_variation_gives_its_exact_place_and_nothing_is_added() {
    // The variation's reply is changed to a move that does not land where it says.
    let good = tree().to_string();
    let reply = good
        .split("(1... ")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();
    let bad = good.replacen(&format!("(1... {reply}"), "(1... 19", 1);
    let err = read_studies(&bad).unwrap_err().unwrap();
    assert_eq!(err.path.to_string(), "2.1.1", "{bad}");
    assert_eq!(err.token, "19");
    assert!(read_studies("").unwrap_err().is_none());
}

#[test]
fn a_study_worth_keeping_has_a_move_or_a_comment() {
    let mut s = Study::new(Position::start());
    assert!(!worth_keeping(&s));
    s.set_comment(ROOT, "think first");
    assert!(worth_keeping(&s));
    assert!(worth_keeping(&tree()));
}

#[test]
fn a_title_comes_from_the_tag_else_the_players() {
    let mut s = tree();
    assert_eq!(title_of(&s), "");
    s.tags.push(("White".into(), "Ana".into()));
    s.tags.push(("Black".into(), "?".into()));
    assert_eq!(title_of(&s), "Ana");
    s.tags.push(("Study".into(), "Mine".into()));
    assert_eq!(title_of(&s), "Mine");
}

#[test]
fn a_link_payload_reads_back_as_the_text_and_garbage_reads_as_none() {
    let text = tree().to_string();
    assert_eq!(
        read_link_payload(&link_payload(&text)).as_deref(),
        Some(text.as_str())
    );
    assert_eq!(read_link_payload("%%%"), None);
    assert_eq!(read_link_payload("_w"), None);
}

#[test]
fn the_playok_records_are_plain_records_not_studies() {
    for text in [
        include_str!("../../../../public/playok/korgol.pgn"),
        include_str!("../../../../public/playok/avataar.pgn"),
    ] {
        assert!(!is_study_text(text));
    }
}

#[test]
fn a_study_of_a_set_up_position_keeps_its_start_in_storage_export_import_and_links() {
    let start: Position = "0,0,0,0,0,2,3,0,1/1,0,4,0,0,0,0,2,0 70/79 -/- w"
        .parse()
        .unwrap();
    let mut s = Study::new(start);
    let a = s.play(ROOT, h(7)).unwrap();
    s.set_comment(a, "the point");
    s.play(ROOT, h(6)).unwrap();
    // Storage: kept, read back, listed.
    let lib = Library::new(Memory::new(), "t");
    let mut saved = SavedStudy::new("e".into(), 1, "Endgame".into(), None, &s);
    lib.save_study(&mut saved, 1).unwrap();
    let kept = lib.study("e").unwrap().unwrap();
    assert_eq!(kept.study().unwrap().start(), start);
    assert_eq!(lib.studies().unwrap().0.len(), 1);
    assert!(kept.summary().is_some(), "the library lists it");
    // Export and import: the exported text is a study and comes back as the same tree.
    assert!(is_study_text(&kept.text));
    let read = read_studies(&kept.text).unwrap();
    let mut plain = read[0].clone();
    plain.tags.clear();
    assert_eq!(plain, s);
    // A link: the payload reads back as a study on the same start.
    let link = read_link_payload(&link_payload(&kept.text)).unwrap();
    assert_eq!(Study::read_one(&link).unwrap().start(), start);
}

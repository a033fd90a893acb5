use toguz_engine::game::Game;
use toguz_engine::record::{Record, write};
use toguz_engine::search::{Level, Rng, Searcher};

fn main() {
    let nodes: u64 = std::env::args()
        .nth(1)
        .map(|s| s.parse().unwrap())
        .unwrap_or(2_000_000);
    let mut game = Game::new();
    let mut s = [Searcher::new(16), Searcher::new(16)];
    let mut rng = Rng::new(1);
    let mut params = Level::of(8).params();
    params.nodes = nodes;
    while !game.is_over() && game.ply() < 300 {
        let pos = game.position();
        let r = s[pos.turn().index()].play_level(&pos, &params, &mut rng, |_| false);
        game.play(r.best.unwrap()).unwrap();
    }
    let tags = vec![
        ("White".to_string(), format!("expert-{nodes}-nodes")),
        ("Black".to_string(), format!("expert-{nodes}-nodes")),
    ];
    print!("{}", write(&[Record::from_game(&game, tags)]));
}

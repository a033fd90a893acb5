// Fits the review's accuracy against the players' ratings, from the output of
// `toguz review <file> --summary` (several files may be given, in any order):
//
//   node scripts/rating-fit.mjs review-korgol.txt review-avataar.txt
//
// Prints, per band of 100 rating points, how many sides it rests on, their mean accuracy and
// its spread; then the straight line accuracy = a + b × rating over all sides, and the spread
// of a side's accuracy around that line as a function of its number of moves,
// spread² = s² + m² / moves (the coach's `estimate` module carries these numbers).
// Sides without a rating (the levels' own games, from `toguz match --out`) are listed by
// player instead: their mean accuracy and the rating the line gives it.
import { readFileSync } from 'node:fs';

const sides = [];
const unrated = new Map();
const games = [];
for (const file of process.argv.slice(2)) {
  let game = null;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const g = line.match(/^game \d+: (.*) \((\d+|\?)\) - (.*) \((\d+|\?)\), (\d+) plies/);
    if (g) {
      game = {
        white: Number(g[2]),
        black: Number(g[4]),
        names: { white: g[1], black: g[3] },
        plies: Number(g[5]),
      };
      continue;
    }
    const a = line.match(/^accuracy white (\S+) black (\S+)/);
    if (a && game) {
      const moves = { white: Math.ceil(game.plies / 2), black: Math.floor(game.plies / 2) };
      if (a[1] !== '-' && a[2] !== '-') {
        games.push({ ...game, moves, acc: { white: Number(a[1]), black: Number(a[2]) } });
      }
      for (const [side, acc] of [['white', a[1]], ['black', a[2]]]) {
        if (acc === '-') continue;
        const one = { rating: game[side], accuracy: Number(acc), moves: moves[side] };
        if (Number.isFinite(game[side])) {
          sides.push(one);
        } else {
          const name = game.names[side];
          if (!unrated.has(name)) unrated.set(name, []);
          unrated.get(name).push(one);
        }
      }
      game = null;
    }
  }
}
const minMoves = Number(process.env.MIN_MOVES ?? 30);
const all = sides.length;
sides.splice(0, sides.length, ...sides.filter((s) => s.moves >= minMoves));
console.log(`${all} rated sides, ${sides.length} of them with at least ${minMoves} moves`);
if (sides.length < 3) {
  console.error('usage: node scripts/rating-fit.mjs <toguz review --summary output>...');
  process.exit(2);
}

const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
const sd = (xs) => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(1, xs.length - 1));
};
const line = (xs, ys) => {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i] - my);
    sxx += (x - mx) ** 2;
  });
  const b = sxy / sxx;
  return { a: my - b * mx, b };
};

console.log('| rating | sides | moves (mean) | accuracy mean | spread (sd) | error of the mean |');
console.log('| --- | --- | --- | --- | --- | --- |');
const bands = new Map();
for (const s of sides) {
  const band = Math.floor(s.rating / 100) * 100;
  if (!bands.has(band)) bands.set(band, []);
  bands.get(band).push(s);
}
for (const band of [...bands.keys()].sort((x, y) => x - y)) {
  const b = bands.get(band);
  const acc = b.map((s) => s.accuracy);
  const spread = b.length > 1 ? sd(acc) : NaN;
  console.log(
    `| ${band}-${band + 99} | ${b.length} | ${mean(b.map((s) => s.moves)).toFixed(0)} | ` +
      `${mean(acc).toFixed(2)} | ${spread.toFixed(2)} | ${(spread / Math.sqrt(b.length)).toFixed(2)} |`,
  );
}

const fit = line(
  sides.map((s) => s.rating),
  sides.map((s) => s.accuracy),
);
const resid2 = sides.map((s) => (s.accuracy - fit.a - fit.b * s.rating) ** 2);
const spread = line(
  sides.map((s) => 1 / s.moves),
  resid2,
);
const r = (() => {
  const xs = sides.map((s) => s.rating);
  const ys = sides.map((s) => s.accuracy);
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i] - my);
  });
  return sxy / ((xs.length - 1) * sd(xs) * sd(ys));
})();
console.log(
  `accuracy = ${fit.a.toFixed(3)} + ${(fit.b * 100).toFixed(4)} per 100 points; correlation ${r.toFixed(3)}`,
);
console.log(
  `residual sd ${Math.sqrt(mean(resid2)).toFixed(3)}; spread² = ${spread.a.toFixed(3)} + ${spread.b.toFixed(1)} / moves`,
);
console.log(`ratings ${Math.min(...sides.map((s) => s.rating))}..${Math.max(...sides.map((s) => s.rating))}`);

if (unrated.size > 0) {
  console.log('| player | sides | moves (mean) | accuracy mean | spread (sd) | error of the mean | rating by the line |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  const at = (acc) => (acc - fit.a) / fit.b;
  for (const name of [...unrated.keys()].sort()) {
    const u = unrated.get(name).filter((s) => s.moves >= minMoves);
    if (u.length === 0) continue;
    const acc = u.map((s) => s.accuracy);
    const m = mean(acc);
    const e = u.length > 1 ? sd(acc) / Math.sqrt(u.length) : NaN;
    console.log(
      `| ${name} | ${u.length} | ${mean(u.map((s) => s.moves)).toFixed(0)} | ${m.toFixed(2)} | ` +
        `${(u.length > 1 ? sd(acc) : NaN).toFixed(2)} | ${e.toFixed(2)} | ` +
        `${at(m).toFixed(0)} (${at(m - e).toFixed(0)} to ${at(m + e).toFixed(0)}) |`,
    );
  }
}

// The within-game comparison, for the estimate after a game (`toguz_coach::estimate`): the
// difference of the two sides' accuracies (white minus black) against the difference of their
// ratings, over games where both are rated and both played at least `MIN_MOVES` moves, as
// diff = b × (R_white − R_black) + noise, a line through zero (swapping the colours swaps both
// signs). The noise's variance as a function of the game's length: var = v0 + v1 × (1/m_w + 1/m_b).
// And the prior: the mean and spread of the rated sides' ratings.
const pairs = games.filter(
  (g) => Number.isFinite(g.white) && Number.isFinite(g.black) && g.moves.white >= minMoves && g.moves.black >= minMoves,
);
if (pairs.length >= 3) {
  const dr = pairs.map((g) => g.white - g.black);
  const da = pairs.map((g) => g.acc.white - g.acc.black);
  let sxy = 0;
  let sxx = 0;
  dr.forEach((x, i) => {
    sxy += x * da[i];
    sxx += x * x;
  });
  const b = sxy / sxx;
  const res2 = pairs.map((g, i) => (da[i] - b * dr[i]) ** 2);
  const resid = Math.sqrt(res2.reduce((s, x) => s + x, 0) / (pairs.length - 1));
  const seB = resid / Math.sqrt(sxx);
  const inv = pairs.map((g) => 1 / g.moves.white + 1 / g.moves.black);
  const v = line(inv, res2);
  const corr = sxy / Math.sqrt(sxx * da.reduce((s, y) => s + y * y, 0));
  console.log(
    `within a game (${pairs.length} games): accuracy difference = ${(b * 100).toFixed(4)} ± ${(seB * 100).toFixed(4)} per 100 rating points of difference; ` +
      `correlation (through zero) ${corr.toFixed(3)}; residual sd ${resid.toFixed(3)}; ` +
      `residual² = ${v.a.toFixed(3)} + ${v.b.toFixed(1)} × (1/moves_white + 1/moves_black)`,
  );
  const ratings = sides.map((s) => s.rating);
  console.log(`prior: the rated sides' ratings, mean ${mean(ratings).toFixed(0)}, sd ${sd(ratings).toFixed(0)} (${ratings.length} sides)`);
}

//! Sure tricks at a trick's start: the cards of a side that no card of the other
//! side can beat, counted as tricks and the honors those tricks must hold
//! (`sure_tricks`: wherever they fall; `sure_honors`: led by the player on lead).
//!
//! A card's strength depends on the trick (the mighty in it or not, same-two
//! holding or not, the lead), so "beats" is asked over every trick the card may
//! still be in. Two facts of the position narrow those tricks (`Sure::variant`):
//! once the mighty is out of play no trick holds it (the yoromeki is a plain
//! heart), and a suit's same-two needs every hand to follow that suit, so once a
//! hand is void in it (no joker to count) no trick of that suit is a same-two one.
//! The tables are made once per solver for each of the 32 variants (the mighty in
//! play or not, the suits whose same-two may still hold).

use crate::rules::{Rules, JOKER, MIGHTY, NO_KEY};
use crate::search::Solver;
use crate::state::State;

/// The tables of `sure_tricks` and `sure_honors`, per variant (`Sure::variant`).
pub(crate) struct Sure {
    /// Per variant and card (54: none), the firm cards (whose weakest key, over
    /// every trick they may be in, is a real one: never a discard that cannot win)
    /// whose weakest key beats that card's strongest: the cards that beat every
    /// card of the other side, whose strongest card it is.
    beats: Vec<[u64; 55]>,
    /// Per variant, every card, strongest (lowest strongest key) first.
    order: Vec<[u8; 54]>,
    /// `beaten_led`.
    led: Vec<u64>,
    /// The 2s whose same-two the rules may let hold (none if the ladder has no
    /// same-two; the trump's only with same-two-trump).
    twos: u64,
    /// Per trick number, whether a trick from it to the last may be a same-two one
    /// (same-two-first-trick, same-two-last-trick).
    s2_from: Vec<bool>,
}

impl Sure {
    pub(crate) fn new(r: &Rules) -> Sure {
        let mut beats = Vec::with_capacity(32);
        let mut order = Vec::with_capacity(32);
        let parts = extremes(r);
        for v in 0..32usize {
            // the parts the variant allows: the mighty in the trick (16), same-two
            // of each suit whose bit it has
            let mut weakest = [0u16; 54];
            let mut strongest = [NO_KEY; 54];
            for (m, by_s2) in parts.iter().enumerate() {
                for (p, (weak, strong)) in by_s2.iter().enumerate() {
                    if (m == 0 || v & 16 != 0) && (p == 0 || v >> (p - 1) & 1 == 1) {
                        for c in 0..54 {
                            weakest[c] = weakest[c].max(weak[c]);
                            strongest[c] = strongest[c].min(strong[c]);
                        }
                    }
                }
            }
            let mut by: [u8; 54] = std::array::from_fn(|c| c as u8);
            by.sort_by_key(|&c| strongest[c as usize]);
            order.push(by);
            beats.push(std::array::from_fn(|top| {
                let beat = if top == 54 { NO_KEY } else { strongest[top] };
                (0..54)
                    .filter(|&c| weakest[c] < NO_KEY && weakest[c] < beat)
                    .fold(0u64, |a, c| a | 1 << c)
            }));
        }
        let twos = (0..4u8)
            .filter(|&s| {
                r.key(s * 13, 0, Some(s), true, false) != r.key(s * 13, 0, Some(s), false, false)
                    && (r.trump != Some(s) || r.s2_trump)
            })
            .fold(0u64, |a, s| a | 1 << (s * 13));
        let last = r.tricks;
        let s2_from = (0..=last + 1)
            .map(|from| (from..=last).any(|t| (t != 1 || r.s2_first) && (t != last || r.s2_last)))
            .collect();
        Sure {
            beats,
            order,
            led: beaten_led(r),
            twos,
            s2_from,
        }
    }
}

impl Solver {
    /// The variant of the sure tables at a trick's start: the mighty in play
    /// (16) and the suits whose same-two may still hold in a trick to come (a bit
    /// each): the rules allow it in one of the tricks left and for the suit (trump
    /// or not), the suit's 2 is in play, and every hand holds a card of the suit
    /// or a joker that counts as one. (Hands only shrink: a suit out stays out.)
    pub(crate) fn variant(&self, s: &State) -> usize {
        let r = &self.rules;
        let n = r.players;
        let all = s.hands[..n].iter().fold(0u64, |a, h| a | h);
        let mut v = if all >> MIGHTY & 1 == 1 { 16 } else { 0 };
        let mut twos = all & self.sure.twos;
        if twos == 0 || !self.sure.s2_from[s.trick_no as usize] {
            return v;
        }
        while twos != 0 {
            let suit = twos.trailing_zeros() / 13;
            twos &= twos - 1;
            if self.all_follow(s, suit) {
                v |= 1 << suit;
            }
        }
        v
    }

    /// Whether every hand holds a card of `suit` or a joker that counts as one
    /// for same-two.
    fn all_follow(&self, s: &State, suit: u32) -> bool {
        let r = &self.rules;
        let jokers = if r.s2_joker_counts { 3u64 << 52 } else { 0 };
        let cards = 0x1fffu64 << (13 * suit) | jokers;
        s.hands[..r.players].iter().all(|&h| h & cards != 0)
    }
}

impl Solver {
    /// At a trick's start, the honors each side (0: the allies, 1: Napoleon's) is
    /// sure of, counted over whole tricks: a card of a side that beats every card
    /// of the other side in any trick still possible (`Sure::beats`, whatever the
    /// lead) wins the trick it falls in for its side. A player holding `t` such
    /// cards makes his side win `t` tricks at least, and every hand plays one card
    /// to each of them: at least `t` less its cards that are no honor are honors
    /// (a player of the side counts at least his own sure honors, which it wins
    /// wherever they fall). With the low cards found sure (`ranks`).
    pub(crate) fn sure_tricks(&self, s: &State) -> (i32, i32, u64) {
        let n = self.rules.players;
        let honors = self.rules.honors;
        let v = self.variant(s);
        let mut held = [0u64; 2]; // the allies', Napoleon's side's
        for (i, &h) in s.hands[..n].iter().enumerate() {
            held[(s.side >> i & 1) as usize] |= h;
        }
        let mut sure = [0i32; 2];
        let mut read = 0;
        for side in 0..2 {
            let other = held[1 - side];
            let top = self.sure.order[v]
                .iter()
                .find(|&&c| other >> c & 1 == 1)
                .map_or(54, |&c| c as usize); // the other side's strongest card
            let beats = self.sure.beats[v][top];
            let mut tricks = 0u32;
            let mut own = [0u32; 6];
            for (i, &h) in s.hands[..n].iter().enumerate() {
                if s.side >> i & 1 != side as u8 {
                    continue;
                }
                let wins = h & beats;
                if wins != 0 {
                    // (counted only when there is something to count: no POPCNT)
                    read |= wins & self.low; // (their ranks beat the other side's)
                    tricks = tricks.max(wins.count_ones());
                    own[i] = (wins & honors).count_ones();
                }
            }
            if tricks == 0 {
                continue;
            }
            for (i, &h) in s.hands[..n].iter().enumerate() {
                let plain = (h & !honors).count_ones();
                sure[side] += own[i].max(tricks.saturating_sub(plain)) as i32;
            }
        }
        (sure[1], sure[0], read)
    }

    /// Honors the leader's side is sure to win in the next tricks: the leader's
    /// cards that no card left in another hand can beat when led, in any trick
    /// still possible (`beaten_led`), win a trick each in a row; those tricks hold
    /// their own honors and, from each other hand, the honors it must play once
    /// its other cards run out. With the low cards found unbeatable (`ranks`).
    pub(crate) fn sure_honors(&self, s: &State) -> (i32, u64) {
        let r = &self.rules;
        let n = r.players;
        if s.trick_no == 1 && r.opening_restricted {
            return (0, 0);
        }
        let hand = s.hands[s.leader];
        let mut others = 0u64;
        for (i, &h) in s.hands[..n].iter().enumerate() {
            if i != s.leader {
                others |= h;
            }
        }
        // Same-two changes a key only for the 2 of the lead suit, so a card's test
        // asks for it only when another hand holds that 2 (the variant's question
        // for one suit: asking the whole variant here was 2 % of the instructions).
        let twos = if self.sure.s2_from[s.trick_no as usize] {
            others & self.sure.twos
        } else {
            0
        };
        let mighty_out = others >> MIGHTY & 1 == 1;
        let mut sure = 0u64;
        // a suited card leads its own suit: one look-up
        let mut bits = hand & ((1 << JOKER) - 1);
        while bits != 0 {
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let suit = c / 13;
            let same_two = twos >> (suit * 13) & 1 == 1 && self.all_follow(s, suit as u32);
            if others & self.sure.led[led_at(c, 0, mighty_out, same_two)] == 0 {
                sure |= 1 << c;
            }
        }
        // a joker leads the trump or names a suit: sure if sure for one it may name
        let mut bits = hand >> JOKER << JOKER;
        while bits != 0 {
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let named: &[usize] = if r.joker_lead_suit {
                &[1, 2, 3, 4]
            } else {
                &[0]
            };
            if named.iter().any(|&l| {
                let lead = r.lead_suit(JOKER, (l > 0).then(|| l as u8 - 1));
                let same_two = lead.is_some_and(|suit| {
                    twos >> (suit * 13) & 1 == 1 && self.all_follow(s, suit as u32)
                });
                others & self.sure.led[led_at(c, l, mighty_out, same_two)] == 0
            }) {
                sure |= 1 << c;
            }
        }
        if sure == 0 {
            return (0, 0);
        }
        let read = sure & self.low;
        let wins = sure.count_ones() as i32;
        let mut honors = (sure & r.honors).count_ones() as i32;
        for (i, &h) in s.hands[..n].iter().enumerate() {
            if i != s.leader {
                let plain = (h & !r.honors).count_ones() as i32;
                honors += (wins - plain).max(0);
            }
        }
        if s.pending {
            honors += s.widow as i32;
        }
        (honors, read)
    }
}

/// The place in `beaten_led` of card `c` led (`l`: the suit a led joker names,
/// none or 0–3 as 1–4), the mighty still out in another hand or not, same-two
/// possible for the lead suit or not.
fn led_at(c: u8, l: usize, mighty_out: bool, same_two: bool) -> usize {
    ((c as usize * 5 + l) * 2 + mighty_out as usize) * 2 + same_two as usize
}

/// Per card led, the suit a led joker names, whether the mighty is still out in
/// another hand and whether same-two may hold for the lead suit (`led_at`), the
/// cards that beat it in some trick it leads (same-two holding or not where it
/// may, the mighty in the trick or not): `sure_honors`' question, asked at every
/// trick's start, read from here.
fn beaten_led(r: &Rules) -> Vec<u64> {
    let mut out = vec![0u64; 54 * 5 * 2 * 2];
    for c in 0..54u8 {
        let card = c.min(JOKER);
        for l in 0..5usize {
            let named = if l == 0 { None } else { Some(l as u8 - 1) };
            let lead = r.lead_suit(card, named);
            for mighty_out in [false, true] {
                for same_two in [false, true] {
                    let s2s: &[bool] = if same_two { &[false, true] } else { &[false] };
                    let mi: &[bool] = if card == MIGHTY {
                        &[true]
                    } else if mighty_out {
                        &[false, true]
                    } else {
                        &[false]
                    };
                    let mut weakest = 0u16;
                    for &m in mi {
                        for &s2 in s2s {
                            weakest = weakest.max(r.key(card, 0, lead, s2, m));
                        }
                    }
                    let mut mask = 0u64;
                    for o in 0..54u8 {
                        let oc = o.min(JOKER);
                        let m_in: &[bool] = if card == MIGHTY || oc == MIGHTY {
                            &[true]
                        } else if mighty_out {
                            &[false, true]
                        } else {
                            &[false]
                        };
                        let beats = m_in
                            .iter()
                            .any(|&m| s2s.iter().any(|&s2| r.key(oc, 1, lead, s2, m) < weakest));
                        if beats {
                            mask |= 1 << o;
                        }
                    }
                    out[led_at(c, l, mighty_out, same_two)] = mask;
                }
            }
        }
    }
    out
}

/// Each card's weakest and strongest sort key over the contexts of a trick — led
/// (naming any suit) or followed under any lead — in parts: [mighty in the trick
/// (0: no, 1: yes)][0: same-two not holding; 1 + l: holding, lead suit `l`]. A
/// variant's extremes are those of the parts it allows (`Sure::new`).
fn extremes(r: &Rules) -> [[([u16; 54], [u16; 54]); 5]; 2] {
    let mut out = [[([0u16; 54], [NO_KEY; 54]); 5]; 2];
    let leads = [None, Some(0), Some(1), Some(2), Some(3)];
    for c in 0..54u8 {
        let card = c.min(JOKER);
        let led = leads.map(|named| (0, r.lead_suit(card, named)));
        let followed = leads.map(|lead| (1, lead));
        for (index, lead) in led.into_iter().chain(followed) {
            for (m, by_s2) in out.iter_mut().enumerate() {
                for s2 in [false, true] {
                    let part = match (s2, lead) {
                        (false, _) => 0,
                        (true, Some(l)) => 1 + l as usize,
                        (true, None) => continue,
                    };
                    let k = r.key(card, index, lead, s2, m == 1 || card == MIGHTY);
                    let (weak, strong) = &mut by_s2[part];
                    weak[c as usize] = weak[c as usize].max(k);
                    strong[c as usize] = strong[c as usize].min(k);
                }
            }
        }
    }
    out
}

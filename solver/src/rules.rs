//! The rules of one round as data, and trick resolution by the ladder.
//!
//! Mirrors napkifu's `rules/ladder.py` and `replay/following.py`: every card of a
//! finished trick gets the first ladder class it satisfies; the best class wins,
//! within `trump` and `lead` the higher rank, otherwise the earlier card. The
//! Python side hands over the resolved rules (ladder order, option values, honor
//! cards, trump), never a preset name; an option this engine cannot play is an
//! error that names it.

use std::collections::HashMap;

pub const JOKER: u8 = 52; // 52 and 53: the two jokers of a two-joker deck (one card twice)
pub const MIGHTY: u8 = 12; // ♠A
pub const YOROMEKI: u8 = 13 + 10; // ♥Q
pub const CLUB_THREE: u8 = 3 * 13 + 1; // ♣3
const JACK: u8 = 9;
pub const NONE: u8 = 99;
pub const NO_KEY: u16 = 10_000;

pub const CLASSES: [&str; 9] = [
    "yoromeki",
    "mighty",
    "joker-lead",
    "joker-follow",
    "trump-jack",
    "back-jack",
    "same-two",
    "trump",
    "lead",
];
const YO: usize = 0;
const MI: usize = 1;
const JL: usize = 2;
const JF: usize = 3;
const TJ: usize = 4;
const BJ: usize = 5;
const S2: usize = 6;
const TR: usize = 7;
const LE: usize = 8;

/// Options that do not change how a trick is played or won (bidding, scoring, the
/// exchange): the solver may ignore them whatever their value.
const INERT: [&str; 22] = [
    "jokers",
    "honor-threes",
    "min-bid",
    "max-bid",
    "no-trump",
    "pass",
    "call-timing",
    "call-own-card",
    "twenty",
    "scoring",
    "score-napoleon",
    "score-adjutant",
    "score-allied",
    "score-alone",
    "score-alone-allied",
    "double-at-max",
    "double-shutout",
    "bid-multiplier",
    "first-bidder",
    "discard-honors-allowed",
    "exchange",
    "ladder",
];

/// Options of trick play this engine does not model, with the one value under which
/// they change nothing (RULES.md 1.1): any other value makes the round unsolvable.
const IDENTITY_ONLY: [(&str, &[&str]); 5] = [
    ("joker-weak-from", &["off"]),
    ("specials-first-trick", &["on"]),
    ("specials-last-trick", &["on"]),
    ("yoromeki-card", &["♥Q", "HQ"]),
    ("yoromeki-vs-joker", &["on"]),
];

#[derive(Clone, Debug)]
pub struct Rules {
    pub players: usize,
    pub tricks: u8,
    pub trump: Option<u8>,
    pub pos: [u8; 9],
    pub nlad: u8,
    pub joker_lead_suit: bool,
    pub joker_as_trump: bool,
    pub joker_request: u8, // 0 off, 1 lead, 2 played
    pub mighty_any_time: bool,
    pub opening_restricted: bool,
    pub reverse_jack: bool,
    pub s2_first: bool,
    pub s2_last: bool,
    pub s2_trump: bool,
    pub s2_joker_counts: bool,
    pub honors: u64,
    pub discard: u8, // 0 void, 1 allies, 2 napoleon, 3 first-trick
    tj: u8,
    bj: u8,
    /// `key` of every card in every context, computed once (the search's hottest
    /// question): index by `slot`.
    keys: Vec<u16>,
}

/// The place of (card, led or followed, lead, same-two, mighty in) in `keys`: a context's row.
fn slot(card: u8, index: usize, lead: Option<u8>, s2: bool, mighty_in: bool) -> usize {
    let lead = lead.map_or(4, |l| l as usize);
    (((lead * 2 + s2 as usize) * 2 + mighty_in as usize) * 2 + (index > 0) as usize) * 54
        + card as usize
}

fn choice(opts: &HashMap<String, String>, name: &str, allowed: &[&str]) -> Result<u8, String> {
    let v = opts
        .get(name)
        .ok_or_else(|| format!("rule option '{name}' is missing"))?;
    allowed
        .iter()
        .position(|a| a == v)
        .map(|i| i as u8)
        .ok_or_else(|| format!("rule {name} {v} is not supported by the solver"))
}

pub fn partner(suit: u8) -> u8 {
    [3, 2, 1, 0][suit as usize]
}

impl Rules {
    /// The rules from the engine's resolved values: the ladder classes in order, every
    /// option as written text, the trump (None: no-trump), the honor cards.
    pub fn new(
        ladder: &[String],
        opts: &HashMap<String, String>,
        trump: Option<u8>,
        players: usize,
        tricks: u8,
        honor_cards: &[u8],
    ) -> Result<Rules, String> {
        if !(3..=6).contains(&players) {
            return Err(format!("{players} players are not supported by the solver"));
        }
        let mut pos = [NONE; 9];
        for (i, name) in ladder.iter().enumerate() {
            let c = CLASSES
                .iter()
                .position(|c| c == name)
                .ok_or_else(|| format!("ladder class '{name}' is not supported by the solver"))?;
            pos[c] = i as u8;
        }
        for (name, value) in opts {
            let handled = matches!(
                name.as_str(),
                "discard-honors"
                    | "same-two-first-trick"
                    | "same-two-last-trick"
                    | "same-two-trump"
                    | "same-two-joker"
                    | "joker-lead"
                    | "joker-play"
                    | "joker-request"
                    | "mighty-play"
                    | "opening-lead"
                    | "reverse-jack"
                    | "yoromeki"
                    | "same-two"
            );
            if handled || INERT.contains(&name.as_str()) {
                continue;
            }
            match IDENTITY_ONLY.iter().find(|(n, _)| n == name) {
                Some((_, ok)) if ok.contains(&value.as_str()) => {}
                _ => {
                    return Err(format!(
                        "rule {name} {value} is not supported by the solver"
                    ))
                }
            }
        }
        let on = |name: &str| choice(opts, name, &["off", "on"]).map(|v| v == 1);
        let mut honors = 0u64;
        for &c in honor_cards {
            if c >= JOKER {
                return Err(format!("honor card {c} is not a suited card"));
            }
            honors |= 1 << c;
        }
        let (tj, bj) = match trump {
            Some(t) if t < 4 => (t * 13 + JACK, partner(t) * 13 + JACK),
            Some(t) => return Err(format!("trump suit {t} is not a suit")),
            None => (NONE, NONE),
        };
        let mut rules = Rules {
            players,
            tricks,
            trump,
            pos,
            nlad: ladder.len() as u8,
            joker_lead_suit: choice(opts, "joker-lead", &["trump", "suit"])? == 1,
            joker_as_trump: choice(opts, "joker-play", &["any-time", "as-trump"])? == 1,
            joker_request: choice(opts, "joker-request", &["off", "lead", "played"])?,
            mighty_any_time: choice(opts, "mighty-play", &["suited", "any-time"])? == 1,
            opening_restricted: choice(opts, "opening-lead", &["any", "restricted"])? == 1,
            reverse_jack: on("reverse-jack")?,
            s2_first: on("same-two-first-trick")?,
            s2_last: on("same-two-last-trick")?,
            s2_trump: on("same-two-trump")?,
            s2_joker_counts: choice(opts, "same-two-joker", &["blocks", "counts"])? == 1,
            honors,
            discard: choice(
                opts,
                "discard-honors",
                &["void", "allies", "napoleon", "first-trick"],
            )?,
            tj,
            bj,
            keys: Vec::new(),
        };
        let mut keys = vec![NO_KEY; slot(JOKER + 1, 1, None, true, true) + 1];
        for card in 0..=JOKER + 1 {
            for index in 0..2 {
                for lead in [None, Some(0), Some(1), Some(2), Some(3)] {
                    for s2 in [false, true] {
                        for mi in [false, true] {
                            keys[slot(card, index, lead, s2, mi)] =
                                rules.compute_key(card.min(JOKER), index, lead, s2, mi);
                        }
                    }
                }
            }
        }
        rules.keys = keys;
        Ok(rules)
    }

    /// Ladder position of the first class `card` satisfies (`NONE`: none).
    fn class_pos(&self, card: u8, index: usize, lead: Option<u8>, s2: bool, mighty_in: bool) -> u8 {
        let p = &self.pos;
        if card >= JOKER {
            return if index == 0 { p[JL] } else { p[JF] };
        }
        let mut k = NONE;
        if card == MIGHTY {
            k = p[MI];
        } else if card == YOROMEKI && mighty_in {
            k = p[YO];
        }
        if card == self.tj {
            k = k.min(p[TJ]);
        } else if card == self.bj {
            k = k.min(p[BJ]);
        }
        let suit = card / 13;
        if Some(suit) == lead {
            if s2 && card.is_multiple_of(13) {
                k = k.min(p[S2]);
            }
            k = k.min(p[LE]);
        }
        if Some(suit) == self.trump {
            k = k.min(p[TR]);
        }
        k
    }

    /// Sort key of a card (lower wins): 16 × ladder position plus the rank order
    /// within `trump` and `lead`.
    #[inline]
    pub fn key(&self, card: u8, index: usize, lead: Option<u8>, s2: bool, mighty_in: bool) -> u16 {
        self.keys[slot(card, index, lead, s2, mighty_in)]
    }

    fn compute_key(
        &self,
        card: u8,
        index: usize,
        lead: Option<u8>,
        s2: bool,
        mighty_in: bool,
    ) -> u16 {
        let k = self.class_pos(card, index, lead, s2, mighty_in);
        if k == NONE {
            return if index == 0 && card >= JOKER {
                self.nlad as u16 * 16
            } else {
                NO_KEY
            };
        }
        let ranked = k == self.pos[TR] || k == self.pos[LE];
        k as u16 * 16 + if ranked { 12 - (card % 13) as u16 } else { 0 }
    }

    pub fn same_two_holds(&self, cards: &[u8], lead: Option<u8>, trick_no: u8) -> bool {
        let Some(lead) = lead else { return false };
        if self.pos[S2] == NONE
            || (trick_no == 1 && !self.s2_first)
            || (trick_no == self.tricks && !self.s2_last)
            || (Some(lead) == self.trump && !self.s2_trump)
        {
            return false;
        }
        cards.iter().all(|&c| {
            if c >= JOKER {
                self.s2_joker_counts
            } else {
                c / 13 == lead
            }
        })
    }

    /// The index of the winning card of a finished trick (leader first).
    pub fn winner(&self, cards: &[u8], lead: Option<u8>, trick_no: u8) -> usize {
        let s2 = self.same_two_holds(cards, lead, trick_no);
        let mighty_in = cards.contains(&MIGHTY);
        let mut best = 0;
        let mut best_key = self.key(cards[0], 0, lead, s2, mighty_in);
        for (i, &c) in cards.iter().enumerate().skip(1) {
            let k = self.key(c, 1, lead, s2, mighty_in);
            if k < best_key {
                best = i;
                best_key = k;
            }
        }
        best
    }

    /// Whether `card` turns the direction of play (`reverse-jack on`).
    pub fn reverses(&self, card: u8) -> bool {
        if !self.reverse_jack || card >= JOKER || card % 13 != JACK {
            return false;
        }
        match self.trump {
            None => true,
            Some(t) => card / 13 != t && card / 13 != partner(t),
        }
    }

    /// The lead suit of a trick led with `card` (`named`: the suit a led joker names).
    pub fn lead_suit(&self, card: u8, named: Option<u8>) -> Option<u8> {
        if card < JOKER {
            Some(card / 13)
        } else if self.joker_lead_suit {
            named
        } else {
            self.trump
        }
    }

    fn request_active(&self, trick: &[u8]) -> bool {
        match self.joker_request {
            1 => trick.first() == Some(&CLUB_THREE),
            2 => trick.contains(&CLUB_THREE),
            _ => false,
        }
    }

    /// The cards of `hand` (a bit set; jokers are bits 52 and 53) that may be played.
    pub fn legal(&self, hand: u64, trick: &[u8], lead: Option<u8>, opening: bool) -> u64 {
        let jokers = hand & (3 << 52);
        if trick.is_empty() {
            if opening && self.opening_restricted {
                let mut bad = jokers | 0x1fff; // spades
                if let Some(t) = self.trump {
                    bad |= 0x1fff << (13 * t);
                }
                let ok = hand & !bad;
                if ok != 0 {
                    return ok;
                }
            }
            return hand;
        }
        if self.joker_request != 0 && jokers != 0 && self.request_active(trick) {
            return jokers;
        }
        let mut follow = match lead {
            None => 0,
            Some(s) => hand & (0x1fff << (13 * s)),
        };
        if lead == Some(0) && self.mighty_any_time {
            follow &= !(1 << MIGHTY);
        }
        if self.joker_as_trump && self.trump.is_some() && lead == self.trump {
            follow |= jokers;
        }
        if follow == 0 {
            return hand;
        }
        let mut extra = 0;
        if jokers != 0 && follow & jokers == 0 && (!self.joker_as_trump || self.trump.is_none()) {
            extra |= jokers;
        }
        if self.mighty_any_time {
            extra |= hand & (1 << MIGHTY);
        }
        follow | extra
    }

    /// Cards that are never merged with a neighbour: their class does not come from
    /// suit and rank alone (jacks, twos, the mighty, the yoromeki, ♣3, the jokers).
    pub fn special(&self) -> u64 {
        let mut m = (3u64 << 52) | (1 << MIGHTY) | (1 << YOROMEKI) | (1 << CLUB_THREE);
        for s in 0..4 {
            m |= 1 << (s * 13 + JACK);
            m |= 1 << (s * 13);
        }
        m
    }
}

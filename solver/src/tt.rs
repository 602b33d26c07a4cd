//! The transposition table: bounds on the honors still to be won, per position at
//! the start of a trick, keyed on relative ranks (see `canon`) and on the low cards
//! whose ranks decided the result (winning ranks, as DDS does it: see `ranks`).
//!
//! Two levels: the key (`canon`: who holds each honor and special card, and how
//! many of each run of low cards) picks a bucket; each entry of it adds, per suit,
//! how many of the suit's highest low cards mattered (`k`) and their owners, and
//! serves every position whose highest `k` low cards have those owners.
//!
//! A bucketed open table of at most `cap` entries (memory bounded: 48 bytes an
//! entry and a 4-byte tag), grown by doubling in place from a small start so that
//! a short search does not pay for a large table. A new entry takes an empty slot of its
//! bucket, else the entry with the fewest cards left (the cheapest to search again)
//! among those not stored or hit since the bucket's last new entry (`USED`).
//! Entries stay valid across the solves of one round: a bound on the honors still to
//! be won does not depend on the path.

/// Three bit planes of the owner (seat + 1) of every canonical card, and the
/// leader, direction, pending discards and Napoleon's side, packed in three words
/// (`Canon::key`).
pub type Key = [u64; 3];

/// Per suit the owners of its low cards, highest first, three bits a card.
pub type Lows = [u64; 4];

#[derive(Clone, Copy, Default)]
struct Entry {
    key: Key,
    /// The owners of the highest `k` low cards of each suit, packed suit after
    /// suit (`pack`): with the key in three words, 48 bytes an entry instead of
    /// 72, so that the same memory holds 1.5 times the entries (a search from
    /// trick 1 fills any table: 2²⁰ → 1.5 · 2²⁰ entries, 17 % fewer nodes on the
    /// hardest rounds, docs/performance.md, eighth pass).
    lows: [u64; 2],
    k: [u8; 4],
    lo: u8,
    hi: u8,
    best: u8, // the canonical card that was best (or cut off) here
}

const _: () = assert!(std::mem::size_of::<Entry>() == 48);

/// The table's default cap: 1.5 · 2²⁰ entries, 75.5 MB and 6.3 MB of tags (the
/// 2²⁰ entries of 72 bytes it replaced took the same 75.5 MB and 4.2 MB of tags).
pub const DEFAULT_CAP: usize = 3 << 19;

const WAYS: usize = 16;
/// A tag's flag: the entry was stored or hit since its bucket last took a new entry.
/// Such an entry gives way only when every entry of its bucket has the flag (the
/// fewest cards left first then), and every new entry clears the flags of its
/// bucket: from trick 1 the table fills, and giving way by cards left alone kept
/// deep entries no search met again (5 hard rounds from trick 1: 477.3 M ->
/// 427.1 M nodes, docs/performance.md, eighth pass).
const USED: u32 = 0x80;
/// A tag's own bits (the hash's top 24, and bit 8 so that no tag is 0); its low
/// byte is the entry's cards left and `USED` (0: an empty slot).
const TAG: u32 = !0xff;
const START: usize = 1 << 12;

pub struct Table {
    slots: Vec<Entry>,
    /// Per slot the top of its key's hash (`TAG`), its cards left and `USED`
    /// (0: empty): a bucket's line, scanned before the entries themselves, so
    /// that choosing the slot a new entry takes reads no entry (a bucket's 16
    /// entries are 12 cache lines: from trick 1, where the table outgrows the
    /// caches, 76 % fewer L3 misses and 12 % less time, docs/performance.md,
    /// tenth pass).
    tags: Vec<u32>,
    cap: usize,
    /// The first size: the cap halved while its buckets are even and it is above
    /// `START`, so that doubling meets the cap exactly.
    start: usize,
    len: usize,
}

fn hash(k: &Key) -> u64 {
    let mut h = 0u64;
    for &w in k {
        h = (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    h ^ (h >> 29)
}

/// The slots of a bucket whose tag is `tag`, as a bit mask built branch-free (the
/// compiler makes it vector compares).
#[inline(always)]
fn matching(tags: &[u32; WAYS], tag: u32) -> u32 {
    let mut hits = 0u32;
    for (i, &t) in tags.iter().enumerate() {
        hits |= ((t & TAG == tag) as u32) << i;
    }
    hits
}

impl Table {
    pub fn new(cap: usize) -> Table {
        let cap = cap.max(WAYS) / WAYS * WAYS;
        let mut start = cap;
        while start > START && (start / WAYS).is_multiple_of(2) {
            start /= 2;
        }
        Table {
            slots: Vec::new(),
            tags: Vec::new(),
            cap,
            start,
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn clear(&mut self) {
        self.slots = Vec::new();
        self.tags = Vec::new();
        self.len = 0;
    }

    /// The first slot of `k`'s bucket (any number of buckets: the cap need not be a
    /// power of two) and its tag.
    fn bucket(&self, k: &Key) -> (usize, u32) {
        let h = hash(k);
        let buckets = (self.slots.len() / WAYS) as u64;
        (
            (((h & 0xffff_ffff) * buckets) >> 32) as usize * WAYS,
            (h >> 32) as u32 & TAG | 0x100,
        )
    }

    /// The bounds every entry that serves (`k`, `lows`) gives, joined: (lower bound,
    /// upper bound, a best canonical card, per suit how many of the highest low
    /// cards they read).
    #[inline(always)]
    pub fn get(&mut self, k: &Key, lows: &Lows) -> Option<(u8, u8, u8, [u8; 4])> {
        if self.slots.is_empty() {
            return None;
        }
        let (b, tag) = self.bucket(k);
        let mut got: Option<(u8, u8, u8, [u8; 4])> = None;
        let tags: &[u32; WAYS] = self.tags[b..b + WAYS].try_into().expect("a bucket");
        let mut hits = matching(tags, tag);
        while hits != 0 {
            let i = hits.trailing_zeros() as usize;
            hits &= hits - 1;
            let e = &self.slots[b + i];
            if e.key != *k || pack(lows, e.k) != Some(e.lows) {
                continue;
            }
            self.tags[b + i] |= USED;
            got = Some(match got {
                None => (e.lo, e.hi, e.best, e.k),
                Some((lo, hi, best, k)) => (
                    lo.max(e.lo),
                    hi.min(e.hi),
                    if best == u8::MAX { e.best } else { best },
                    [0, 1, 2, 3].map(|s| k[s].max(e.k[s])),
                ),
            });
        }
        got
    }

    /// Narrows the bounds of (`k`, the highest `kk` of `lows`) (`depth`: cards
    /// left, ≥ 1) to `lo..=hi`; `best` `u8::MAX` keeps the card stored.
    #[allow(clippy::too_many_arguments)]
    pub fn put(&mut self, k: Key, lows: &Lows, kk: [u8; 4], depth: u8, lo: u8, hi: u8, best: u8) {
        let Some(lows) = pack(lows, kk) else {
            return; // (the low cards read do not fit two words: not kept)
        };
        if self.slots.is_empty() {
            self.slots = vec![Entry::default(); self.start];
            self.tags = vec![0; self.start];
        } else if self.len * 4 >= self.slots.len() * 3 && self.slots.len() < self.cap {
            self.grow();
        }
        let (b, tag) = self.bucket(&k);
        let tags: &mut [u32; WAYS] = (&mut self.tags[b..b + WAYS]).try_into().expect("a bucket");
        let mut hits = matching(tags, tag);
        while hits != 0 {
            let i = hits.trailing_zeros() as usize;
            hits &= hits - 1;
            let e = &mut self.slots[b + i];
            if e.key == k && e.k == kk && e.lows == lows {
                e.lo = e.lo.max(lo);
                e.hi = e.hi.min(hi);
                if best != u8::MAX {
                    e.best = best;
                }
                return;
            }
        }
        let (i, _) = tags
            .iter()
            .enumerate()
            .min_by_key(|(_, &t)| t & 0x7f | (t & USED) >> 1)
            .expect("a bucket has slots");
        if tags[i] == 0 {
            self.len += 1;
        }
        for t in tags.iter_mut() {
            *t &= !USED;
        }
        tags[i] = tag | depth as u32 | USED;
        self.slots[b + i] = Entry {
            key: k,
            lows,
            k: kk,
            lo,
            hi,
            best,
        };
    }

    /// Twice the buckets, in place: the vectors grow where they are (a large
    /// block is remapped, not copied) and bucket `i` splits into `2i` and `2i + 1`
    /// (multiply-shift: `⌊2x⌋` is `2⌊x⌋` or one more), from the last bucket down,
    /// so that no bucket is overwritten before it has moved. The peak memory is
    /// the new table's, not the old and the new together (1.5 · 2²⁰ entries: from
    /// trick 1 a peak RSS of 140 MB before, for 82 MB of table).
    fn grow(&mut self) {
        let old = self.slots.len() / WAYS;
        let size = 2 * self.slots.len();
        self.slots.reserve_exact(size - self.slots.len());
        self.slots.resize(size, Entry::default());
        self.tags.reserve_exact(size - self.tags.len());
        self.tags.resize(size, 0);
        for i in (0..old).rev() {
            let from = i * WAYS;
            let entries: [Entry; WAYS] =
                self.slots[from..from + WAYS].try_into().expect("a bucket");
            let tags: [u32; WAYS] = self.tags[from..from + WAYS].try_into().expect("a bucket");
            self.tags[from..from + WAYS].fill(0);
            for (e, t) in entries.into_iter().zip(tags).filter(|&(_, t)| t != 0) {
                let (b, _) = self.bucket(&e.key);
                debug_assert!(b / WAYS / 2 == i);
                let j = self.tags[b..b + WAYS]
                    .iter()
                    .position(|&t| t == 0)
                    .expect("a free slot");
                self.slots[b + j] = e;
                self.tags[b + j] = t;
            }
        }
    }
}

/// The bits of the highest `k` cards of a suit's `Lows`.
fn mask(k: u8) -> u64 {
    (1u64 << (3 * k as u32)) - 1
}

/// The owners of the highest `k[s]` low cards of each suit `s`, three bits a card,
/// suit after suit in two words (a suit in one); `None` when they do not fit.
#[inline(always)]
fn pack(lows: &Lows, k: [u8; 4]) -> Option<[u64; 2]> {
    let mut out = [0u64; 2];
    let mut at = 0u32;
    let mut w = 0;
    for s in 0..4 {
        let bits = 3 * k[s] as u32;
        if bits == 0 {
            continue;
        }
        if at + bits > 64 {
            if w == 1 {
                return None;
            }
            w = 1;
            at = 0;
        }
        out[w] |= (lows[s] & mask(k[s])) << at;
        at += bits;
    }
    Some(out)
}

//! The transposition table: bounds on the honors still to be won, per position at
//! the start of a trick, keyed on relative ranks (see `canon`).
//!
//! A bucketed open table of at most `cap` entries (memory bounded: 40 bytes an
//! entry), grown by doubling from a small start so that a short search does not pay
//! for a large table. When a bucket is full the entry with the fewest cards left
//! (the cheapest to search again) gives way. Entries stay valid across the solves of
//! one round: a bound on the honors still to be won does not depend on the path.

/// Three bit planes of the owner (seat + 1) of every canonical card, and a word of
/// the leader, direction, pending discards and Napoleon's side.
pub type Key = [u64; 4];

#[derive(Clone, Copy, Default)]
struct Entry {
    key: Key,
    lo: u8,
    hi: u8,
    best: u8,  // the canonical card that was best (or cut off) here
    depth: u8, // cards left; 0: an empty slot
}

const WAYS: usize = 4;
const START: usize = 1 << 12;

pub struct Table {
    slots: Vec<Entry>,
    cap: usize,
    len: usize,
}

fn hash(k: &Key) -> u64 {
    let mut h = 0u64;
    for &w in k {
        h = (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    h ^ (h >> 29)
}

impl Table {
    pub fn new(cap: usize) -> Table {
        Table {
            slots: Vec::new(),
            cap: cap.max(WAYS).next_power_of_two(),
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
        self.len = 0;
    }

    fn bucket(&self, k: &Key) -> usize {
        (hash(k) as usize & (self.slots.len() / WAYS - 1)) * WAYS
    }

    /// The stored (lower bound, upper bound, best canonical card) of `k`.
    pub fn get(&self, k: &Key) -> Option<(u8, u8, u8)> {
        if self.slots.is_empty() {
            return None;
        }
        let b = self.bucket(k);
        self.slots[b..b + WAYS]
            .iter()
            .find(|e| e.depth != 0 && e.key == *k)
            .map(|e| (e.lo, e.hi, e.best))
    }

    /// Narrows the bounds of `k` (`depth`: cards left, ≥ 1) to `lo..=hi`; `best`
    /// `u8::MAX` keeps the card stored.
    pub fn put(&mut self, k: Key, depth: u8, lo: u8, hi: u8, best: u8) {
        if self.slots.is_empty() {
            self.slots = vec![Entry::default(); START.min(self.cap)];
        } else if self.len * 4 >= self.slots.len() * 3 && self.slots.len() < self.cap {
            self.grow();
        }
        let b = self.bucket(&k);
        let bucket = &mut self.slots[b..b + WAYS];
        if let Some(e) = bucket.iter_mut().find(|e| e.depth != 0 && e.key == k) {
            e.lo = e.lo.max(lo);
            e.hi = e.hi.min(hi);
            if best != u8::MAX {
                e.best = best;
            }
            return;
        }
        let (i, _) = bucket
            .iter()
            .enumerate()
            .min_by_key(|(_, e)| e.depth)
            .expect("a bucket has slots");
        if bucket[i].depth == 0 {
            self.len += 1;
        }
        bucket[i] = Entry {
            key: k,
            lo,
            hi,
            best,
            depth,
        };
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        self.slots = vec![Entry::default(); old.len() * 2];
        self.len = 0;
        for e in old.into_iter().filter(|e| e.depth != 0) {
            let b = self.bucket(&e.key);
            if let Some(slot) = self.slots[b..b + WAYS].iter_mut().find(|s| s.depth == 0) {
                *slot = e;
                self.len += 1;
            }
        }
    }
}

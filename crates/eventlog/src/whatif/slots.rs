//! The slots' free times as a 4-ary min-heap of plain integers: half the depth of a binary
//! heap, and the one operation the simulation makes per task (the earliest free slot takes a
//! task and becomes free again later) is a single sift down.

/// The heap.
#[derive(Debug, Clone)]
pub(crate) struct SlotHeap {
    times: Vec<u64>,
}

impl SlotHeap {
    /// No slot.
    pub(crate) fn with_capacity(n: usize) -> SlotHeap {
        SlotHeap {
            times: Vec::with_capacity(n),
        }
    }

    /// A slot free at `t`.
    pub(crate) fn push(&mut self, t: u64) {
        let times = &mut self.times;
        let mut i = times.len();
        times.push(t);
        while i > 0 {
            let parent = (i - 1) / 4;
            if times[parent] <= t {
                break;
            }
            times[i] = times[parent];
            i = parent;
        }
        times[i] = t;
    }

    /// The earliest free time.
    pub(crate) fn peek(&self) -> Option<u64> {
        self.times.first().copied()
    }

    /// The earliest free slot becomes free at `t` instead.
    pub(crate) fn replace_top(&mut self, t: u64) {
        let times = &mut self.times[..];
        let n = times.len();
        let mut i = 0;
        loop {
            let first = 4 * i + 1;
            let (child, least) = if let Some(&[a, b, c, d]) = times.get(first..first + 4) {
                // A full set of four: the least without branches to mispredict.
                let (ab, x) = if b < a { (b, first + 1) } else { (a, first) };
                let (cd, y) = if d < c {
                    (d, first + 3)
                } else {
                    (c, first + 2)
                };
                if cd < ab {
                    (y, cd)
                } else {
                    (x, ab)
                }
            } else if first < n {
                let mut child = first;
                for c in first + 1..n {
                    if times[c] < times[child] {
                        child = c;
                    }
                }
                (child, times[child])
            } else {
                break;
            };
            if least >= t {
                break;
            }
            times[i] = least;
            i = child;
        }
        if let Some(slot) = times.get_mut(i) {
            *slot = t;
        }
    }
}

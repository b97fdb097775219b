//! The bytes of a unit (a block, a header) that arrived split across chunks.

/// What a unit reader says of the bytes it is shown.
pub(crate) enum Unit {
    /// A whole unit was read from the start of the bytes: this many bytes.
    Read(usize),
    /// The unit needs this many bytes in all (more than it was shown).
    Needs(usize),
}

/// Input held back until a unit is whole. Units are read straight from the pushed chunk when
/// they lie inside it; only a unit split across chunks is copied, and only up to its length.
#[derive(Default)]
pub(crate) struct Pending {
    held: Vec<u8>,
}

impl Pending {
    /// Whether bytes of an unfinished unit are held.
    pub(crate) fn is_empty(&self) -> bool {
        self.held.is_empty()
    }

    /// How many bytes are held.
    pub(crate) fn len(&self) -> usize {
        self.held.len()
    }

    /// Feeds `input`: `read_unit` is called with the bytes from the start of the next unit
    /// and says whether they hold a whole unit. A unit that claims no bytes (`Read(0)`) or
    /// needs no more than it was shown is a reader's error, taken as the end of the input.
    pub(crate) fn feed<E>(
        &mut self,
        mut input: &[u8],
        mut read_unit: impl FnMut(&[u8]) -> Result<Unit, E>,
    ) -> Result<(), E> {
        loop {
            if self.held.is_empty() {
                if input.is_empty() {
                    return Ok(());
                }
                match read_unit(input)? {
                    Unit::Read(n) if n > 0 && n <= input.len() => input = &input[n..],
                    _ => {
                        self.held.extend_from_slice(input);
                        return Ok(());
                    }
                }
                continue;
            }
            match read_unit(&self.held)? {
                Unit::Read(n) if n > 0 && n <= self.held.len() => {
                    self.held.drain(..n);
                }
                Unit::Needs(need) if need > self.held.len() => {
                    let take = (need - self.held.len()).min(input.len());
                    self.held.extend_from_slice(&input[..take]);
                    input = &input[take..];
                    if self.held.len() < need {
                        return Ok(());
                    }
                }
                _ => {
                    self.held.extend_from_slice(input);
                    return Ok(());
                }
            }
        }
    }
}

/// How far [`Pending::one`] got.
pub(crate) struct One {
    /// Whether a whole unit was read.
    pub(crate) whole: bool,
    /// Bytes of the input it took.
    pub(crate) used: usize,
}

impl Pending {
    /// Reads exactly one unit from the held bytes and `input`, taking from `input` no more than
    /// the unit needs (the bytes after it are another format's: a deflate body after a header).
    /// Readers say `Needs` no more than the unit's length, so the held bytes never run past it.
    pub(crate) fn one<E>(
        &mut self,
        input: &[u8],
        mut read_unit: impl FnMut(&[u8]) -> Result<Unit, E>,
    ) -> Result<One, E> {
        let mut used = 0;
        if self.held.is_empty() {
            match read_unit(input)? {
                Unit::Read(n) if n > 0 && n <= input.len() => {
                    return Ok(One {
                        whole: true,
                        used: n,
                    })
                }
                Unit::Needs(need) if need > input.len() => {
                    self.held.extend_from_slice(input);
                    return Ok(One {
                        whole: false,
                        used: input.len(),
                    });
                }
                _ => {
                    return Ok(One {
                        whole: false,
                        used: 0,
                    })
                }
            }
        }
        loop {
            match read_unit(&self.held)? {
                Unit::Read(n) if n > 0 && n <= self.held.len() => {
                    self.held.drain(..n);
                    return Ok(One { whole: true, used });
                }
                Unit::Needs(need) if need > self.held.len() => {
                    let take = (need - self.held.len()).min(input.len() - used);
                    self.held.extend_from_slice(&input[used..used + take]);
                    used += take;
                    if self.held.len() < need {
                        return Ok(One { whole: false, used });
                    }
                }
                _ => return Ok(One { whole: false, used }),
            }
        }
    }
}

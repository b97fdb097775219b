//! Exact conversions between decimal text and `f64`: reading (correctly rounded), shortest
//! round-trip writing and fixed decimals, with the same results as Rust's `str::parse` and
//! `{}` / `{:.N}` formatting.
//!
//! Why not std: its float parser carries a 10 KB table of powers of five and its printer
//! another 10 KB of code, a seventh of the web page's size budget. The numbers typed here
//! (overhead factors, fractions, percentages, GiB) are short, so a small big-integer is
//! quick enough and exact for every input. Native tests check both against std.

use std::cmp::Ordering;

/// An unsigned big integer, little-endian 32-bit limbs, no trailing zero limbs.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Big(Vec<u32>);

impl Big {
    fn from_u64(v: u64) -> Big {
        let mut b = Big(vec![v as u32, (v >> 32) as u32]);
        b.trim();
        b
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn bits(&self) -> u32 {
        match self.0.last() {
            None => 0,
            Some(top) => (self.0.len() as u32 - 1) * 32 + (32 - top.leading_zeros()),
        }
    }

    /// `self = self * m + a`.
    fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = u64::from(a);
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(m) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
        self.trim();
    }

    fn mul_pow10(&mut self, mut k: u32) {
        while k > 0 {
            let step = k.min(9);
            self.mul_add(10u32.pow(step), 0);
            k -= step;
        }
    }

    fn shl(&self, n: u32) -> Big {
        if self.is_zero() {
            return Big(Vec::new());
        }
        let (limbs, bits) = ((n / 32) as usize, n % 32);
        let mut out = vec![0u32; limbs];
        let mut carry = 0u32;
        for &limb in &self.0 {
            if bits == 0 {
                out.push(limb);
            } else {
                out.push((limb << bits) | carry);
                carry = limb >> (32 - bits);
            }
        }
        out.push(carry);
        let mut b = Big(out);
        b.trim();
        b
    }

    fn cmp(&self, other: &Big) -> Ordering {
        self.0
            .len()
            .cmp(&other.0.len())
            .then_with(|| self.0.iter().rev().cmp(other.0.iter().rev()))
    }

    /// `self >>= 1`.
    fn shr1(&mut self) {
        let mut carry = 0u32;
        for limb in self.0.iter_mut().rev() {
            let next = *limb << 31;
            *limb = (*limb >> 1) | carry;
            carry = next;
        }
        self.trim();
    }

    /// `self -= other`; `other` must not be larger.
    fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let v = i64::from(*limb) - i64::from(other.0.get(i).copied().unwrap_or(0)) - borrow;
            borrow = i64::from(v < 0);
            *limb = v.rem_euclid(1 << 32) as u32;
        }
        self.trim();
    }
}

/// `floor(n / d)` when it is below `2^bits` (bits ≤ 64), leaving the remainder in `n`.
fn div_small_quotient(n: &mut Big, d: &Big, bits: u32) -> u64 {
    let mut q = 0u64;
    // d × 2^i for i from bits − 1 down to 0, halved in place.
    let mut t = d.shl(bits - 1);
    for i in (0..bits).rev() {
        if n.cmp(&t) != Ordering::Less {
            n.sub(&t);
            q |= 1 << i;
        }
        t.shr1();
    }
    q
}

/// The exact value of a finite, positive `f64` as the fraction `n / d` (d a power of two).
fn fraction(v: f64) -> (Big, Big) {
    let bits = v.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1 << 52) - 1);
    let (m, e) = if exp == 0 {
        (frac, -1074)
    } else {
        (frac | (1 << 52), exp - 1075)
    };
    let one = Big::from_u64(1);
    if e >= 0 {
        (Big::from_u64(m).shl(e as u32), one)
    } else {
        (Big::from_u64(m), one.shl((-e) as u32))
    }
}

/// The `f64` nearest to `digits × 10^exp` (ties to even), as Rust's and Java's parsers give.
fn from_decimal(digits: &Big, exp: i32, significant: i32) -> f64 {
    if digits.is_zero() || significant + exp < -330 {
        return 0.0;
    }
    if significant + exp > 310 {
        return f64::INFINITY;
    }
    // Clinger's fast path: both the digits and the power of ten are exact doubles, so one
    // correctly rounded multiplication or division gives the correctly rounded result.
    if significant <= 15 && (-22..=22).contains(&exp) {
        let m = digits
            .0
            .iter()
            .rev()
            .fold(0u64, |acc, &l| (acc << 32) | u64::from(l)) as f64;
        let p = pow10(exp.unsigned_abs());
        return if exp >= 0 { m * p } else { m / p };
    }
    let mut n = digits.clone();
    let mut d = Big::from_u64(1);
    if exp >= 0 {
        n.mul_pow10(exp as u32);
    } else {
        d.mul_pow10((-exp) as u32);
    }
    // Scale so that the quotient has 54 or 55 bits: 53 for the mantissa, more to round.
    let shift = 54 - (n.bits() as i32 - d.bits() as i32);
    if shift >= 0 {
        n = n.shl(shift as u32);
    } else {
        d = d.shl((-shift) as u32);
    }
    let q = div_small_quotient(&mut n, &d, 56);
    let exact = n.is_zero();
    let q_bits = 64 - q.leading_zeros() as i32;
    // The value is q × 2^-shift; its leading bit has weight 2^top.
    let top = q_bits - 1 - shift;
    let mut drop = q_bits - 53;
    if top < -1022 {
        drop += -1022 - top;
    }
    let drop = drop.min(60) as u32;
    let mut m = q >> drop;
    let half = 1u64 << (drop - 1);
    let below = q & ((half << 1) - 1);
    if below > half || (below == half && (!exact || m & 1 == 1)) {
        m += 1;
    }
    let bits = if top < -1022 {
        // Subnormal (a carry into bit 52 is exactly the smallest normal number).
        m
    } else {
        let (m, top) = if m == 1 << 53 {
            (m >> 1, top + 1)
        } else {
            (m, top)
        };
        if top > 1023 {
            return f64::INFINITY;
        }
        (((top + 1023) as u64) << 52) | (m & ((1 << 52) - 1))
    };
    f64::from_bits(bits)
}

/// Reads a decimal number: an optional sign, digits with an optional point, an optional
/// exponent (`0.1875`, `.5`, `5.`, `-2`, `1e-3`, `2E+2`). Correctly rounded, like Rust's
/// `str::parse::<f64>` and Java's `Double.parseDouble` for this form; overflow gives an
/// infinity. `None` for anything else (including `inf`, `NaN`, hex and empty text).
pub fn parse(text: &str) -> Option<f64> {
    let b = text.as_bytes();
    let mut i = 0;
    let negative = match b.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    let mut digits = Big(Vec::new());
    let (mut significant, mut seen, mut exp, mut point) = (0i32, false, 0i64, false);
    let mut sticky = false;
    while i < b.len() {
        match b[i] {
            c @ b'0'..=b'9' => {
                seen = true;
                if point {
                    exp -= 1;
                }
                if significant > 0 || c != b'0' {
                    // Beyond 800 significant digits only "was anything non-zero" matters.
                    if significant < 800 {
                        digits.mul_add(10, u32::from(c - b'0'));
                        significant += 1;
                    } else {
                        exp += 1;
                        sticky |= c != b'0';
                    }
                }
            }
            b'.' if !point => point = true,
            _ => break,
        }
        i += 1;
    }
    if !seen {
        return None;
    }
    if sticky {
        digits.mul_add(10, 1);
        exp -= 1;
        significant += 1;
    }
    if i < b.len() {
        if b[i] != b'e' && b[i] != b'E' {
            return None;
        }
        i += 1;
        let sign = match b.get(i) {
            Some(b'-') => {
                i += 1;
                -1
            }
            Some(b'+') => {
                i += 1;
                1
            }
            _ => 1,
        };
        if i == b.len() {
            return None;
        }
        let mut e = 0i64;
        for &c in &b[i..] {
            if !c.is_ascii_digit() {
                return None;
            }
            e = (e * 10 + i64::from(c - b'0')).min(1 << 40);
        }
        exp += sign * e;
    }
    let exp = exp.clamp(-100_000, 100_000) as i32;
    let v = from_decimal(&digits, exp, significant);
    Some(if negative { -v } else { v })
}

/// `v × 10^k` as the exact fraction `n / d`, for a finite `v > 0`; `k` may be negative.
fn scaled(v: f64, k: i32) -> (Big, Big) {
    let (mut n, mut d) = fraction(v);
    if k >= 0 {
        n.mul_pow10(k as u32);
    } else {
        d.mul_pow10((-k) as u32);
    }
    (n, d)
}

/// Divides `n / d` into a whole part (as decimal text) and whether the rest is below, at or
/// above one half.
fn divide(mut n: Big, d: &Big) -> (String, Ordering) {
    // Long division by a big divisor, 9 decimal digits at a time, from the top.
    let mut chunks = Vec::new();
    let mut k = 0;
    let mut unit = d.clone();
    while unit.cmp(&n) != Ordering::Greater {
        unit.mul_add(1_000_000_000, 0);
        k += 1;
    }
    for _ in 0..k {
        let mut step = d.clone();
        step.mul_pow10(9 * (k - 1 - chunks.len() as u32));
        chunks.push(div_small_quotient(&mut n, &step, 30));
    }
    let mut text = String::new();
    for (i, c) in chunks.iter().enumerate() {
        if i == 0 {
            text.push_str(&c.to_string());
        } else {
            let s = c.to_string();
            text.extend(std::iter::repeat_n('0', 9 - s.len()));
            text.push_str(&s);
        }
    }
    if text.is_empty() {
        text.push('0');
    }
    let twice = n.shl(1);
    (text, twice.cmp(d))
}

/// Adds one to a string of decimal digits.
fn increment(digits: &mut String) {
    let mut bytes = std::mem::take(digits).into_bytes();
    let mut i = bytes.len();
    loop {
        if i == 0 {
            bytes.insert(0, b'1');
            break;
        }
        i -= 1;
        if bytes[i] == b'9' {
            bytes[i] = b'0';
        } else {
            bytes[i] += 1;
            break;
        }
    }
    *digits = String::from_utf8(bytes).unwrap_or_default();
}

/// Places a decimal point `decimals` digits from the right of `digits`, padding with zeros.
fn point(digits: &str, decimals: usize) -> String {
    if decimals == 0 {
        return digits.to_string();
    }
    let digits = if digits.len() <= decimals {
        let mut padded = "0".repeat(decimals + 1 - digits.len());
        padded.push_str(digits);
        padded
    } else {
        digits.to_string()
    };
    let (whole, frac) = digits.split_at(digits.len() - decimals);
    format!("{whole}.{frac}")
}

fn special(v: f64) -> Option<String> {
    if v.is_nan() {
        Some("NaN".to_string())
    } else if v.is_infinite() {
        Some(if v > 0.0 { "inf" } else { "-inf" }.to_string())
    } else {
        None
    }
}

fn signed(v: f64, body: String) -> String {
    if v.is_sign_negative() {
        format!("-{body}")
    } else {
        body
    }
}

/// `v` with exactly `decimals` digits after the point, rounded half to even on its exact
/// value: the same text as `format!("{v:.decimals$}")`.
pub fn fixed(v: f64, decimals: usize) -> String {
    if let Some(s) = special(v) {
        return s;
    }
    let body = if v == 0.0 {
        point(&"0".repeat(decimals + 1), decimals)
    } else {
        let (n, d) = scaled(v.abs(), decimals as i32);
        let (mut digits, rest) = divide(n, &d);
        if rest == Ordering::Greater
            || (rest == Ordering::Equal && digits.ends_with(['1', '3', '5', '7', '9']))
        {
            increment(&mut digits);
        }
        point(&digits, decimals)
    };
    signed(v, body)
}

/// What the floating-point shortcut found for one precision.
enum Quick {
    /// The one `precision`-digit decimal (times 10^-k) that reads back as the value.
    Found(u64),
    /// No decimal of that many digits reads back.
    NoneFits,
    /// Out of the shortcut's range, or two candidates read back (the exact path picks).
    Unsure,
}

/// Powers of ten that are exact doubles.
fn pow10(k: u32) -> f64 {
    (0..k).fold(1.0, |acc, _| acc * 10.0)
}

/// For `precision` ≤ 15 and |k| ≤ 22: `a × 10^k` in floating point is within 0.2 of its exact
/// value, so the exact floor and ceiling are among three integers around it, and whether one
/// reads back is exact (Clinger's fast path). Only these can read back: half a unit in the last
/// place of `a` is below 10^-k.
fn quick_digits(a: f64, precision: i32, k: i32) -> Quick {
    if precision > 15 || !(-22..=22).contains(&k) {
        return Quick::Unsure;
    }
    let p = pow10(k.unsigned_abs());
    let x = if k >= 0 { a * p } else { a / p };
    let r = (x + 0.5).floor();
    let reads_back = |c: &f64| *c >= 1.0 && (if k >= 0 { c / p } else { c * p }) == a;
    let mut fits = [r - 1.0, r, r + 1.0].into_iter().filter(reads_back);
    match (fits.next(), fits.next()) {
        (None, _) => Quick::NoneFits,
        (Some(c), None) => Quick::Found(c as u64),
        (Some(_), Some(_)) => Quick::Unsure,
    }
}

/// The `k`-scaled decimal digits of `a` that read back as `a` (the closer of the floor and
/// the ceiling of `a × 10^k` when both do, ties up as std's printer), exactly.
fn exact_digits(a: f64, k: i32) -> Option<String> {
    let (n, d) = scaled(a, k);
    let (low, rest) = divide(n, &d);
    let mut high = low.clone();
    increment(&mut high);
    let reads_back = |digits: &str| {
        let mut big = Big(Vec::new());
        for c in digits.bytes() {
            big.mul_add(10, u32::from(c - b'0'));
        }
        from_decimal(&big, -k, digits.len() as i32) == a
    };
    match (reads_back(&low), reads_back(&high)) {
        (true, true) => Some(if rest == Ordering::Less { low } else { high }),
        (true, false) => Some(low),
        (false, true) => Some(high),
        (false, false) => None,
    }
}

/// The shortest text that reads back as `v` (the closest such when several are as short),
/// without an exponent: the same text as `format!("{v}")` (`0.1`, `1`, `63.5`, `1e-7` as
/// `0.0000001`).
pub fn shortest(v: f64) -> String {
    if let Some(s) = special(v) {
        return s;
    }
    let a = v.abs();
    if a == 0.0 {
        return signed(v, "0".to_string());
    }
    // Decimal exponent of the leading digit, estimated from the binary one, then corrected.
    let (n, d) = fraction(a);
    let mut lead = ((n.bits() as i32 - d.bits() as i32) * 30103).div_euclid(100_000) - 1;
    loop {
        let (n, d) = scaled(a, -lead - 1);
        if n.cmp(&d) == Ordering::Less {
            break;
        }
        lead += 1;
    }
    for precision in 1..=17 {
        let k = precision - 1 - lead;
        let pick = match quick_digits(a, precision, k) {
            Quick::Found(digits) => Some(digits.to_string()),
            Quick::NoneFits => None,
            Quick::Unsure => exact_digits(a, k),
        };
        if let Some(digits) = pick {
            let body = if k <= 0 {
                let mut s = digits;
                s.extend(std::iter::repeat_n('0', (-k) as usize));
                s
            } else {
                let s = point(&digits, k as usize);
                let s = s.trim_end_matches('0');
                s.strip_suffix('.').unwrap_or(s).to_string()
            };
            return signed(v, body);
        }
    }
    signed(v, "0".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_like_std() {
        for t in [
            "0.1875",
            ".5",
            "5.",
            "-2",
            "1e-3",
            "2E+2",
            "0",
            "-0",
            "63.5",
            "1e400",
            "1e-400",
            "4.9e-324",
            "2.4703282292062328e-324",
            "2.4703282292062327e-324",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "9007199254740993",
            "0.30000000000000004",
            "123456789012345678901234567890",
        ] {
            let ours = parse(t).unwrap();
            let std: f64 = t.parse().unwrap();
            assert_eq!(ours.to_bits(), std.to_bits(), "{t}");
        }
        let long = format!("1{}1e-852", "0".repeat(850));
        assert_eq!(parse(&long), Some(long.parse().unwrap()));
        let long = format!("0.{}5", "9".repeat(900));
        assert_eq!(parse(&long), Some(1.0));
        for t in [
            "", ".", "-", "e5", "1e", "1e+", "inf", "NaN", "1.2.3", "0x10", "1 ",
        ] {
            assert_eq!(parse(t), None, "{t:?}");
        }
    }

    #[test]
    fn writes_like_std() {
        for v in [
            0.1,
            0.25,
            1.0,
            63.5,
            1e21,
            1e-7,
            5e-324,
            f64::MAX,
            0.1 + 0.2,
            2f64.powi(60),
        ] {
            assert_eq!(shortest(v), format!("{v}"));
            assert_eq!(shortest(-v), format!("{}", -v));
            for n in 0..4 {
                assert_eq!(fixed(v, n), format!("{v:.n$}"), "{v} {n}");
            }
        }
        assert_eq!(fixed(0.25, 1), "0.2");
        assert_eq!(fixed(2.5, 0), "2");
        assert_eq!(fixed(0.0, 2), "0.00");
        assert_eq!(shortest(-0.0), "-0");
    }

    fn any_f64() -> impl proptest::strategy::Strategy<Value = f64> {
        use proptest::prelude::*;
        prop_oneof![
            any::<u64>()
                .prop_map(f64::from_bits)
                .prop_filter("finite", |v| v.is_finite()),
            (0u32..100_000, 0u32..6).prop_map(|(n, k)| f64::from(n) / 10f64.powi(k as i32)),
            (-1074i32..1024).prop_map(|e| 2f64.powi(e)),
        ]
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(3000))]
        #[test]
        fn shortest_and_fixed_match_std(v in any_f64(), n in 0usize..6) {
            proptest::prop_assert_eq!(shortest(v), format!("{v}"));
            if v.abs() < 1e30 {
                proptest::prop_assert_eq!(fixed(v, n), format!("{v:.n$}"));
            }
            proptest::prop_assert_eq!(parse(&format!("{v:e}")).map(f64::to_bits), Some(v.to_bits()));
        }

        #[test]
        fn parse_matches_std_near_halfway(v in any_f64(), p in 0usize..40) {
            // Exact decimal expansions cut at any length land near rounding boundaries.
            let t = format!("{v:.p$e}");
            let std: f64 = t.parse().unwrap();
            proptest::prop_assert_eq!(parse(&t).map(f64::to_bits), Some(std.to_bits()), "{}", t);
        }

        #[test]
        fn never_panics(text in "[-+.eE0-9a-z\u{00e9}\u{202f} ]{0,40}", v in proptest::num::f64::ANY, n in 0usize..30) {
            // Agrees with std wherever std reads the text as a plain decimal.
            let std = text.parse::<f64>().ok().filter(|_| !text.contains(['i', 'n', 'I', 'N']));
            let ours = parse(&text);
            if let Some(s) = std {
                proptest::prop_assert_eq!(ours.map(f64::to_bits), Some(s.to_bits()));
            }
            // And reads nothing std would not.
            if let Some(o) = ours {
                proptest::prop_assert_eq!(text.parse::<f64>().ok().map(f64::to_bits), Some(o.to_bits()));
            }
            let _ = (shortest(v), fixed(v, n));
        }

        #[test]
        fn parse_matches_std(
            whole in "[0-9]{0,25}",
            frac in proptest::option::of("[0-9]{0,25}"),
            exp in proptest::option::of(-400i32..400),
            neg in proptest::bool::ANY,
        ) {
            let mut t = String::new();
            if neg { t.push('-'); }
            t.push_str(&whole);
            if let Some(f) = &frac { t.push('.'); t.push_str(f); }
            if let Some(e) = exp { t.push_str(&format!("e{e}")); }
            let std = t.parse::<f64>().ok();
            proptest::prop_assert_eq!(parse(&t).map(f64::to_bits), std.map(f64::to_bits), "{}", t);
        }
    }
}

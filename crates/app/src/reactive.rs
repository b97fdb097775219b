//! The two ways the page derives a value from its signals, each compiled once per value type
//! rather than once per call site: [`derive`] (a signal computed on each read: the leaves of the
//! views, a text or an attribute) and [`memo`] (a value computed when what it reads changes and
//! passed on only when it differs: the parts of the view model a section shows, and what decides
//! a view's structure). Leptos' own `Memo::new` and `Signal::derive`, and a closure as a view's
//! child or attribute, are generic over the closure: a kilobyte or two of wasm for each of the
//! page's 250-odd call sites (BENCHMARKS.md, "The page as a Leptos app").

use leptos::prelude::*;

/// A signal whose value is `f()` each time it is read.
pub fn derive<T: Send + Sync + 'static>(f: impl Fn() -> T + Send + Sync + 'static) -> Signal<T> {
    derive_boxed(Box::new(f))
}

fn derive_boxed<T: Send + Sync + 'static>(f: Box<dyn Fn() -> T + Send + Sync>) -> Signal<T> {
    Signal::derive(move || f())
}

/// A memo of `f()`: recomputed when a signal it read changes, and notifying its readers only
/// when the new value differs from the last.
pub fn memo<T>(f: impl Fn() -> T + Send + Sync + 'static) -> Memo<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    memo_boxed(Box::new(f))
}

fn memo_boxed<T>(f: Box<dyn Fn() -> T + Send + Sync>) -> Memo<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    Memo::new(move |_| f())
}

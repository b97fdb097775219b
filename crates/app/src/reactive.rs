//! The ways the page derives a value from its signals, compiled once for the whole page rather
//! than once per call site or per type of value: [`text`] and [`attr`] (a text computed on each
//! read: the leaves of the views) and [`memo`] (a value computed when
//! what it reads changes, passed on only when it differs: the parts of the view model a section
//! shows, and what decides a view's structure). Leptos' own `Memo::new` and `Signal::derive` are
//! generic over their closure, and a memo's machinery over the type it holds: a kilobyte or two
//! of wasm for each of the page's 250-odd call sites and 60-odd types of value (BENCHMARKS.md,
//! "The page as a Leptos app").

use leptos::prelude::*;
use std::any::Any;
use std::marker::PhantomData;
use std::sync::Arc;

/// A text computed on each read: a view's text or an attribute's value. Every text of the page
/// is a `Signal<String>` (numbers and fixed words written out), so its rendering is compiled once.
pub fn text<T: ToString>(f: impl Fn() -> T + Send + Sync + 'static) -> Signal<String> {
    text_boxed(Box::new(move || f().to_string()))
}

fn text_boxed(f: Box<dyn Fn() -> String + Send + Sync>) -> Signal<String> {
    Signal::derive(f)
}

/// An attribute's value computed on each read, or no attribute (`None`).
pub fn attr<T: ToString>(
    f: impl Fn() -> Option<T> + Send + Sync + 'static,
) -> Signal<Option<String>> {
    attr_boxed(Box::new(move || f().map(|v| v.to_string())))
}

fn attr_boxed(f: Box<dyn Fn() -> Option<String> + Send + Sync>) -> Signal<Option<String>> {
    Signal::derive(f)
}

/// A part of a view rebuilt when what it reads changes: what decides a view's structure (a
/// section shown or not, one cluster manager's parts or another's). Leptos renders a closure
/// through code generic over the closure, about a kilobyte of wasm for each of the page's 50-odd;
/// boxed, with its view type-erased, that rendering is compiled once.
pub fn dynamic<V: IntoView + 'static>(f: impl Fn() -> V + Send + 'static) -> Dynamic {
    Box::new(move || f().into_any())
}

/// A view part rebuilt when what it reads changes ([`dynamic`]).
pub type Dynamic = Box<dyn Fn() -> AnyView + Send>;

/// A keyed list (`<For>`) of rows by position: row `i` reads the `i`th item of what it shows,
/// so a new value of the list updates the rows in place and only a new length adds or removes
/// rows. Compiled once for all such lists, as [`keyed_by_text`].
pub fn indexed(
    count: impl Fn() -> usize + Send + Sync + 'static,
    row: impl Fn(usize) -> AnyView + Send + Sync + 'static,
) -> AnyView {
    list(Box::new(move || (0..count()).collect()), Arc::new(row))
}

/// A keyed list (`<For>`) of rows by a number (the explorer's cores): a new order moves the rows.
pub fn keyed_by_number(
    keys: impl Fn() -> Vec<usize> + Send + Sync + 'static,
    row: impl Fn(usize) -> AnyView + Send + Sync + 'static,
) -> AnyView {
    list(Box::new(keys), Arc::new(row))
}

/// A keyed list (`<For>`) of rows by a text (a finding's code, a name): a new order moves the
/// rows, and a row stays with its key.
pub fn keyed_by_text(
    keys: impl Fn() -> Vec<String> + Send + Sync + 'static,
    row: impl Fn(String) -> AnyView + Send + Sync + 'static,
) -> AnyView {
    list(Box::new(keys), Arc::new(row))
}

/// Leptos' `<For>` is generic over its closures and items: about two kilobytes of wasm for each
/// list. Boxed, it is compiled once per type of key.
#[allow(clippy::type_complexity)]
fn list<K>(
    keys: Box<dyn Fn() -> Vec<K> + Send + Sync>,
    row: Arc<dyn Fn(K) -> AnyView + Send + Sync>,
) -> AnyView
where
    K: Eq + std::hash::Hash + Clone + Send + Sync + 'static,
{
    view! { <For each=move || keys() key=|k: &K| k.clone() children=move |k| row(k)/> }.into_any()
}

/// A value held by a memo of any type: the value, and how to tell it from another of its type.
#[derive(Clone)]
pub struct Held {
    value: Arc<dyn Any + Send + Sync>,
    same: fn(&dyn Any, &dyn Any) -> bool,
}

impl PartialEq for Held {
    fn eq(&self, other: &Held) -> bool {
        (self.same)(&*self.value, &*other.value)
    }
}

fn same<T: PartialEq + 'static>(a: &dyn Any, b: &dyn Any) -> bool {
    matches!((a.downcast_ref::<T>(), b.downcast_ref::<T>()), (Some(a), Some(b)) if a == b)
}

/// A memo of a `T` (`Copy`, as Leptos' own): its reactive machinery is compiled once for all the
/// page's memos, whatever they hold; only the look at the value is per type.
pub struct Part<T> {
    memo: Memo<Held>,
    held: PhantomData<fn() -> T>,
}

impl<T> Clone for Part<T> {
    fn clone(&self) -> Part<T> {
        *self
    }
}

impl<T> Copy for Part<T> {}

impl<T: 'static> Part<T> {
    /// `f` of the value (tracked: the caller follows it).
    pub fn with<R>(self, f: impl FnOnce(&T) -> R) -> R {
        self.memo.with(|h| f(value_of(h)))
    }

    /// `f` of the value, untracked.
    pub fn with_untracked<R>(self, f: impl FnOnce(&T) -> R) -> R {
        self.memo.with_untracked(|h| f(value_of(h)))
    }

    /// A copy of the value (tracked).
    pub fn get(self) -> T
    where
        T: Clone,
    {
        self.with(T::clone)
    }

    /// A copy of the value, untracked.
    pub fn get_untracked(self) -> T
    where
        T: Clone,
    {
        self.with_untracked(T::clone)
    }

    /// Follows the value without looking at it. The memo is brought up to date as it is
    /// followed: Leptos' `track()` of a memo only subscribes, and a memo never computed has no
    /// sources of its own, so nothing it reads would ever notify the follower.
    pub fn track(self) {
        self.memo.with(|_| ());
    }
}

/// The `T` a [`Held`] of a `Part<T>` holds. A part is only ever made by [`memo`] (or
/// [`memo_always`]) with its own type, so the look does not fail.
fn value_of<T: 'static>(h: &Held) -> &T {
    #[allow(clippy::expect_used)]
    h.value
        .downcast_ref::<T>()
        .expect("a part holds the type it was made with")
}

/// A memo of `f()`: recomputed when a signal it read changes, and notifying its readers only
/// when the new value differs from the last.
pub fn memo<T>(f: impl Fn() -> T + Send + Sync + 'static) -> Part<T>
where
    T: PartialEq + Send + Sync + 'static,
{
    part(Box::new(move || Held {
        value: Arc::new(f()),
        same: same::<T>,
    }))
}

/// A memo of `f()` that notifies its readers of every new value, without comparing it with the
/// last (for values its readers compare in parts, such as a plan's whole view).
pub fn memo_always<T>(f: impl Fn() -> T + Send + Sync + 'static) -> Part<T>
where
    T: Send + Sync + 'static,
{
    part(Box::new(move || Held {
        value: Arc::new(f()),
        same: |_, _| false,
    }))
}

fn part<T>(f: Box<dyn Fn() -> Held + Send + Sync>) -> Part<T> {
    Part {
        memo: Memo::new(move |_| f()),
        held: PhantomData,
    }
}

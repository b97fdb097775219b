//! Times the what-if curve of the benchmark's 15 000-task run from outside (`farm-bench`):
//! `whatif_curve N` computes it N times and prints the points' count.

#[path = "../benches/whatif_run/mod.rs"]
mod whatif_run;

use eventlog::whatif::{self, Basis};

fn main() {
    let times: u32 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    let run = whatif_run::run(25, 500, 100);
    let mut points = 0;
    for _ in 0..times {
        let w =
            whatif::what_if(std::hint::black_box(&run), &Basis::default()).expect("an estimate");
        points += w.curve.points.len();
    }
    println!("{points}");
}

//! While "Analyse a run" shows a run, the explorer's rows gain the time that run would take on
//! each shape and the core-hours the shape reserves for it. The table's rows, as they are made,
//! ask for the times of their form's link ([`TIME_SHAPES`]); the section has the analyser (which
//! kept the run) time those rows and sends the run again with them ([`RunShown::times`]). A row
//! shows a time only while the answer is for the link of the rows shown: until it comes, an
//! ellipsis.
use wasm_bindgen::JsValue;

use crate::analysis::{RunShown, TIME_SHAPES};

/// Asks the section to time the rows of `link` with the run shown when its times are of other
/// rows (the table's rows ask as they are made; an answer to an older question asks again).
pub fn ask_for_times(run: Option<&RunShown>, link: Option<&str>) {
    if let (Some(run), Some(link)) = (run, link) {
        if run.times.first().map(String::as_str) != Some(link) {
            crate::browser::tell_the_page(TIME_SHAPES, &JsValue::from_str(link));
        }
    }
}

/// The estimated time and core-hours of the row of `cores` for the rows of `link`: an
/// ellipsis while the section times them, nothing when no run is shown.
pub fn timed_cells(run: Option<&RunShown>, link: Option<&str>, cores: u32) -> [String; 2] {
    let Some(run) = run else {
        return Default::default();
    };
    let cores = cores.to_string();
    let for_these_rows = run.times.first().map(String::as_str) == link;
    let mut rows = run.times.get(1..).unwrap_or_default().chunks(3);
    match rows.find(|r| for_these_rows && r[0] == cores) {
        Some([_, time, core_hours]) => [time.clone(), core_hours.clone()],
        _ => ["…".to_string(), "…".to_string()],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_shows_the_times_of_its_link_only() {
        let texts = ["v=1", "4", "2 min", "0.5", "5", "1 min 40 s", "0.6"];
        let run = RunShown {
            title: "a run".to_string(),
            peak_tasks: 10,
            note: String::new(),
            times: texts.iter().map(|t| t.to_string()).collect(),
        };
        assert_eq!(
            timed_cells(Some(&run), Some("v=1"), 5),
            ["1 min 40 s", "0.6"]
        );
        assert_eq!(timed_cells(Some(&run), Some("v=1"), 4), ["2 min", "0.5"]);
        // Rows of another link, or a row the answer lacks: still being timed.
        assert_eq!(timed_cells(Some(&run), Some("v=1&n=3"), 5), ["…", "…"]);
        assert_eq!(timed_cells(Some(&run), Some("v=1"), 6), ["…", "…"]);
        // No run: no cells.
        assert_eq!(timed_cells(None, Some("v=1"), 5), ["", ""]);
    }
}

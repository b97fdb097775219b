//! The configuration check (`planner::check`) for the JS API and the page's Check section.

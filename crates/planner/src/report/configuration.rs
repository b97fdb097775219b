//! A plan's configuration as files and commands to paste: `spark-defaults.conf`, the
//! `spark-submit` command, EMR's configuration classifications (JSON) and the Spark operator's
//! `SparkApplication` fragment (YAML), written from the view ([`crate::view::files`]); an input
//! that cannot be planned has none (`None`), and so has a format of another cluster manager.

use crate::view::files::{file, File};
use crate::view::View;

/// `spark-defaults.conf`: a comment naming the plan, then one `key value` line per setting.
pub fn spark_defaults_conf(v: &View) -> Option<String> {
    file(v, File::Conf)
}

/// [`spark_defaults_conf`] with the plan's share link (already checked as
/// [`super::summary::share_link`] gives it) in a comment after the first.
pub fn spark_defaults_conf_linked(v: &View, link: Option<&str>) -> Option<String> {
    let conf = file(v, File::Conf)?;
    let Some(link) = link else {
        return Some(conf);
    };
    let (first, rest) = conf.split_once('\n').unwrap_or((&conf, ""));
    Some(format!(
        "{first}\n# {}: {link}\n{rest}",
        super::wiki::LINK_WORDS
    ))
}

/// The `spark-submit` command, one flag per line, with a placeholder for the application.
pub fn submit_command(v: &View) -> Option<String> {
    file(v, File::Submit)
}

/// Amazon EMR's configuration classifications as JSON (EMR plans only).
pub fn emr_classification_json(v: &View) -> Option<String> {
    file(v, File::EmrJson)
}

/// The Spark operator's `SparkApplication` resources as YAML (Kubernetes plans only).
pub fn spark_operator_yaml(v: &View) -> Option<String> {
    file(v, File::Yaml)
}

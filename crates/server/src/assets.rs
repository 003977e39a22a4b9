//! The page: the files of `web/`, embedded at compile time (or read from a folder given in the
//! configuration, for working on the page without rebuilding the server).

use std::path::{Component, Path, PathBuf};

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

#[derive(rust_embed::Embed)]
#[folder = "../../web/"]
#[allow_missing = true]
struct Web;

/// Shown when the binary was built without a page.
const NO_PAGE: &str = "<!doctype html>
<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Skirmish</title></head>
<body style=\"font-family: sans-serif; max-width: 40em; margin: 4em auto\">
<h1>Skirmish</h1>
<p>The server is running, but this build has no web page: the <code>web/</code> folder was
empty or missing when it was compiled. The API is at <code>/api/</code>
(see <code>docs/web-protocol.md</code>).</p>
</body></html>
";

fn content_type(path: &str) -> &'static str {
    let ext = path.rsplit('.').next().unwrap_or("").to_ascii_lowercase();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "txt" | "md" => "text/plain; charset=utf-8",
        "wasm" => "application/wasm",
        _ => "application/octet-stream",
    }
}

/// A relative path with no `..`, root or prefix parts, so it cannot leave the web folder.
fn safe_relative(path: &str) -> Option<PathBuf> {
    let p = Path::new(path);
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::Normal(part) => out.push(part),
            Component::CurDir => {}
            _ => return None,
        }
    }
    Some(out)
}

fn answer(path: &str, bytes: Vec<u8>) -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static(content_type(path)),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
            (
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            ),
        ],
        bytes,
    )
        .into_response()
}

/// The file at `path` (`""` is `index.html`), from `dir` when given, else embedded.
pub fn serve(dir: Option<&Path>, path: &str) -> Response {
    let path = path.trim_start_matches('/');
    let path = if path.is_empty() || path.ends_with('/') {
        format!("{path}index.html")
    } else {
        path.to_string()
    };
    let Some(rel) = safe_relative(&path) else {
        return (StatusCode::NOT_FOUND, "not found").into_response();
    };
    if let Some(dir) = dir {
        if let Ok(bytes) = std::fs::read(dir.join(&rel)) {
            return answer(&path, bytes);
        }
    } else if let Some(file) = Web::get(&path) {
        return answer(&path, file.data.into_owned());
    }
    if path == "index.html" {
        return answer("index.html", NO_PAGE.as_bytes().to_vec());
    }
    (StatusCode::NOT_FOUND, "not found").into_response()
}

/// True when this build carries a page.
pub fn has_page() -> bool {
    Web::get("index.html").is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside() {
        assert!(safe_relative("../secret").is_none());
        assert!(safe_relative("/etc/passwd").is_none());
        assert_eq!(safe_relative("a/./b.js"), Some(PathBuf::from("a/b.js")));
        assert_eq!(content_type("x/app.JS"), "text/javascript; charset=utf-8");
    }

    /// The page modules in `web/rulesets/<id>/` are embedded and served like the shell's files.
    #[test]
    fn page_modules_are_embedded() {
        if !has_page() {
            return;
        }
        for path in [
            "rulesets/generic/index.js",
            "rulesets/heroclix/index.js",
            "rulesets/heroscape/index.js",
        ] {
            assert!(Web::get(path).is_some(), "{path} is not embedded");
            let res = serve(None, &format!("/{path}"));
            assert_eq!(res.status(), StatusCode::OK, "{path}");
        }
    }
}

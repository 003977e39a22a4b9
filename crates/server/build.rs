//! Rebuilds the server when the page in `web/` changes, so the embedded copy is never stale
//! (new files included, which the embedding macro alone would not notice).

fn main() {
    println!("cargo:rerun-if-changed=../../web");
    println!("cargo:rerun-if-changed=build.rs");
}

//! What the tests over the shared HeroScape data have in common.

use std::path::PathBuf;

/// The shared HeroScape data: `../shared/data/heroscape` beside the workspace (as in CI), or
/// `$SKIRMISH_SHARED/data/heroscape` for a checkout elsewhere (a git worktree). These tests
/// need it: a missing folder fails them, naming where it was looked for.
pub fn data() -> PathBuf {
    let beside = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/heroscape"
    ));
    let dir = if beside.is_dir() {
        beside
    } else {
        std::env::var_os("SKIRMISH_SHARED")
            .map(|s| PathBuf::from(s).join("data/heroscape"))
            .unwrap_or(beside)
    };
    assert!(
        dir.is_dir(),
        "the shared HeroScape maps are missing: expected them at {} (the shared data folder \
         beside the workspace, or $SKIRMISH_SHARED/data/heroscape); these tests need them",
        dir.display()
    );
    dir
}

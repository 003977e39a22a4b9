//! Hex grids (HeroScape, Masters of the Universe: Battleground).

//! Line of sight as the Clix games rule it.
//!
//! Sources (HeroClix rulebook, French edition): *Ligne de vue*, *Terrain gênant*, *Eau*,
//! *Terrain bloquant*, *Murs*, *Dégagé, gêné ou bloqué*, *Terrain élevé*, *Ligne de vue : le
//! bord*, *Lignes de vue à travers un point d'intersection*, *Cartes intérieurs/extérieurs*,
//! *Personnage multi-socle et attaques*; 2002 FAQ *Ligne de vue*, *Terrain élevé*, *Terrain
//! bloquant*. The choices where the texts leave room are written on [`ClixLos`].

use serde::Serialize;
use skirmish_board::square::{Dir, Square, SquareFact, SquareMap};
pub use skirmish_board::FigureId;
use skirmish_lang::Lang;

use crate::trace::{trace_into, Via};

/// How restrictive a line of sight is; the most restrictive square crossed decides (rulebook
/// *Dégagé, gêné ou bloqué*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// *Dégagée*: nothing in the way.
    Clear,
    /// *Gênée*: the line crosses hindering terrain; the target's defence gets +1.
    Hindered,
    /// *Bloquée*: the line cannot be drawn.
    Blocked,
}

impl Verdict {
    /// The verdict's name for players.
    pub fn name(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Verdict::Clear, Lang::En) => "clear",
            (Verdict::Clear, Lang::Fr) => "dégagée",
            (Verdict::Hindered, Lang::En) => "hindered (+1 to the target's defence)",
            (Verdict::Hindered, Lang::Fr) => "gênée (+1 à la défense de la cible)",
            (Verdict::Blocked, Lang::En) => "blocked",
            (Verdict::Blocked, Lang::Fr) => "bloquée",
        }
    }

    /// Defence modifier a ranged attack along this line gives the target (rulebook *Terrain
    /// gênant*: +1 for a hindered line).
    pub fn defence_modifier(self) -> i32 {
        i32::from(self == Verdict::Hindered)
    }
}

/// A figure standing on a square, as line of sight sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Occupant {
    /// Which figure.
    pub figure: FigureId,
    /// The level it counts as being on for line of sight (levitating figures count as on the
    /// ground, FAQ *Ligne de vue*).
    pub level: u8,
}

/// Who stands where.
pub trait Occupancy {
    /// The figure on a square, if any.
    fn occupant(&self, sq: Square) -> Option<Occupant>;

    /// Every square's occupant by flat index ([`SquareMap::index`]) on a map `width` squares by
    /// `height`, when stored that way: lets line of sight read occupants by index rather than
    /// by square. `None` (the default) when not stored so or sized for another map.
    #[inline]
    fn by_index(&self, width: i32, height: i32) -> Option<&[Option<Occupant>]> {
        let _ = (width, height);
        None
    }
}

impl Occupancy for () {
    fn occupant(&self, _: Square) -> Option<Occupant> {
        None
    }
}

impl Occupancy for [(Square, Occupant)] {
    fn occupant(&self, sq: Square) -> Option<Occupant> {
        self.iter().find(|(s, _)| *s == sq).map(|(_, o)| *o)
    }
}

impl<const N: usize> Occupancy for [(Square, Occupant); N] {
    fn occupant(&self, sq: Square) -> Option<Occupant> {
        self.as_slice().occupant(sq)
    }
}

/// Occupancy stored square by square for a map, for fast repeated queries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OccupancyGrid {
    width: i32,
    height: i32,
    cells: Vec<Option<Occupant>>,
}

impl OccupancyGrid {
    /// An empty grid the size of `map`.
    pub fn new(map: &SquareMap) -> Self {
        OccupancyGrid {
            width: map.width(),
            height: map.height(),
            cells: vec![None; map.len()],
        }
    }

    /// Puts a figure on a square (off-map squares are ignored).
    pub fn set(&mut self, sq: Square, occupant: Option<Occupant>) {
        if sq.x >= 0 && sq.y >= 0 && sq.x < self.width && sq.y < self.height {
            self.cells[(sq.y * self.width + sq.x) as usize] = occupant;
        }
    }
}

impl Occupancy for OccupancyGrid {
    #[inline]
    fn occupant(&self, sq: Square) -> Option<Occupant> {
        if sq.x >= 0 && sq.y >= 0 && sq.x < self.width && sq.y < self.height {
            self.cells[(sq.y * self.width + sq.x) as usize]
        } else {
            None
        }
    }

    #[inline]
    fn by_index(&self, width: i32, height: i32) -> Option<&[Option<Occupant>]> {
        (width == self.width && height == self.height).then_some(self.cells.as_slice())
    }
}

/// One end of a line of sight: the attacker's or the target's square and level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Endpoint {
    /// The square the line starts or ends at.
    pub square: Square,
    /// The level the figure there counts as being on.
    pub level: u8,
    /// The figure there, so its other squares (multi-base) do not block its own line.
    pub figure: Option<FigureId>,
}

impl Endpoint {
    /// An endpoint at the level of the map square, with no figure.
    pub fn at(map: &SquareMap, square: Square) -> Self {
        Endpoint {
            square,
            level: map.level(square),
            figure: None,
        }
    }

    /// The same endpoint, naming the figure that stands there.
    pub fn with_figure(mut self, figure: FigureId) -> Self {
        self.figure = Some(figure);
        self
    }
}

/// How a ruleset treats a line passing exactly through the point where four squares meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum CornerRule {
    /// HeroClix (*Lignes de vue à travers un point d'intersection*): the point counts as the less
    /// restrictive of the two squares touching it off the line, figures included; but a line
    /// passing exactly between two occupied squares is not blocked by those figures (FAQ *Ligne
    /// de vue*, which the issue adopts over the rulebook's silence on that case).
    LessRestrictive,
    /// HorrorClix (*Ligne de vue*, *Terrain gênant*, *Terrain bloquant*): a line between two
    /// figures, two blocking squares, or a blocking square and a figure is blocked; a line
    /// between a hindering square and a blocking, occupied or hindering one is hindered.
    HorrorClix,
}

/// The Clix line-of-sight rules, with the knobs where the games differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ClixLos {
    /// The intersection rule.
    pub corner: CornerRule,
}

impl ClixLos {
    /// HeroClix's rules.
    pub const HEROCLIX: ClixLos = ClixLos {
        corner: CornerRule::LessRestrictive,
    };
    /// HorrorClix's intersection rules on the shared Clix core.
    pub const HORRORCLIX: ClixLos = ClixLos {
        corner: CornerRule::HorrorClix,
    };

    /// The verdict alone, as fast as possible: stops at the first thing that blocks.
    ///
    /// Inlined but for the walk between figures on one level: the first square the line
    /// enters answers most lines (see `first_step`), and a line between two levels is a short
    /// loop over terrain (`walk_between_levels`), so callers asking about many lines in a row
    /// pay no call for most of them.
    #[inline]
    pub fn verdict(
        &self,
        map: &SquareMap,
        from: Endpoint,
        to: Endpoint,
        occupancy: &(impl Occupancy + ?Sized),
    ) -> Verdict {
        let (width, height) = (map.width(), map.height());
        // As `SquareMap::index`; comparing unsigned turns away negative coordinates too.
        let index = |s: Square| {
            ((s.x as u32) < width as u32 && (s.y as u32) < height as u32)
                .then(|| (s.y * width + s.x) as usize)
        };
        let (Some(a), Some(b)) = (index(from.square), index(to.square)) else {
            return Verdict::Blocked;
        };
        if a == b {
            return Verdict::Clear;
        }
        let facts = map.facts().all();
        let (Some(&fa), Some(&fb)) = (facts.get(a), facts.get(b)) else {
            return Verdict::Blocked;
        };
        let outdoor_end = !(fa.indoor() && fb.indoor());
        let start = match first_step(facts, width, (&from, &to), (a, b), (fa, fb), outdoor_end) {
            Ok(verdict) => return verdict,
            Err(start) => start,
        };
        if from.level != to.level {
            return walk_between_levels(facts, width, (&from, &to), (a, b), outdoor_end, start);
        }
        self.walk_on(
            facts,
            (width, height),
            (&from, &to),
            (a, b),
            outdoor_end,
            occupancy,
            start,
        )
    }

    /// The rest of [`ClixLos::verdict`] between figures on one level, once the first step has
    /// not decided it: the walk that reads figures, out of line (see `first_step`).
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn walk_on(
        &self,
        facts: &[SquareFact],
        (width, height): (i32, i32),
        (from, to): (&Endpoint, &Endpoint),
        ends: (usize, usize),
        outdoor_end: bool,
        occupancy: &(impl Occupancy + ?Sized),
        start: Start,
    ) -> Verdict {
        // The walk lends it to the rules off its common path.
        let line = Line {
            facts,
            from,
            to,
            ends,
            outdoor_end,
            corner: self.corner,
        };
        // Occupants read by flat index when the occupancy is stored so for this map, by square
        // otherwise.
        match occupancy.by_index(width, height) {
            Some(cells) if cells.len() == facts.len() => {
                verdict_walk(&line, width, start, |at| cells.get(at).copied().flatten())
            }
            _ => verdict_walk(&line, width, start, |at| {
                let at = at as i32;
                occupancy.occupant(Square::new(at % width, at / width))
            }),
        }
    }

    /// The verdict with every reason and the squares crossed, for players and judges.
    pub fn explain(
        &self,
        map: &SquareMap,
        from: Endpoint,
        to: Endpoint,
        occupancy: &(impl Occupancy + ?Sized),
    ) -> LineOfFire {
        let mut report = LineOfFire {
            from: from.square,
            to: to.square,
            verdict: Verdict::Clear,
            distance: from.square.distance(to.square),
            squares: vec![from.square],
            corners: Vec::new(),
            notes: Vec::new(),
        };
        let verdict = evaluate(self, map, from, to, occupancy, &mut report);
        report.verdict = verdict;
        report
    }
}

/// A line of sight with its reasons.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LineOfFire {
    /// Attacker's square.
    pub from: Square,
    /// Target's square.
    pub to: Square,
    /// The result.
    pub verdict: Verdict,
    /// Squares counted for range: the attacker's square is not counted (rulebook *Ligne de vue*).
    pub distance: u32,
    /// Squares the line crosses, the attacker's and the target's included, in order.
    pub squares: Vec<Square>,
    /// Pairs of squares the line passes exactly between (through their shared corner point).
    pub corners: Vec<[Square; 2]>,
    /// Everything that made the verdict, in the order met along the line.
    pub notes: Vec<LosNote>,
}

impl LineOfFire {
    /// The whole explanation as lines of text; notes of one kind on several squares (a row of
    /// elevated terrain, say) share one line.
    pub fn describe(&self, lang: Lang) -> Vec<String> {
        self.describe_named(lang, &|_| None)
    }

    /// [`describe`](Self::describe) with the figures named as the game names them (`name`
    /// gives a figure's name, or `None` for its number): "blocked: Kestrel Vane at 4,5".
    pub fn describe_named(
        &self,
        lang: Lang,
        name: &dyn Fn(FigureId) -> Option<String>,
    ) -> Vec<String> {
        // (grouping key, text of the first note, squares of the notes grouped with it)
        type Line = (Option<(u8, u8)>, String, Vec<Square>);
        let mut lines: Vec<Line> = Vec::new();
        for n in &self.notes {
            let Some((key, square)) = n.group() else {
                lines.push((None, n.text_named(lang, name), Vec::new()));
                continue;
            };
            match lines.iter_mut().find(|(k, _, _)| *k == Some(key)) {
                Some((_, _, squares)) => squares.push(square),
                None => lines.push((Some(key), n.text_named(lang, name), vec![square])),
            }
        }
        lines
            .into_iter()
            .map(|(_, text, squares)| {
                if squares.len() < 2 {
                    return text;
                }
                // The first note's text ends with its square; list the others after it.
                let rest: Vec<String> = squares[1..].iter().map(Square::to_string).collect();
                format!("{text}, {}", rest.join(", "))
            })
            .collect()
    }
}

/// One reason on a line of sight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum LosNote {
    /// A square of the line is off the map.
    OffMap {
        /// The square.
        square: Square,
    },
    /// The line is drawn to the figure's own square: always possible.
    OwnSquare,
    /// Attacker and target are on different levels: only the target's square's hindering
    /// terrain counts, other figures and hindering terrain do not.
    ElevationDiffers {
        /// Attacker's level.
        from_level: u8,
        /// Target's level.
        to_level: u8,
    },
    /// A wall stands on the edge crossed.
    Wall {
        /// Square on the near side.
        from: Square,
        /// Square on the far side.
        to: Square,
    },
    /// Blocking terrain on a crossed square.
    BlockingTerrain {
        /// The square.
        square: Square,
    },
    /// Blocking terrain in the attacker's or target's own square does not block (FAQ *Terrain
    /// bloquant*, rulebook *Détruire un terrain bloquant*).
    EndpointBlockingIgnored {
        /// The square.
        square: Square,
    },
    /// Terrain higher than the line: elevated terrain between two ground figures, or elevated
    /// terrain other than the elevated figure's own square between an elevated and a ground
    /// figure (rulebook *Ligne de vue : le bord*).
    HigherTerrain {
        /// The square.
        square: Square,
        /// Its level.
        level: u8,
    },
    /// An outdoor figure's line may not pass over an indoor square (rulebook *Cartes
    /// intérieurs/extérieurs*).
    OverIndoor {
        /// The indoor square.
        square: Square,
    },
    /// Another figure stands on a crossed square.
    Figure {
        /// The square.
        square: Square,
        /// The figure.
        figure: FigureId,
    },
    /// Hindering terrain on a crossed square.
    Hindering {
        /// The square.
        square: Square,
    },
    /// Hindering terrain only in the attacker's own square does not hinder (rulebook *Terrain
    /// gênant*).
    AttackerHinderingIgnored {
        /// The square.
        square: Square,
    },
    /// The line passes exactly through a corner point; the rule for intersections decided.
    Corner {
        /// The two squares touching the point off the line.
        sides: [Square; 2],
        /// What each side would have done to the line.
        side_verdicts: [Verdict; 2],
        /// What the point does to the line.
        result: Verdict,
        /// True when both sides were blocked only by figures (FAQ: not blocked by them).
        between_figures: bool,
    },
}

impl LosNote {
    /// Notes that only differ by their square: a grouping key and the square.
    fn group(&self) -> Option<((u8, u8), Square)> {
        match *self {
            LosNote::BlockingTerrain { square } => Some(((0, 0), square)),
            LosNote::HigherTerrain { square, level } => Some(((1, level), square)),
            LosNote::OverIndoor { square } => Some(((2, 0), square)),
            LosNote::Hindering { square } => Some(((3, 0), square)),
            _ => None,
        }
    }

    /// The note as a sentence.
    pub fn text(&self, lang: Lang) -> String {
        self.text_named(lang, &|_| None)
    }

    /// [`text`](Self::text) with figures named by `name` where it knows them.
    pub fn text_named(&self, lang: Lang, name: &dyn Fn(FigureId) -> Option<String>) -> String {
        let fr = lang == Lang::Fr;
        match self {
            LosNote::OffMap { square } => {
                if fr {
                    format!("la case {square} est hors de la carte")
                } else {
                    format!("square {square} is off the map")
                }
            }
            LosNote::OwnSquare => lang
                .pick(
                    "a figure can always draw a line of fire to its own square",
                    "un personnage peut toujours tracer une ligne de vue vers sa propre case",
                )
                .to_string(),
            LosNote::ElevationDiffers {
                from_level,
                to_level,
            } => {
                if fr {
                    format!("attaquant au niveau {from_level}, cible au niveau {to_level} : les autres personnages et le terrain gênant ne comptent pas, sauf dans la case de la cible (ligne de vue : le bord)")
                } else {
                    format!("attacker on level {from_level}, target on level {to_level}: other figures and hindering terrain do not count, except in the target's square (line of fire: the edge)")
                }
            }
            LosNote::Wall { from, to } => {
                if fr {
                    format!("bloquée : mur entre {from} et {to}")
                } else {
                    format!("blocked: wall between {from} and {to}")
                }
            }
            LosNote::BlockingTerrain { square } => {
                if fr {
                    format!("bloquée : terrain bloquant en {square}")
                } else {
                    format!("blocked: blocking terrain at {square}")
                }
            }
            LosNote::EndpointBlockingIgnored { square } => {
                if fr {
                    format!("le terrain bloquant de la case {square}, occupée par l'attaquant ou la cible, ne bloque pas")
                } else {
                    format!("blocking terrain at {square} is the attacker's or target's own square and does not block")
                }
            }
            LosNote::HigherTerrain { square, level } => {
                if fr {
                    format!("bloquée : terrain élevé (niveau {level}) en {square}")
                } else {
                    format!("blocked: elevated terrain (level {level}) at {square}")
                }
            }
            LosNote::OverIndoor { square } => {
                if fr {
                    format!("bloquée : un personnage en extérieur ne peut pas tracer de ligne de vue par-dessus la case intérieure {square}")
                } else {
                    format!("blocked: an outdoor figure cannot draw a line of fire over the indoor square {square}")
                }
            }
            LosNote::Figure { square, figure } => match (name(*figure), fr) {
                (Some(n), true) => format!("bloquée : {n} en {square}"),
                (Some(n), false) => format!("blocked: {n} at {square}"),
                (None, true) => format!("bloquée : personnage #{} en {square}", figure.0),
                (None, false) => format!("blocked: figure #{} at {square}", figure.0),
            },
            LosNote::Hindering { square } => {
                if fr {
                    format!("gênée : terrain gênant en {square}")
                } else {
                    format!("hindered: hindering terrain at {square}")
                }
            }
            LosNote::AttackerHinderingIgnored { square } => {
                if fr {
                    format!("le terrain gênant de la case de l'attaquant ({square}) ne compte pas")
                } else {
                    format!(
                        "hindering terrain in the attacker's own square ({square}) does not count"
                    )
                }
            }
            LosNote::Corner {
                sides,
                side_verdicts,
                result,
                between_figures,
            } => {
                let [a, b] = sides;
                let [va, vb] = side_verdicts;
                let mut s = if fr {
                    format!(
                        "passe exactement par le point d'intersection entre {a} ({}) et {b} ({}) : {}",
                        va.name(lang),
                        vb.name(lang),
                        result.name(lang)
                    )
                } else {
                    format!(
                        "passes exactly through the corner between {a} ({}) and {b} ({}): {}",
                        va.name(lang),
                        vb.name(lang),
                        result.name(lang)
                    )
                };
                if *between_figures {
                    s.push_str(lang.pick(
                        " — a line exactly between two occupied squares is not blocked by those figures",
                        " — une ligne de vue passant exactement entre deux cases occupées n'est pas bloquée par ces personnages",
                    ));
                }
                s
            }
        }
    }
}

/// What the line sees as it crosses one square.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Attacker,
    Between,
    Target,
}

struct Ctx<'a, O: Occupancy + ?Sized> {
    // The map's packed per-square facts: reading a cell would re-derive its terrain from its
    // markers for every square of every line.
    facts: &'a [SquareFact],
    width: i32,
    height: i32,
    occ: &'a O,
    from: Endpoint,
    to: Endpoint,
    same_level: bool,
    low: u8,
    high: u8,
    outdoor_end: bool,
}

/// A square's effect split into what terrain does and what a figure does, because the
/// intersection rules treat figures specially.
#[derive(Clone, Copy)]
struct Effect {
    terrain: Verdict,
    figure: bool,
}

impl Effect {
    fn verdict(self) -> Verdict {
        if self.figure {
            Verdict::Blocked
        } else {
            self.terrain
        }
    }
}

impl<O: Occupancy + ?Sized> Ctx<'_, O> {
    fn is_endpoint_figure(&self, f: FigureId) -> bool {
        self.from.figure == Some(f) || self.to.figure == Some(f)
    }

    fn fact(&self, sq: Square) -> Option<SquareFact> {
        if sq.x >= 0 && sq.y >= 0 && sq.x < self.width && sq.y < self.height {
            self.facts.get((sq.y * self.width + sq.x) as usize).copied()
        } else {
            None
        }
    }

    // The rules for a square between the ends, one reason each; `square` notes them for
    // explanations, `verdict_walk` reads them straight.

    /// Terrain above the line: above both figures on one level; on different levels, above the
    /// lower figure (the higher figure's own square is an end, not between) (*le bord*).
    #[inline]
    fn higher(&self, f: SquareFact) -> bool {
        f.level() > self.low
    }

    /// Blocking terrain at the line's height; below it (ground blocking between two elevated
    /// figures) it does not block (rulebook *Terrain bloquant*).
    #[inline]
    fn blocking(&self, f: SquareFact) -> bool {
        f.blocking() && f.level() == self.low
    }

    /// An outdoor figure's line passing over an indoor square.
    #[inline]
    fn over_indoor(&self, f: SquareFact) -> bool {
        self.outdoor_end && f.indoor() && f.level() < self.high
    }

    /// A figure standing in the way: only between figures on one level, and never one of the
    /// figures at the ends.
    #[inline]
    fn figure(&self, sq: Square) -> Option<FigureId> {
        if !self.same_level {
            return None;
        }
        self.occ
            .occupant(sq)
            .filter(|o| o.level == self.low && !self.is_endpoint_figure(o.figure))
            .map(|o| o.figure)
    }

    /// Hindering terrain in the way: only between figures on one level.
    #[inline]
    fn hindering(&self, f: SquareFact) -> bool {
        self.same_level && f.hindering() && f.level() == self.low
    }

    /// The effect of one square on the line, its reasons noted in `notes`.
    #[inline]
    fn square(&self, sq: Square, role: Role, notes: &mut impl Report) -> Effect {
        let Some(cell) = self.fact(sq) else {
            notes.note(LosNote::OffMap { square: sq });
            return Effect {
                terrain: Verdict::Blocked,
                figure: false,
            };
        };
        let mut terrain = Verdict::Clear;
        let mut figure = false;
        match role {
            Role::Between => {
                let level = cell.level();
                if self.higher(cell) {
                    notes.note(LosNote::HigherTerrain { square: sq, level });
                    terrain = Verdict::Blocked;
                }
                if self.blocking(cell) {
                    notes.note(LosNote::BlockingTerrain { square: sq });
                    terrain = Verdict::Blocked;
                }
                if self.over_indoor(cell) {
                    notes.note(LosNote::OverIndoor { square: sq });
                    terrain = Verdict::Blocked;
                }
                if let Some(f) = self.figure(sq) {
                    notes.note(LosNote::Figure {
                        square: sq,
                        figure: f,
                    });
                    figure = true;
                }
                if self.hindering(cell) && terrain < Verdict::Hindered {
                    notes.note(LosNote::Hindering { square: sq });
                    terrain = Verdict::Hindered;
                }
            }
            Role::Attacker | Role::Target => {
                if cell.blocking() {
                    notes.note(LosNote::EndpointBlockingIgnored { square: sq });
                }
                if cell.hindering() {
                    if role == Role::Target {
                        notes.note(LosNote::Hindering { square: sq });
                        terrain = Verdict::Hindered;
                    } else {
                        notes.note(LosNote::AttackerHinderingIgnored { square: sq });
                    }
                }
            }
        }
        Effect { terrain, figure }
    }

    /// True if a wall runs along the edge of `sq` in orthogonal direction `dir`: the one edge a
    /// step of the line between touching squares crosses.
    fn wall(&self, sq: Square, dir: Dir) -> bool {
        self.fact(sq).is_some_and(|f| f.wall(dir))
    }
}

/// Where the reasons for a verdict go: nowhere for [`ClixLos::verdict`], into the report for
/// [`ClixLos::explain`]. A type rather than a run-time switch, so that the verdict's copy of the
/// rules carries no bookkeeping at all.
trait Report {
    /// The whole line is walked and every reason kept, rather than stopping once it is blocked.
    const EXPLAINING: bool;
    fn note(&mut self, note: LosNote);
    fn square(&mut self, sq: Square);
    fn corner(&mut self, sides: [Square; 2]);
}

struct Silent;

impl Report for Silent {
    const EXPLAINING: bool = false;
    fn note(&mut self, _: LosNote) {}
    fn square(&mut self, _: Square) {}
    fn corner(&mut self, _: [Square; 2]) {}
}

impl Report for LineOfFire {
    const EXPLAINING: bool = true;
    fn note(&mut self, note: LosNote) {
        self.notes.push(note);
    }
    fn square(&mut self, sq: Square) {
        self.squares.push(sq);
    }
    fn corner(&mut self, sides: [Square; 2]) {
        self.corners.push(sides);
    }
}

fn evaluate<O: Occupancy + ?Sized, R: Report>(
    rules: &ClixLos,
    map: &SquareMap,
    from: Endpoint,
    to: Endpoint,
    occ: &O,
    report: &mut R,
) -> Verdict {
    let ctx = Ctx {
        facts: map.facts().all(),
        width: map.width(),
        height: map.height(),
        occ,
        from,
        to,
        same_level: from.level == to.level,
        low: from.level.min(to.level),
        high: from.level.max(to.level),
        outdoor_end: false,
    };
    let ctx = Ctx {
        outdoor_end: ctx.fact(from.square).is_some_and(|c| !c.indoor())
            || ctx.fact(to.square).is_some_and(|c| !c.indoor()),
        ..ctx
    };
    if !ctx.same_level {
        report.note(LosNote::ElevationDiffers {
            from_level: from.level,
            to_level: to.level,
        });
    }
    if !map.contains(from.square) || !map.contains(to.square) {
        for s in [from.square, to.square] {
            if !map.contains(s) {
                report.note(LosNote::OffMap { square: s });
            }
        }
        return Verdict::Blocked;
    }
    if from.square == to.square {
        report.note(LosNote::OwnSquare);
        return Verdict::Clear;
    }
    let mut verdict = ctx.square(from.square, Role::Attacker, report).verdict();
    let mut prev = from.square;
    trace_into(from.square, to.square, |step| {
        let role = if step.to == to.square {
            Role::Target
        } else {
            Role::Between
        };
        match step.via {
            Via::Edge(dir) => {
                if ctx.wall(prev, dir) {
                    report.note(LosNote::Wall {
                        from: prev,
                        to: step.to,
                    });
                    verdict = Verdict::Blocked;
                }
            }
            Via::Corner { dir, sides } => {
                let point = corner(rules, &ctx, prev, dir, sides, report);
                verdict = verdict.max(point);
            }
        }
        let effect = ctx.square(step.to, role, report);
        verdict = verdict.max(effect.verdict());
        report.square(step.to);
        prev = step.to;
        R::EXPLAINING || verdict < Verdict::Blocked
    });
    verdict
}

/// A line [`verdict_walk`] is asked about. The rules met off its common path (corners,
/// figures, terrain other than plain) read what they need from the ends when met, rather than
/// every line working it out up front.
struct Line<'a> {
    facts: &'a [SquareFact],
    from: &'a Endpoint,
    to: &'a Endpoint,
    /// The flat indices of the ends.
    ends: (usize, usize),
    /// True if the figure at either end is outdoors.
    outdoor_end: bool,
    corner: CornerRule,
}

impl Line<'_> {
    /// The level of the lower end: the line's height between the ends.
    #[inline(always)]
    fn low(&self) -> u8 {
        self.from.level.min(self.to.level)
    }

    #[inline(always)]
    fn same_level(&self) -> bool {
        self.from.level == self.to.level
    }

    /// [`terrain`] on this line.
    #[inline(always)]
    fn terrain(&self, f: SquareFact) -> Verdict {
        terrain(f, self.from.level, self.to.level, self.outdoor_end)
    }

    /// True if the occupant of a square between the ends is in the way (`Ctx::figure`).
    #[inline(always)]
    fn figure(&self, o: Option<Occupant>) -> bool {
        self.same_level()
            && o.is_some_and(|o| {
                o.level == self.low()
                    && self.from.figure != Some(o.figure)
                    && self.to.figure != Some(o.figure)
            })
    }
}

/// The rules of `Ctx::square` for a square between the ends of a line between levels `la` and
/// `lb`, terrain only (see the rules of the same names on [`Ctx`]).
#[inline(always)]
fn terrain(f: SquareFact, la: u8, lb: u8, outdoor_end: bool) -> Verdict {
    let (low, high) = (la.min(lb), la.max(lb));
    let level = f.level();
    let higher = level > low;
    let blocking = f.blocking() && level == low;
    let over_indoor = outdoor_end && f.indoor() && level < high;
    if higher | blocking | over_indoor {
        Verdict::Blocked
    } else if la == lb && f.hindering() && level == low {
        Verdict::Hindered
    } else {
        Verdict::Clear
    }
}

/// [`Line::figure`] for [`verdict_walk`], kept out of its loop (see [`Line`]).
#[inline(never)]
fn figure_between(line: &Line<'_>, o: Occupant) -> bool {
    line.figure(Some(o))
}

/// Where [`verdict_walk`] takes the line up.
#[derive(Clone, Copy)]
enum Start {
    /// At the attacker's square, facts `fa`, the line leaving it through a corner point.
    Corner { fa: SquareFact },
    /// In the first square entered, at flat index `at` with facts `f`, neither the target's
    /// nor blocking the line by its terrain; `order_term` as in the walk after that step.
    Entered {
        at: usize,
        f: SquareFact,
        order_term: i32,
    },
}

/// The verdict when the first square the line enters decides it: the line stops there, at a
/// wall or terrain that blocks it, or that square is the target's. A figure's neighbours are
/// often the walls, buildings and rooftops it stands by, and a bot asks about every square in
/// range, so this answers many lines before the walk is set up; the others go on from where
/// it stopped (`Err`).
#[inline(always)]
fn first_step(
    facts: &[SquareFact],
    width: i32,
    (from, to): (&Endpoint, &Endpoint),
    (a, b): (usize, usize),
    (fa, fb): (SquareFact, SquareFact),
    outdoor_end: bool,
) -> Result<Verdict, Start> {
    let (ddx, ddy) = (to.square.x - from.square.x, to.square.y - from.square.y);
    let (nx, ny) = (ddx.abs(), ddy.abs());
    // As in `verdict_walk`: the flat index step, the wall bit of the edge crossed, and the
    // order term after the step.
    let (step, wall_bit, order_term) = if ny > nx {
        let order_term = ny - 3 * nx;
        if ddy > 0 {
            (width as isize, 4, order_term)
        } else {
            (-(width as isize), 1, order_term)
        }
    } else if nx > ny {
        let order_term = 3 * ny - nx;
        if ddx > 0 {
            (1, 2, order_term)
        } else {
            (-1, 8, order_term)
        }
    } else {
        return Err(Start::Corner { fa });
    };
    if fa.walls() & wall_bit != 0 {
        return Ok(Verdict::Blocked);
    }
    let at = a.wrapping_add_signed(step);
    if at == b {
        return Ok(if fb.hindering() {
            Verdict::Hindered
        } else {
            Verdict::Clear
        });
    }
    let Some(&f) = facts.get(at) else {
        return Ok(Verdict::Blocked);
    };
    // `terrain`, its commonest reasons first: terrain above the line, then blocking terrain
    // at its height; indoor squares only matter to outdoor figures.
    let (level, low) = (f.level(), from.level.min(to.level));
    if level > low
        || (level == low && f.blocking())
        || (f.indoor() && terrain(f, from.level, to.level, outdoor_end) == Verdict::Blocked)
    {
        return Ok(Verdict::Blocked);
    }
    Err(Start::Entered { at, f, order_term })
}

/// The verdict alone, between figures on one level at the different squares of the map at flat
/// indices `line.ends`, taken up at `start`: the explained walk's rules read straight, stopping
/// at the first thing that blocks. The attacker's own square never counts.
///
/// It walks the same line as [`trace_into`], by flat index into the square facts, because the
/// verdict is asked for every pair of figures many times per game state (the property tests and
/// the exhaustive tests on the sample maps hold it to the explained walk). `occupant` reads the
/// figure on a square by flat index.
///
/// Most lines stop after two or three squares, so what is set up once per line weighs as much
/// as the walk: only what the step across plain squares needs is worked out before it (see
/// [`Line`]).
#[inline(always)]
fn verdict_walk(
    line: &Line<'_>,
    width: i32,
    start: Start,
    occupant: impl Fn(usize) -> Option<Occupant>,
) -> Verdict {
    let facts = line.facts;
    let target = line.ends.1;
    let (ddx, ddy) = (
        line.to.square.x - line.from.square.x,
        line.to.square.y - line.from.square.y,
    );
    let (nx, ny) = (ddx.abs(), ddy.abs());
    // The flat index step and the wall bit (1 N, 2 E, 4 S, 8 W) of the edge crossed by a step
    // along x, then along y; a line with no step along an axis never reads that axis's.
    let (step_x, wall_x) = if ddx > 0 { (1, 2) } else { (-1, 8) };
    let (step_y, wall_y) = if ddy > 0 {
        (width as isize, 4)
    } else {
        (-(width as isize), 1)
    };
    let (dx, dy) = (2 * ny, 2 * nx);
    let mut verdict = Verdict::Clear;
    debug_assert!(line.same_level());
    let low = line.low();
    // As in `trace_into`: the sign of this term, (2i+1)·ny − (2j+1)·nx after i steps along x
    // and j along y, says which grid line the line crosses next; once every vertical (or
    // horizontal) grid line is crossed its sign stays positive (negative), and it is zero only
    // at a corner point (the map's sides are at most 1000 squares, so it fits an i32).
    let (mut at, mut f, mut order_term) = match start {
        Start::Entered { at, f, order_term } => (at, f, order_term),
        Start::Corner { fa } => {
            verdict = corner_fast(line, line.ends.0, fa, (step_x, step_y), &occupant);
            if verdict == Verdict::Blocked {
                return Verdict::Blocked;
            }
            let at = line.ends.0.wrapping_add_signed(step_x + step_y);
            if at == target {
                if target_hindering(line.facts, target) {
                    verdict = verdict.max(Verdict::Hindered);
                }
                return verdict;
            }
            let Some(&f) = facts.get(at) else {
                return Verdict::Blocked;
            };
            (at, f, ny - nx + dx - dy)
        }
    };
    loop {
        // `f`, at `at`, is a square between the ends. Squares at the line's level that stop
        // nothing take one test; the rules in full are for the others (an indoor square there
        // is not under the line).
        if f.level() != low || f.blocking() | f.hindering() {
            // Terrain first: it is cheaper to work out than a figure lookup.
            match line.terrain(f) {
                Verdict::Blocked => return Verdict::Blocked,
                Verdict::Hindered => verdict = Verdict::Hindered,
                Verdict::Clear => {}
            }
        }
        if let Some(o) = occupant(at) {
            if figure_between(line, o) {
                return Verdict::Blocked;
            }
        }
        let walls = f.walls();
        let wall_bit = if order_term > 0 {
            order_term -= dy;
            at = at.wrapping_add_signed(step_y);
            wall_y
        } else if order_term < 0 {
            order_term += dx;
            at = at.wrapping_add_signed(step_x);
            wall_x
        } else {
            order_term += dx - dy;
            let point = corner_fast(line, at, f, (step_x, step_y), &occupant);
            verdict = verdict.max(point);
            if verdict == Verdict::Blocked {
                return Verdict::Blocked;
            }
            at = at.wrapping_add_signed(step_x + step_y);
            0
        };
        if walls & wall_bit != 0 {
            return Verdict::Blocked;
        }
        if at == target {
            if target_hindering(line.facts, target) {
                verdict = verdict.max(Verdict::Hindered);
            }
            return verdict;
        }
        let Some(&next) = facts.get(at) else {
            return Verdict::Blocked;
        };
        f = next;
    }
}

/// [`verdict_walk`] for a line between figures on different levels, taken up at `start`: there
/// neither figures nor hindering terrain between the ends count (rulebook *Ligne de vue : le
/// bord*), so only walls and terrain can stop it, and the line's state is the square it is in.
/// Elevated figures are where lines of fire are drawn from most, every rooftop figure looking
/// down on the street.
#[inline(always)]
fn walk_between_levels(
    facts: &[SquareFact],
    width: i32,
    (from, to): (&Endpoint, &Endpoint),
    (a, target): (usize, usize),
    outdoor_end: bool,
    start: Start,
) -> Verdict {
    let (ddx, ddy) = (to.square.x - from.square.x, to.square.y - from.square.y);
    let (nx, ny) = (ddx.abs(), ddy.abs());
    // As in `verdict_walk`.
    let (step_x, wall_x) = if ddx > 0 { (1, 2) } else { (-1, 8) };
    let (step_y, wall_y) = if ddy > 0 {
        (width as isize, 4)
    } else {
        (-(width as isize), 1)
    };
    let (dx, dy) = (2 * ny, 2 * nx);
    let low = from.level.min(to.level);
    // Terrain blocks the line between levels when above its lower end, blocking at its height,
    // or indoors under it for an outdoor figure (the rules of `terrain`, the ends on two levels).
    let blocks = |f: SquareFact| {
        let level = f.level();
        level > low || (level == low && f.blocking()) || (outdoor_end && f.indoor())
    };
    let corner_blocks = |prev: usize, here: SquareFact| {
        corner_blocks_between_levels(facts, prev, here, (step_x, step_y), low, outdoor_end)
    };
    let target_verdict = || {
        if target_hindering(facts, target) {
            Verdict::Hindered
        } else {
            Verdict::Clear
        }
    };
    let (mut at, mut f, mut order_term) = match start {
        Start::Entered { at, f, order_term } => (at, f, order_term),
        Start::Corner { fa } => {
            if corner_blocks(a, fa) {
                return Verdict::Blocked;
            }
            let at = a.wrapping_add_signed(step_x + step_y);
            if at == target {
                return target_verdict();
            }
            let Some(&f) = facts.get(at) else {
                return Verdict::Blocked;
            };
            if blocks(f) {
                return Verdict::Blocked;
            }
            (at, f, dx - dy)
        }
    };
    // `f`, at `at`, is a square between the ends that lets the line through.
    loop {
        let walls = f.walls();
        let wall_bit = if order_term > 0 {
            order_term -= dy;
            at = at.wrapping_add_signed(step_y);
            wall_y
        } else if order_term < 0 {
            order_term += dx;
            at = at.wrapping_add_signed(step_x);
            wall_x
        } else {
            order_term += dx - dy;
            if corner_blocks(at, f) {
                return Verdict::Blocked;
            }
            at = at.wrapping_add_signed(step_x + step_y);
            0
        };
        if walls & wall_bit != 0 {
            return Verdict::Blocked;
        }
        if at == target {
            return target_verdict();
        }
        let Some(&next) = facts.get(at) else {
            return Verdict::Blocked;
        };
        if blocks(next) {
            return Verdict::Blocked;
        }
        f = next;
    }
}

/// [`corner_fast`] for [`walk_between_levels`] (the rules of `blocks` there): with no figure
/// nor hindering terrain counted, each square beside the point blocks or lets the line through,
/// and under either rule the point blocks only when both do.
#[inline(never)]
fn corner_blocks_between_levels(
    facts: &[SquareFact],
    prev: usize,
    here: SquareFact,
    (step_x, step_y): (isize, isize),
    low: u8,
    outdoor_end: bool,
) -> bool {
    let wall_x = if step_x > 0 { 2 } else { 8 };
    let wall_y = if step_y > 0 { 4 } else { 1 };
    let side_blocks = |at: usize, out: u8, on: u8| {
        facts.get(at).is_none_or(|&f| {
            let level = f.level();
            (here.walls() & out != 0) | (f.walls() & on != 0)
                || level > low
                || (level == low && f.blocking())
                || (outdoor_end && f.indoor())
        })
    };
    side_blocks(prev.wrapping_add_signed(step_x), wall_x, wall_y)
        && side_blocks(prev.wrapping_add_signed(step_y), wall_y, wall_x)
}

/// True if the target's square is hindering: its terrain counts wherever the line comes from
/// (rulebook *Terrain gênant*, *le bord*).
#[inline(always)]
fn target_hindering(facts: &[SquareFact], target: usize) -> bool {
    facts.get(target).is_some_and(|f| f.hindering())
}

/// [`corner`] for a diagonal step of [`verdict_walk`], stepping `steps` along x and along y,
/// from the square at flat index `prev` with facts `here`. Kept out of line: most steps cross
/// an edge, and the walk's registers are better spent on them.
#[inline(never)]
fn corner_fast(
    line: &Line<'_>,
    prev: usize,
    here: SquareFact,
    (step_x, step_y): (isize, isize),
    occupant: &impl Fn(usize) -> Option<Occupant>,
) -> Verdict {
    // The wall bits (1 N, 2 E, 4 S, 8 W) of the edges crossed by a step along x, then along y.
    let wall_x = if step_x > 0 { 2 } else { 8 };
    let wall_y = if step_y > 0 { 4 } else { 1 };
    // The squares beside `prev` across its edge along x, then along y; going round the corner
    // through one crosses that edge of `prev`, then the other kind of edge of the side.
    let side = |at: usize, out: u8, on: u8| {
        let Some(f) = line.facts.get(at).copied() else {
            return Effect {
                terrain: Verdict::Blocked,
                figure: false,
            };
        };
        let terrain = if (here.walls() & out != 0) | (f.walls() & on != 0) {
            Verdict::Blocked
        } else {
            line.terrain(f)
        };
        Effect {
            terrain,
            figure: line.same_level() && line.figure(occupant(at)),
        }
    };
    let first = side(prev.wrapping_add_signed(step_x), wall_x, wall_y);
    // Under either rule a point beside one square that leaves the line clear is clear.
    if first.verdict() == Verdict::Clear {
        return Verdict::Clear;
    }
    let second = side(prev.wrapping_add_signed(step_y), wall_y, wall_x);
    corner_result(line.corner, [first, second])
}

/// What a corner point does to the line, from the effects of the two squares beside it.
#[inline]
fn corner_result(rule: CornerRule, effects: [Effect; 2]) -> Verdict {
    let side_verdicts = effects.map(Effect::verdict);
    match rule {
        CornerRule::LessRestrictive => {
            let r = side_verdicts[0].min(side_verdicts[1]);
            if r == Verdict::Blocked && effects[0].figure && effects[1].figure {
                effects[0].terrain.min(effects[1].terrain)
            } else {
                r
            }
        }
        CornerRule::HorrorClix => {
            let obstructed = |e: Effect| e.figure || e.terrain == Verdict::Blocked;
            let [a, b] = effects;
            if obstructed(a) && obstructed(b) {
                Verdict::Blocked
            } else if (a.terrain == Verdict::Hindered
                && (obstructed(b) || b.terrain >= Verdict::Hindered))
                || (b.terrain == Verdict::Hindered
                    && (obstructed(a) || a.terrain >= Verdict::Hindered))
            {
                Verdict::Hindered
            } else {
                Verdict::Clear
            }
        }
    }
}

/// What the corner point passed by the diagonal step from `prev` in direction `dir` does to
/// the line.
fn corner<O: Occupancy + ?Sized>(
    rules: &ClixLos,
    ctx: &Ctx<'_, O>,
    prev: Square,
    dir: Dir,
    sides: [Square; 2],
    report: &mut impl Report,
) -> Verdict {
    // `sides` are the squares beside `prev` across its vertical and its horizontal edge (see
    // `trace`); going round the corner through one crosses that edge, then the other kind.
    let (vertical, horizontal) = dir.components().unwrap_or((Dir::N, Dir::E));
    let ways = [(horizontal, vertical), (vertical, horizontal)];
    // Reasons about the side squares are not the line's own: evaluate them silently.
    let effects = [0, 1].map(|k| {
        let s = sides[k];
        let (out, on) = ways[k];
        let mut e = ctx.square(s, Role::Between, &mut Silent);
        // Going round the corner through this side would cross its walls.
        if ctx.wall(prev, out) || ctx.wall(s, on) {
            e.terrain = Verdict::Blocked;
        }
        e
    });
    let side_verdicts = effects.map(Effect::verdict);
    let between_figures = rules.corner == CornerRule::LessRestrictive
        && side_verdicts[0].min(side_verdicts[1]) == Verdict::Blocked
        && effects[0].figure
        && effects[1].figure;
    let result = corner_result(rules.corner, effects);
    report.corner(sides);
    report.note(LosNote::Corner {
        sides,
        side_verdicts,
        result,
        between_figures,
    });
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use skirmish_board::square::{MapKind, Terrain};

    proptest::proptest! {
        // Occupants read by index from a grid and by square from a list give the same verdicts.
        #[test]
        fn grid_and_list_occupancies_agree(
            cells in proptest::collection::vec((0u8..6, 0u8..3, 0u8..6), 48),
            (ax, ay, bx, by) in (0i32..8, 0i32..6, 0i32..8, 0i32..6),
        ) {
            let mut m = SquareMap::new("p", MapKind::Mixed, 8, 6);
            let mut list = Vec::new();
            for (i, (t, lvl, f)) in cells.into_iter().enumerate() {
                let s = Square::new(i as i32 % 8, i as i32 / 8);
                let c = m.cell_mut(s).unwrap();
                c.terrain = match t {
                    0 => Terrain::HINDERING,
                    1 => Terrain::BLOCKING,
                    _ => Terrain::CLEAR,
                };
                c.level = u8::from(lvl == 0);
                c.indoor = lvl == 1;
                if f == 0 {
                    list.push((s, Occupant { figure: FigureId(i as u32), level: m.level(s) }));
                }
            }
            let mut grid = OccupancyGrid::new(&m);
            for (s, o) in &list {
                grid.set(*s, Some(*o));
            }
            let ea = Endpoint::at(&m, Square::new(ax, ay));
            let eb = Endpoint::at(&m, Square::new(bx, by));
            for rules in [ClixLos::HEROCLIX, ClixLos::HORRORCLIX] {
                let by_grid = rules.verdict(&m, ea, eb, &grid);
                proptest::prop_assert_eq!(by_grid, rules.verdict(&m, ea, eb, list.as_slice()));
                proptest::prop_assert_eq!(by_grid, rules.explain(&m, ea, eb, list.as_slice()).verdict);
            }
        }
    }
}

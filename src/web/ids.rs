//! Typed element ids: every element of `www/index.html` that the web layer
//! or the wasm tests touch, named once. Compiled on every target so a
//! native test can check the page shell against it.

macro_rules! ids {
    ($($variant:ident => $name:literal,)*) => {
        /// An element id of the page shell.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[allow(missing_docs)]
        pub enum Id {
            $($variant,)*
        }

        impl Id {
            /// Every id, in page order.
            pub const ALL: &'static [Id] = &[$(Id::$variant,)*];

            /// The id as written in the HTML.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Id::$variant => $name,)*
                }
            }
        }
    };
}

ids! {
    Fatal => "fatal",
    Loading => "loading",
    Main => "main",
    LinkNote => "link-note",
    Start => "start",
    StartError => "start-error",
    Goal => "goal",
    GoalError => "goal-error",
    GoalNote => "goal-note",
    GoalNoteText => "goal-note-text",
    GoalUndo => "goal-undo",
    Budget => "budget",
    Solve => "solve",
    BudgetError => "budget-error",
    BudgetReason => "budget-reason",
    NodesField => "nodes-field",
    NodeBudget => "node-budget",
    NodeBudgetError => "node-budget-error",
    LimitNote => "limit-note",
    Mode => "mode",
    Metric => "metric",
    MetricNote => "metric-note",
    WarningBox => "warning-box",
    Warning => "warning",
    UseFast => "use-fast",
    Sample => "sample",
    Board => "board",
    BoardCaption => "board-caption",
    First => "first",
    Previous => "previous",
    Next => "next",
    Last => "last",
    ReplayStatus => "replay-status",
    ReplayNote => "replay-note",
    Guard => "guard",
    Play => "play",
    Speed => "speed",
    SpeedValue => "speed-value",
    Status => "status",
    Cost => "cost",
    InitialH => "initial-h",
    Expansions => "expansions",
    Summary => "summary",
    SolveRun => "solve-run",
    SolveProgress => "solve-progress",
    CancelSolve => "cancel-solve",
    Explanation => "explanation",
    Tabs => "tabs",
    TabSolution => "tab-solution",
    TabTrace => "tab-trace",
    TabPlay => "tab-play",
    TabLab => "tab-lab",
    TabRace => "tab-race",
    TabSpace => "tab-space",
    SolutionPanel => "solution-panel",
    Witness => "witness",
    WitnessEmpty => "witness-empty",
    Check => "check",
    Parity => "parity",
    Counters => "counters",
    ReplayHead => "replay-head",
    ReplayRows => "replay-rows",
    LedgerHead => "ledger-head",
    LedgerRows => "ledger-rows",
    LedgerTotal => "ledger-total",
    TracePanel => "trace-panel",
    TraceSizeNote => "trace-size-note",
    TraceStep => "trace-step",
    TraceRun => "trace-run",
    TraceReset => "trace-reset",
    TraceStatus => "trace-status",
    Predict => "predict",
    PredictBox => "predict-box",
    PredictScore => "predict-score",
    PredictQuestion => "predict-question",
    PredictChoices => "predict-choices",
    PredictMore => "predict-more",
    PredictTyped => "predict-typed",
    PredictAnswerLabel => "predict-answer-label",
    PredictAnswer => "predict-answer",
    PredictGo => "predict-go",
    PredictShownTitle => "predict-shown-title",
    PredictShown => "predict-shown",
    PredictSaid => "predict-said",
    TraceCodeTitle => "trace-code-title",
    TraceCode => "trace-code",
    TraceCodeNote => "trace-code-note",
    TraceLatest => "trace-latest",
    TraceNeighbours => "trace-neighbours",
    TraceExpansions => "trace-expansions",
    TraceFrontier => "trace-frontier",
    TraceNext => "trace-next",
    TraceLogHidden => "trace-log-hidden",
    TraceLog => "trace-log",
    TraceAlgorithm => "trace-algorithm",
    TraceWeight => "trace-weight",
    TraceHeuristic => "trace-heuristic",
    TraceWeightedNote => "trace-weighted-note",
    TraceIdaBudget => "trace-ida-budget",
    TraceIdaBudgetError => "trace-ida-budget-error",
    TraceBudgetNote => "trace-budget-note",
    TraceBack => "trace-back",
    TraceJump => "trace-jump",
    TraceGo => "trace-go",
    TraceJumpError => "trace-jump-error",
    AstarTrace => "astar-trace",
    TraceBoards => "trace-boards",
    TraceNextBoards => "trace-next-boards",
    TreeSummary => "tree-summary",
    TreeZoomIn => "tree-zoom-in",
    TreeZoomOut => "tree-zoom-out",
    TreeFit => "tree-fit",
    TreeKeys => "tree-keys",
    Tree => "tree",
    TreeCaption => "tree-caption",
    TreePathSummary => "tree-path-summary",
    TreePathBoards => "tree-path-boards",
    TreeList => "tree-list",
    TreeContours => "tree-contours",
    ContourF => "contour-f",
    ContourG => "contour-g",
    IdaTrace => "ida-trace",
    IdaLatest => "ida-latest",
    IdaBounds => "ida-bounds",
    IdaPath => "ida-path",
    IdaHead => "ida-head",
    IdaRows => "ida-rows",
    DownloadCsv => "download-csv",
    DownloadJson => "download-json",
    CheckInput => "check-input",
    CheckRun => "check-run",
    CheckResult => "check-result",
    Paths => "paths",
    PlayPanel => "play-panel",
    PlaySizeNote => "play-size-note",
    PlayStatus => "play-status",
    PlayMessage => "play-message",
    MoveUp => "move-up",
    MoveLeft => "move-left",
    MoveDown => "move-down",
    MoveRight => "move-right",
    Hint => "hint",
    HintCancel => "hint-cancel",
    HintText => "hint-text",
    PlayMoves => "play-moves",
    LabPanel => "lab-panel",
    LabSizeNote => "lab-size-note",
    WeightedWeight => "weighted-weight",
    WeightedHeuristic => "weighted-heuristic",
    WeightedRun => "weighted-run",
    WeightedSummary => "weighted-summary",
    WeightedLines => "weighted-lines",
    WeightedVerdict => "weighted-verdict",
    WorkshopExpr => "workshop-expr",
    WorkshopError => "workshop-error",
    WorkshopMarker => "workshop-marker",
    WorkshopHelp => "workshop-help",
    WorkshopTarget => "workshop-target",
    WorkshopRun => "workshop-run",
    WorkshopCancel => "workshop-cancel",
    WorkshopBar => "workshop-bar",
    WorkshopProgress => "workshop-progress",
    WorkshopStatus => "workshop-status",
    WorkshopNote => "workshop-note",
    WorkshopFigures => "workshop-figures",
    WorkshopLinks => "workshop-links",
    WorkshopHeat => "workshop-heat",
    WorkshopHead => "workshop-head",
    WorkshopRows => "workshop-rows",
    LabBudget => "lab-budget",
    LabBudgetError => "lab-budget-error",
    Compare => "compare",
    CompareCancel => "compare-cancel",
    CompareSummary => "compare-summary",
    CompareNote => "compare-note",
    CompareHead => "compare-head",
    CompareRows => "compare-rows",
    ExperimentRun => "experiment-run",
    ExperimentCancel => "experiment-cancel",
    ExperimentStatus => "experiment-status",
    ExperimentNote => "experiment-note",
    ExperimentHead => "experiment-head",
    ExperimentRows => "experiment-rows",
    ExperimentNotes => "experiment-notes",
    RacePanel => "race-panel",
    RaceIntro => "race-intro",
    RaceStep => "race-step",
    RacePlay => "race-play",
    RaceSpeed => "race-speed",
    RaceReset => "race-reset",
    RaceStatus => "race-status",
    RaceLeftTitle => "race-left-title",
    RaceLeftSearch => "race-left-search",
    RaceLeftHeuristic => "race-left-heuristic",
    RaceLeftWeight => "race-left-weight",
    RaceLeftFigures => "race-left-figures",
    RaceLeftStatus => "race-left-status",
    RaceLeftBoardsTitle => "race-left-boards-title",
    RaceLeftBoards => "race-left-boards",
    RaceRightTitle => "race-right-title",
    RaceRightSearch => "race-right-search",
    RaceRightHeuristic => "race-right-heuristic",
    RaceRightWeight => "race-right-weight",
    RaceRightFigures => "race-right-figures",
    RaceRightStatus => "race-right-status",
    RaceRightBoardsTitle => "race-right-boards-title",
    RaceRightBoards => "race-right-boards",
    RaceFinish => "race-finish",
    RaceBudgetNote => "race-budget-note",
    SpacePanel => "space-panel",
    SpaceSizeNote => "space-size-note",
    ExploreMemory => "explore-memory",
    Explore => "explore",
    ExploreCancel => "explore-cancel",
    ExploreRun => "explore-run",
    ExploreProgress => "explore-progress",
    ExploreStatus => "explore-status",
    ExploreNote => "explore-note",
    SpaceSummary => "space-summary",
    SpaceLog => "space-log",
    SpaceChart => "space-chart",
    SpaceHead => "space-head",
    SpaceRows => "space-rows",
    HardestNote => "hardest-note",
    Hardest => "hardest",
    SweepSection => "sweep-section",
    SweepSizeNote => "sweep-size-note",
    SweepStart => "sweep-start",
    SweepCancel => "sweep-cancel",
    SweepProgress => "sweep-progress",
    SweepStatus => "sweep-status",
    SweepNote => "sweep-note",
    SweepHead => "sweep-head",
    SweepRows => "sweep-rows",
    DepthSection => "depth-section",
    DepthSizeNote => "depth-size-note",
    DepthStart => "depth-start",
    DepthCancel => "depth-cancel",
    DepthProgress => "depth-progress",
    DepthStatus => "depth-status",
    DepthNote => "depth-note",
    DepthChart => "depth-chart",
    DepthHead => "depth-head",
    DepthRows => "depth-rows",
}

impl Id {
    /// The position of this id in [`Id::ALL`] (a cache index).
    pub fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::Id;

    const PAGE: &str = include_str!("../../www/index.html");

    #[test]
    fn every_id_is_in_the_page_exactly_once() {
        for id in Id::ALL {
            let attr = format!(" id=\"{}\"", id.name());
            assert_eq!(
                PAGE.matches(&attr).count(),
                1,
                "www/index.html must contain{attr} exactly once"
            );
        }
    }

    #[test]
    fn ids_are_distinct_and_indexed_in_order() {
        for (i, id) in Id::ALL.iter().enumerate() {
            assert_eq!(id.index(), i);
        }
        let mut names: Vec<&str> = Id::ALL.iter().map(|id| id.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Id::ALL.len());
    }
}

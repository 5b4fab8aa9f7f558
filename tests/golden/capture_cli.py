#!/usr/bin/env python3
"""Captures the CLI golden corpus: runs each case below with a given binary
(the one built from the code before a change) from the repository root and
writes tests/golden/cli/<name>.json with the args, standard input, exit
status, stdout and stderr. tests/cli_golden.rs replays every file.

    python3 tests/golden/capture_cli.py path/to/eight-puzzle [NAME ...]

With names after the binary, only the cases of those names (or starting
with a name ending in `*`) are captured.
"""
import json, os, subprocess, sys

B3 = "[1,2,3,4,5,6,0,7,8]"
HARD = "[8,6,7,2,5,4,3,0,1]"
UNSOLV = "[2,1,3,4,5,6,7,8,0]"
S23 = "[[1,2,3],[4,0,5]]"
ONE16 = "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15]"
MID16 = "[[5,1,2,4],[9,6,3,8],[13,10,7,11],[0,14,15,12]]"
UNS16 = "[[2,1,3,4],[5,6,7,8],[9,10,11,12],[13,14,15,0]]"
ONE25 = "[[1,2,3,4,5],[6,7,8,9,10],[11,12,13,14,15],[16,17,18,19,20],[21,22,23,0,24]]"
IN = "tests/golden/cli/inputs/"

CASES = [
    # help and version
    ("help_main", ["--help"]),
    ("help_version", ["--version"]),
    ("help_none", []),
    ("help_unknown_command", ["frobnicate"]),
] + [("help_" + c.replace("-", "_"), [c, "--help"]) for c in
     ["solve", "sweep", "trace", "check-trace", "batch", "korf100", "korf24", "space", "depth-table", "heuristic", "completions", "man"]] + [
    ("help_solve_short", ["solve", "-h"]),
    # the reference generated from the definitions
    ("completions_unknown_shell", ["completions", "tcsh"]),
    ("man_main", ["man"]),
    # solve: the 3×3 contract
    ("solve_baseline", ["solve", "--start", B3]),
    ("solve_baseline_json", ["solve", "--start", B3, "--json"]),
    ("solve_baseline_count_paths", ["solve", "--start", B3, "--count-paths"]),
    ("solve_baseline_budget1", ["solve", "--start", B3, "--budget", "1"]),
    ("solve_baseline_budget1_json", ["solve", "--start", B3, "--budget", "1", "--json"]),
    ("solve_baseline_budget2_json", ["solve", "--start", B3, "--budget=2", "--json"]),
    ("solve_hard_json", ["solve", "--start", HARD, "--json"]),
    ("solve_hard_human", ["solve", "--start", HARD]),
    ("solve_goal_is_start", ["solve", "--start", "[1,2,3,4,5,6,7,8,0]", "--json"]),
    ("solve_custom_goal", ["solve", "--start", "[1,2,3,8,0,4,7,6,5]", "--goal", "[1,2,3,8,4,0,7,6,5]"]),
    ("solve_rows_3x3", ["solve", "--start", "[[1,2,3],[4,5,6],[0,7,8]]", "--json"]),
    ("solve_unsolvable", ["solve", "--start", UNSOLV]),
    ("solve_unsolvable_json", ["solve", "--start", UNSOLV, "--json"]),
    ("solve_manhattan_is_contract", ["solve", "--start", B3, "--heuristic", "manhattan", "--json"]),
    ("solve_mode_optimal_3x3", ["solve", "--start", B3, "--mode", "optimal", "--json"]),
    # solve: 3×3 invalid inputs
    ("solve_budget_abc_json", ["solve", "--start", B3, "--budget=abc", "--json"]),
    ("solve_budget_neg", ["solve", "--start", B3, "--budget", "-5"]),
    ("solve_budget_zero", ["solve", "--start", B3, "--budget", "0"]),
    ("solve_budget_big_json", ["solve", "--start", B3, "--budget", "10001", "--json"]),
    ("solve_budget_float", ["solve", "--start", B3, "--budget", "2.5"]),
    ("solve_budget_empty", ["solve", "--start", B3, "--budget", ""]),
    ("solve_start_numeric_string_json", ["solve", "--start=[1,\"2\"]", "--json"]),
    ("solve_start_duplicate", ["solve", "--start", "[1,1,3,4,5,6,7,8,0]"]),
    ("solve_start_not_json", ["solve", "--start", "abc"]),
    ("solve_start_not_json_json", ["solve", "--start", "abc", "--json"]),
    ("solve_start_empty", ["solve", "--start", ""]),
    ("solve_start_short", ["solve", "--start", "[1,2,3]"]),
    ("solve_start_eight", ["solve", "--start", "[1,2,3,4,5,6,7,8]", "--json"]),
    ("solve_start_ragged", ["solve", "--start", "[[1,2,3],[4,5]]", "--json"]),
    ("solve_start_too_big", ["solve", "--start", "[1,2,3,4,5,6,7,8,9]"]),
    ("solve_start_float", ["solve", "--start", "[1,2,3,4,5,6,7,8,0.5]", "--json"]),
    ("solve_start_4x4_out_of_range", ["solve", "--start", "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,16]"]),
    ("solve_start_6x5", ["solve", "--start", "[[1,2,3,4,5,6],[7,8,9,10,11,12],[13,14,15,16,17,18],[19,20,21,22,23,24],[25,26,27,28,29,0]]", "--json"]),
    ("solve_goal_duplicate_json", ["solve", "--start", B3, "--goal", "[1,2,3,4,5,6,7,8,8]", "--json"]),
    ("solve_goal_not_json", ["solve", "--start", B3, "--goal", "{"]),
    ("solve_goal_shape_mismatch_json", ["solve", "--start", B3, "--goal", ONE16, "--json"]),
    ("solve_goal_2x3_for_3x3", ["solve", "--start", B3, "--goal", "[[1,2,3],[4,5,0]]"]),
    ("solve_bad_start_and_budget", ["solve", "--start", "abc", "--budget", "0"]),
    ("solve_node_budget_3x3", ["solve", "--start", B3, "--node-budget", "5"]),
    ("solve_node_budget_3x3_json", ["solve", "--start", B3, "--heuristic", "manhattan", "--node-budget", "abc", "--json"]),
    ("solve_pdb663_on_3x3_json", ["solve", "--start", B3, "--heuristic", "pdb-663", "--json"]),
    ("solve_pdb8_on_3x3", ["solve", "--start", B3, "--heuristic", "pdb-8"]),
    ("solve_heuristic_foo_3x3", ["solve", "--start", B3, "--heuristic", "foo"]),
    ("solve_mode_bad", ["solve", "--start", B3, "--mode", "slow"]),
    ("solve_mode_bad_json", ["solve", "--start", "abc", "--mode", "slow", "--json"]),
    # solve: weighted A* (3×3)
    ("weighted_w2", ["solve", "--start", HARD, "--weight", "2"]),
    ("weighted_w2_json", ["solve", "--start", HARD, "--weight", "2", "--json"]),
    ("weighted_misplaced_json", ["solve", "--start", HARD, "--heuristic", "misplaced", "--json"]),
    ("weighted_twice_w15", ["solve", "--start", B3, "--heuristic", "twice-manhattan", "--weight", "1.5"]),
    ("weighted_lc_json", ["solve", "--start", HARD, "--heuristic", "linear-conflict", "--json"]),
    ("weighted_w1_json", ["solve", "--start", B3, "--weight", "1", "--json"]),
    ("weighted_budget5_json", ["solve", "--start", HARD, "--weight", "3", "--budget", "5", "--json"]),
    ("weighted_budget0", ["solve", "--start", HARD, "--weight", "3", "--budget", "0"]),
    ("weighted_unsolvable_json", ["solve", "--start", UNSOLV, "--weight", "2", "--json"]),
    ("weighted_unsolvable", ["solve", "--start", UNSOLV, "--weight", "2"]),
    ("weighted_w07", ["solve", "--start", HARD, "--weight", "0.7"]),
    ("weighted_w6_json", ["solve", "--start", HARD, "--weight", "6", "--json"]),
    ("weighted_wabc", ["solve", "--start", HARD, "--weight", "abc"]),
    ("weighted_w125_json", ["solve", "--start", HARD, "--weight", "1.25", "--json"]),
    ("weighted_on_2x3", ["solve", "--start", S23, "--weight", "2"]),
    ("weighted_on_2x3_json", ["solve", "--start", S23, "--weight", "2", "--json"]),
    ("weighted_fast", ["solve", "--start", HARD, "--weight", "2", "--mode", "fast"]),
    ("weighted_node_budget", ["solve", "--start", HARD, "--weight", "2", "--node-budget", "5"]),
    ("weighted_bad_start", ["solve", "--start", "[1,1,3,4,5,6,7,8,0]", "--weight", "2", "--json"]),
    ("weighted_bad_start_bad_weight", ["solve", "--start", "abc", "--weight", "0.7"]),
    ("weighted_bad_goal", ["solve", "--start", HARD, "--goal", "[1,2]", "--weight", "2"]),
    ("weighted_goal_mismatch", ["solve", "--start", HARD, "--goal", ONE16, "--weight", "2", "--json"]),
    ("weighted_bad_weight_bad_heuristic", ["solve", "--start", HARD, "--weight", "9", "--heuristic", "foo"]),
    # solve: fast
    ("fast_3x3", ["solve", "--start", HARD, "--mode", "fast"]),
    ("fast_3x3_json", ["solve", "--start", HARD, "--mode", "fast", "--json"]),
    ("fast_4x4_json", ["solve", "--start", MID16, "--mode", "fast", "--json"]),
    ("fast_4x4", ["solve", "--start", MID16, "--mode", "fast"]),
    ("fast_5x5_json", ["solve", "--start", ONE25, "--mode", "fast", "--json"]),
    ("fast_unsolvable_json", ["solve", "--start", UNS16, "--mode", "fast", "--json"]),
    ("fast_budget", ["solve", "--start", HARD, "--mode", "fast", "--budget", "5"]),
    ("fast_heuristic_json", ["solve", "--start", MID16, "--mode", "fast", "--heuristic", "manhattan", "--json"]),
    ("fast_node_budget", ["solve", "--start", MID16, "--mode", "fast", "--node-budget", "5"]),
    ("fast_bad_start", ["solve", "--start", "[1,2]", "--mode", "fast"]),
    # solve: other shapes, optimal
    ("shape_2x3", ["solve", "--start", S23]),
    ("shape_2x3_json", ["solve", "--start", S23, "--json"]),
    ("shape_2x2_json", ["solve", "--start", "[[1,2],[0,3]]", "--json"]),
    ("shape_3x4_json", ["solve", "--start", "[[1,2,3],[4,5,6],[7,8,9],[10,0,11]]", "--json"]),
    ("shape_4x3_human", ["solve", "--start", "[[1,2,3,4],[5,6,7,8],[9,10,0,11]]"]),
    ("shape_4x4_lc", ["solve", "--start", MID16, "--heuristic", "linear-conflict"]),
    ("shape_4x4_lc_json", ["solve", "--start", MID16, "--heuristic", "linear-conflict", "--json"]),
    ("shape_4x4_manhattan_cache_dir_json", ["solve", "--start", ONE16, "--heuristic", "manhattan", "--cache-dir", "/nonexistent/dir", "--json"]),
    ("shape_5x5_lc", ["solve", "--start", ONE25, "--heuristic", "linear-conflict"]),
    ("shape_4x4_unsolvable", ["solve", "--start", UNS16, "--heuristic", "manhattan"]),
    ("shape_4x4_unsolvable_json", ["solve", "--start", UNS16, "--json"]),
    ("shape_2x3_unsolvable", ["solve", "--start", "[[2,1,3],[4,5,0]]"]),
    ("shape_node_budget_cutoff", ["solve", "--start", MID16, "--heuristic", "manhattan", "--node-budget", "100"]),
    ("shape_node_budget_cutoff_json", ["solve", "--start", MID16, "--heuristic", "manhattan", "--node-budget", "100", "--json"]),
    ("shape_node_budget_tiny_json", ["solve", "--start", MID16, "--heuristic", "manhattan", "--node-budget", "1", "--json"]),
    ("shape_node_budget_zero_json", ["solve", "--start", ONE16, "--node-budget", "0", "--json"]),
    ("shape_node_budget_abc", ["solve", "--start", ONE16, "--node-budget", "abc"]),
    ("shape_node_budget_huge", ["solve", "--start", ONE16, "--node-budget", "1000000000000001"]),
    ("shape_budget_json", ["solve", "--start", ONE16, "--budget", "10", "--json"]),
    ("shape_budget_bad", ["solve", "--start", S23, "--budget", "abc"]),
    ("shape_heuristic_pdb_json", ["solve", "--start", ONE16, "--heuristic", "pdb", "--json"]),
    ("shape_heuristic_pdb65_on_4x4", ["solve", "--start", ONE16, "--heuristic", "pdb-65"]),
    ("shape_heuristic_misplaced_on_2x3", ["solve", "--start", S23, "--heuristic", "misplaced"]),
    ("shape_pdb78_on_2x3", ["solve", "--start", S23, "--heuristic", "pdb-78"]),
    ("shape_goal_mismatch_json", ["solve", "--start", ONE16, "--goal", "[1,2,3,4,5,6,7,8,0]", "--json"]),
    ("shape_goal_bad", ["solve", "--start", S23, "--goal", "[[1,2,3],[4,5,5]]"]),
    ("shape_goal_custom_json", ["solve", "--start", "[[1,2,3],[4,5,0]]", "--goal", "[[1,2,3],[4,0,5]]", "--json"]),
    ("shape_budget_and_heuristic", ["solve", "--start", S23, "--budget", "3", "--heuristic", "foo"]),
    ("shape_heuristic_and_node_budget", ["solve", "--start", S23, "--heuristic", "foo", "--node-budget", "0"]),
    # clap-level errors
    ("clap_solve_no_start", ["solve"]),
    ("clap_solve_unknown_flag", ["solve", "--start", B3, "--frob"]),
    ("clap_solve_start_twice", ["solve", "--start", B3, "--start", B3]),
    ("clap_trace_algorithm_bad", ["trace", "--start", B3, "--algorithm", "bfs"]),
    ("clap_trace_format_bad", ["trace", "--start", B3, "--format", "xml"]),
    ("clap_space_json_csv", ["space", "--json", "--csv"]),
    ("clap_space_goal_shape", ["space", "--shape", "2x3", "--goal", "[1,2,3,4,5,6,7,8,0]"]),
    ("clap_depth_table_json_csv", ["depth-table", "--json", "--csv"]),
    ("clap_korf100_threads_bad", ["korf100", "--threads", "abc"]),
    ("clap_space_threads_bad", ["space", "--threads", "-1"]),
    ("clap_batch_no_file", ["batch"]),
    ("clap_check_trace_no_file", ["check-trace", "--start", B3]),
    # trace
    ("trace_astar_csv", ["trace", "--start", B3]),
    ("trace_astar_json", ["trace", "--start", "[4,1,3,7,2,6,0,5,8]", "--format", "json"]),
    ("trace_ida_csv", ["trace", "--start", "[4,1,3,7,2,6,0,5,8]", "--algorithm", "idastar"]),
    ("trace_ida_json", ["trace", "--start", B3, "--algorithm", "idastar", "--format", "json"]),
    ("trace_astar_budget1", ["trace", "--start", B3, "--budget", "1"]),
    ("trace_ida_budget3", ["trace", "--start", "[4,1,3,7,2,6,0,5,8]", "--algorithm", "idastar", "--ida-budget", "3"]),
    ("trace_ida_with_budget", ["trace", "--start", B3, "--algorithm", "idastar", "--budget", "5"]),
    ("trace_astar_with_ida_budget", ["trace", "--start", B3, "--ida-budget", "5"]),
    ("trace_ida_budget_zero", ["trace", "--start", B3, "--algorithm", "idastar", "--ida-budget", "0"]),
    ("trace_ida_budget_abc", ["trace", "--start", B3, "--algorithm", "idastar", "--ida-budget", "abc"]),
    ("trace_unsolvable_csv", ["trace", "--start", UNSOLV]),
    ("trace_unsolvable_ida_json", ["trace", "--start", UNSOLV, "--algorithm", "idastar", "--format", "json"]),
    ("trace_bad_start", ["trace", "--start", "[1,2,3]"]),
    ("trace_bad_budget", ["trace", "--start", B3, "--budget", "abc"]),
    ("trace_custom_goal", ["trace", "--start", "[1,2,3,8,0,4,7,6,5]", "--goal", "[1,2,3,8,4,0,7,6,5]"]),
    ("trace_2x3_start", ["trace", "--start", S23]),
    # check-trace
    ("check_match", ["check-trace", "--start", "[4,1,3,7,2,6,0,5,8]", IN + "pops_match.csv"]),
    ("check_match_json", ["check-trace", "--start", "[4,1,3,7,2,6,0,5,8]", "--json", IN + "pops_match.csv"]),
    ("check_mismatch", ["check-trace", "--start", "[4,1,3,7,2,6,0,5,8]", IN + "pops_mismatch.txt"]),
    ("check_mismatch_json", ["check-trace", "--start", "[4,1,3,7,2,6,0,5,8]", "--json", IN + "pops_mismatch.txt"]),
    ("check_stdin", ["check-trace", "--start", B3, "-"], "123456078\n123456708\n"),
    ("check_stdin_short", ["check-trace", "--start", B3, "--json", "-"], "123456078\n"),
    ("check_bad_pops", ["check-trace", "--start", B3, IN + "pops_bad.txt"]),
    ("check_bad_pops_json", ["check-trace", "--start", B3, "--json", IN + "pops_bad.txt"]),
    ("check_missing_file", ["check-trace", "--start", B3, "/nonexistent/pops.txt"]),
    ("check_missing_file_json", ["check-trace", "--start", B3, "--json", "/nonexistent/pops.txt"]),
    ("check_bad_start_json", ["check-trace", "--start", "[1,2]", "--json", IN + "pops_match.csv"]),
    ("check_budget1", ["check-trace", "--start", "[4,1,3,7,2,6,0,5,8]", "--budget", "1", IN + "pops_match.csv"]),
    # batch
    ("batch_human", ["batch", IN + "batch.txt"]),
    ("batch_json", ["batch", IN + "batch.txt", "--json"]),
    ("batch_budget1_json", ["batch", IN + "batch.txt", "--budget", "1", "--json"]),
    ("batch_fast", ["batch", IN + "batch.txt", "--mode", "fast"]),
    ("batch_fast_json", ["batch", IN + "batch.txt", "--mode", "fast", "--json"]),
    ("batch_manhattan_json", ["batch", IN + "batch.txt", "--heuristic", "manhattan", "--json"]),
    ("batch_node_budget_json", ["batch", IN + "batch.txt", "--heuristic", "manhattan", "--node-budget", "3", "--json"]),
    ("batch_heuristic_foo", ["batch", IN + "batch.txt", "--heuristic", "foo"]),
    ("batch_lc_human", ["batch", IN + "batch.txt", "--heuristic", "linear-conflict"]),
    ("batch_fast_budget", ["batch", IN + "batch.txt", "--mode", "fast", "--budget", "5", "--json"]),
    ("batch_fast_heuristic", ["batch", IN + "batch.txt", "--mode", "fast", "--heuristic", "manhattan"]),
    ("batch_goal_3x3_json", ["batch", IN + "batch.txt", "--goal", "[1,2,3,4,5,6,7,8,0]", "--json"]),
    ("batch_small_default", ["batch", IN + "batch_small.txt"]),
    ("batch_small_default_json", ["batch", IN + "batch_small.txt", "--json"]),
    ("batch_mixed", ["batch", IN + "batch_mixed.txt"]),
    ("batch_mixed_json", ["batch", IN + "batch_mixed.txt", "--json"]),
    ("batch_mixed_cap0", ["batch", IN + "batch_mixed.txt", "--db-cache-mb", "0"]),
    ("batch_db_cache_bad", ["batch", IN + "batch_mixed.txt", "--db-cache-mb", "lots"]),
    ("batch_goal_bad", ["batch", IN + "batch.txt", "--goal", "[1,2]"]),
    ("batch_goal_bad_json", ["batch", IN + "batch.txt", "--goal", "x", "--json"]),
    ("batch_mode_bad", ["batch", IN + "batch.txt", "--mode", "slow"]),
    ("batch_budget_bad_json", ["batch", IN + "batch.txt", "--budget", "0", "--json"]),
    ("batch_node_budget_bad", ["batch", IN + "batch.txt", "--node-budget", "0"]),
    ("batch_missing_file", ["batch", "/nonexistent/boards.txt"]),
    ("batch_missing_file_bad_goal", ["batch", "/nonexistent/boards.txt", "--goal", "x"]),
    # korf100 / korf24
    ("korf100_ids_1_2", ["korf100", "--ids", "1,2"]),
    ("korf100_fast_json", ["korf100", "--ids", "1,2", "--mode", "fast", "--json"]),
    ("korf100_cutoff", ["korf100", "--ids", "3", "--heuristic", "manhattan", "--node-budget", "1000", "--threads", "1"]),
    ("korf100_cutoff_json", ["korf100", "--ids", "3,4", "--heuristic", "linear-conflict", "--node-budget", "1000", "--json"]),
    ("korf100_ids_101_json", ["korf100", "--ids", "101", "--json"]),
    ("korf100_ids_abc", ["korf100", "--ids", "1,abc"]),
    ("korf100_mode_bad", ["korf100", "--mode", "slow"]),
    ("korf100_heuristic_foo", ["korf100", "--heuristic", "foo"]),
    ("korf100_fast_heuristic", ["korf100", "--mode", "fast", "--heuristic", "manhattan", "--ids", "1"]),
    ("korf100_fast_node_budget_json", ["korf100", "--mode", "fast", "--node-budget", "5", "--json"]),
    ("korf100_node_budget_bad", ["korf100", "--node-budget", "0"]),
    ("korf100_mode_bad_ids_bad", ["korf100", "--mode", "slow", "--ids", "0"]),
    ("korf24_ids_1", ["korf24", "--ids", "1"]),
    ("korf24_ids_1_json", ["korf24", "--ids", "1", "--json"]),
    ("korf24_ids_51_json", ["korf24", "--ids", "51", "--json"]),
    ("korf24_pdb78", ["korf24", "--mode", "optimal", "--heuristic", "pdb-78"]),
    ("korf24_optimal_cutoff_json", ["korf24", "--ids", "1", "--mode", "optimal", "--heuristic", "manhattan", "--node-budget", "1000", "--json"]),
    ("korf24_heuristic_fast", ["korf24", "--heuristic", "manhattan", "--ids", "1"]),
    ("korf24_time_limit_optimal", ["korf24", "--mode", "optimal", "--time-limit", "1"]),
    ("korf24_time_limit_bad", ["korf24", "--time-limit", "0"]),
    ("korf24_node_budget_fast", ["korf24", "--node-budget", "5", "--json"]),
    ("korf24_mode_bad", ["korf24", "--mode", "slow"]),
    ("korf24_mode_empty", ["korf24", "--mode", ""]),
    # space
    ("space_2x2_csv", ["space", "--shape", "2x2", "--csv"]),
    ("space_2x3_human", ["space", "--shape", "2x3", "--threads", "2"]),
    ("space_3x2_json", ["space", "--shape", "3x2", "--json", "--threads", "2"]),
    ("space_goal_rows_json", ["space", "--goal", "[[1,2,3],[4,0,5]]", "--json", "--threads", "1"]),
    ("space_3x3_json", ["space", "--json", "--threads", "2"]),
    ("space_4x4", ["space", "--shape", "4x4"]),
    ("space_3x5_json", ["space", "--shape", "3x5", "--json"]),
    ("space_shape_bad", ["space", "--shape", "abc"]),
    ("space_goal_bad_json", ["space", "--goal", "[1,2]", "--json"]),
    ("space_goal_4x4", ["space", "--goal", ONE16]),
    # sweep
    ("sweep_budget5_json", ["sweep", "--budget", "5", "--json"]),
    ("sweep_budget_big_json", ["sweep", "--budget", "10001", "--json"]),
    ("sweep_budget_abc", ["sweep", "--budget", "abc"]),
    ("sweep_goal_bad_json", ["sweep", "--goal", "[1,2]", "--json"]),
    # depth-table (invalid only: the table takes minutes)
    ("depth_table_goal_bad_json", ["depth-table", "--goal", "[1,2,3]", "--json"]),
    ("depth_table_goal_bad", ["depth-table", "--goal", "[1,2,3]"]),
    # heuristic check
    ("help_heuristic_check", ["heuristic", "check", "--help"]),
    ("heuristic_manhattan", ["heuristic", "check", "--expr", "manhattan"]),
    ("heuristic_manhattan_json", ["heuristic", "check", "--expr", "manhattan", "--json"]),
    ("heuristic_misplaced", ["heuristic", "check", "--expr", "misplaced"]),
    ("heuristic_linear_conflict", ["heuristic", "check", "--expr", "linear_conflict"]),
    ("heuristic_twice_manhattan", ["heuristic", "check", "--expr", "2 * manhattan"]),
    ("heuristic_twice_manhattan_json", ["heuristic", "check", "--expr", "2 * manhattan", "--json"]),
    ("heuristic_issue_example", ["heuristic", "check", "--expr", "max(manhattan, 2 * misplaced - 1)"]),
    ("heuristic_issue_example_json", ["heuristic", "check", "--expr", "max(manhattan, 2 * misplaced - 1)", "--json"]),
    ("heuristic_conditional_2x3", ["heuristic", "check", "--shape", "3x2", "--expr", "if(blank_row == 0 && blank_col == 0, manhattan + 2, manhattan)"]),
    ("heuristic_goal_rows", ["heuristic", "check", "--goal", "[[1,2,3,4,5],[6,7,8,9,0]]", "--expr", "linear_conflict"]),
    ("heuristic_parse_error", ["heuristic", "check", "--expr", "max(manhattan, 2 * misplaced - )"]),
    ("heuristic_parse_error_json", ["heuristic", "check", "--expr", "manhattan +", "--json"]),
    ("heuristic_unknown_name", ["heuristic", "check", "--expr", "manhatan + 1"]),
    ("heuristic_unknown_name_json", ["heuristic", "check", "--expr", "manhatan + 1", "--json"]),
    ("heuristic_type_error", ["heuristic", "check", "--expr", "manhattan + (misplaced > 2)"]),
    ("heuristic_tile_out_of_range", ["heuristic", "check", "--shape", "3x2", "--expr", "md(6)"]),
    ("heuristic_division_by_zero", ["heuristic", "check", "--expr", "manhattan / (8 - misplaced)"]),
    ("heuristic_division_by_zero_json", ["heuristic", "check", "--expr", "manhattan / (8 - misplaced)", "--json"]),
    ("heuristic_negative", ["heuristic", "check", "--expr", "manhattan - 1"]),
    ("heuristic_overflow_json", ["heuristic", "check", "--expr", "manhattan * 4611686018427387904", "--json"]),
    ("heuristic_shape_too_large", ["heuristic", "check", "--expr", "manhattan", "--shape", "5x3"]),
    ("heuristic_goal_4x4_json", ["heuristic", "check", "--expr", "manhattan", "--goal", ONE16, "--json"]),
    ("heuristic_shape_bad", ["heuristic", "check", "--expr", "manhattan", "--shape", "3by3"]),
    ("heuristic_goal_bad_json", ["heuristic", "check", "--expr", "manhattan", "--goal", "[1,2]", "--json"]),
    ("heuristic_expr_missing", ["heuristic", "check"]),
    # heuristic cost, grade and exercise
    ("help_heuristic_cost", ["heuristic", "cost", "--help"]),
    ("help_heuristic_grade", ["heuristic", "grade", "--help"]),
    ("help_heuristic_exercise", ["heuristic", "exercise", "--help"]),
    ("heuristic_cost_3x2", ["heuristic", "cost", "--shape", "3x2", "--expr", "max(manhattan, misplaced)", "--per-depth", "3"]),
    ("heuristic_cost_3x2_json", ["heuristic", "cost", "--shape", "3x2", "--expr", "misplaced", "--per-depth", "2", "--json"]),
    ("heuristic_cost_inadmissible_3x2", ["heuristic", "cost", "--shape", "3x2", "--expr", "3 * manhattan", "--per-depth", "2"]),
    ("heuristic_cost_3x3_json", ["heuristic", "cost", "--expr", "linear_conflict", "--per-depth", "2", "--json"]),
    ("heuristic_cost_3x3", ["heuristic", "cost", "--expr", "max(misplaced, manhattan)", "--per-depth", "1"]),
    ("heuristic_cost_too_large", ["heuristic", "cost", "--expr", "manhattan", "--shape", "4x3"]),
    ("heuristic_cost_per_depth_zero", ["heuristic", "cost", "--expr", "manhattan", "--per-depth", "0"]),
    ("heuristic_cost_parse_error_json", ["heuristic", "cost", "--expr", "manhattan +", "--json"]),
    ("heuristic_grade_pass", ["heuristic", "grade", "--link", "https://example.org/eight-puzzle.html#exercise=3x3.123456780.astar.admissible.35798.572103846_152064783_263185047_603418725_428513076_128063457_740561832_153028647_452817063_207583614_765102438_236084571_170243568_302814756_340612875_175024638_170248536_457062381_654321870_867254301", "--expr", "linear_conflict"]),
    ("heuristic_grade_fail_nodes", ["heuristic", "grade", "--link", "#exercise=3x3.123456780.astar.admissible.35798.572103846_152064783_263185047_603418725_428513076_128063457_740561832_153028647_452817063_207583614_765102438_236084571_170243568_302814756_340612875_175024638_170248536_457062381_654321870_867254301", "--expr", "manhattan"]),
    ("heuristic_grade_fail_nodes_json", ["heuristic", "grade", "--link", "3x3.123456780.astar.admissible.35798.572103846_152064783_263185047_603418725_428513076_128063457_740561832_153028647_452817063_207583614_765102438_236084571_170243568_302814756_340612875_175024638_170248536_457062381_654321870_867254301", "--expr", "manhattan", "--json"]),
    ("heuristic_grade_inadmissible_json", ["heuristic", "grade", "--link", "3x3.123456780.astar.admissible.35798.572103846_152064783_263185047_603418725_428513076_128063457_740561832_153028647_452817063_207583614_765102438_236084571_170243568_302814756_340612875_175024638_170248536_457062381_654321870_867254301", "--expr", "2 * manhattan", "--json"]),
    ("heuristic_grade_2x2_any", ["heuristic", "grade", "--link", "2x2.1230.idastar.any.12.1032_0132", "--expr", "3 * manhattan"]),
    ("heuristic_grade_2x2_by_hand_json", ["heuristic", "grade", "--link", "2x2.1230.idastar.admissible.11.1032_0132", "--expr", "0", "--json"]),
    ("heuristic_grade_huge_h_json", ["heuristic", "grade", "--link", "3x3.123456780.astar.any.1000.867254301_123456708", "--expr", "100 * manhattan", "--json"]),
    ("heuristic_grade_link_missing", ["heuristic", "grade", "--link", "#tab=lab", "--expr", "manhattan"]),
    ("heuristic_grade_link_bad_nodes_json", ["heuristic", "grade", "--link", "3x3.123456780.astar.any.0.123456708", "--expr", "manhattan", "--json"]),
    ("heuristic_grade_link_unreachable", ["heuristic", "grade", "--link", "3x3.123456780.astar.any.5.213456780", "--expr", "manhattan"]),
    ("heuristic_grade_link_astar_2x2", ["heuristic", "grade", "--link", "2x2.1230.astar.any.5.1032", "--expr", "manhattan"]),
    ("heuristic_grade_expr_bad_json", ["heuristic", "grade", "--link", "2x2.1230.idastar.any.5.1032", "--expr", "manhatan", "--json"]),
    ("heuristic_grade_eval_error", ["heuristic", "grade", "--link", "2x2.1230.idastar.any.5.1032", "--expr", "1 / (manhattan - 1)"]),
    ("heuristic_exercise_make", ["heuristic", "exercise", "--target-nodes", "5000", "--boards", "867254301,123456708"]),
    ("heuristic_exercise_make_2x4_json", ["heuristic", "exercise", "--shape", "2x4", "--search", "idastar", "--any", "--target-nodes", "900", "--boards", "31052674,12345076", "--json"]),
    ("heuristic_exercise_bad_board", ["heuristic", "exercise", "--target-nodes", "5000", "--boards", "867254301,12345678"]),
    ("heuristic_exercise_bad_shape_json", ["heuristic", "exercise", "--shape", "5x5", "--target-nodes", "5000", "--boards", "1", "--json"]),
    ("heuristic_exercise_list", ["heuristic", "exercise", "--list"]),
]

def main():
    binary = os.path.abspath(sys.argv[1])
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    out_dir = os.path.join(root, "tests", "golden", "cli")
    names = set()
    only = sys.argv[2:]
    def wanted(name):
        return not only or any(name == o or (o.endswith("*") and name.startswith(o[:-1])) for o in only)
    for case in CASES:
        name, args = case[0], case[1]
        if not wanted(name):
            continue
        stdin = case[2] if len(case) > 2 else None
        assert name not in names, name
        names.add(name)
        env = dict(os.environ)
        env.pop("XDG_CACHE_HOME", None)
        p = subprocess.run([binary] + args, cwd=root, input=(stdin or "").encode(),
                           capture_output=True, env=env)
        record = {"args": args, "stdin": stdin, "status": p.returncode,
                  "stdout": p.stdout.decode(), "stderr": p.stderr.decode()}
        with open(os.path.join(out_dir, name + ".json"), "w") as f:
            json.dump(record, f, indent=1, ensure_ascii=False)
            f.write("\n")
    print(len(names), "cases")

main()

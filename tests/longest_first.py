"""The longest tests start first, one on each worker (a pytest plugin: tests/conftest.py).

``./test`` runs the suite on 2 x cores workers with pytest-xdist's ``worksteal``: each worker
is first handed a contiguous part of the collection, in file order, and a worker that runs
dry takes half of the longest queue left, from its end. A test of half a minute that its
worker reaches late (the twin machine, near the end of the alphabet) keeps the whole run
waiting on it after the other workers are done; started first, it runs beside everything
else. So the tests named below (the longest, measured by ``tools/slowest-tests``) are put
at the heads of those parts, longest first, one part after the other. Only the order
changes: every test still runs, and a test missing from this list (or a name left here
after it is gone) changes nothing but its place.
"""

from __future__ import annotations

import os

import pytest

LONGEST = (
    # Longest first by what each costs on an idle machine: its CPU and about a third of what
    # it waited for under load (the suite's CPU log, tests/cpu_meter.py; tools/cpu-table).
    # A browser's whole tournament (6 s of CPU and its waits), a venv built (4 s and pip's).
    "tests/test_phones_browser.py::test_four_phones_play_an_entered_pool_tournament_by_taps",
    "tests/test_lock.py::test_a_venv_built_from_an_older_lock_is_built_again",
    "tests/test_club_fuzz.py::",
    "tests/test_phones_page_checked.py::",
    # Four to three seconds of CPU each, none of it waiting: started late, one of them alone
    # is the run's last seconds.
    "tests/test_told_fit_fast.py::test_told_games_with_slips_get_the_same_answers",
    "tests/test_plain_toml.py::test_what_the_plain_reader_reads_tomllib_reads_the_same",
    "tests/test_told_fit_fast.py::test_a_deal_is_found_exactly_when_the_count_finds_one",
    "tests/test_pods_game.py::test_a_whole_tournament_plays_with_four_pods_on_lumas_dummy_devices[entered]",
    # The twin machine's three parts, one on each of three workers, then its scripted walks.
    "tests/test_twin_machine.py::test_two_worlds_differing_in_hidden_panels_look_sound",
    "tests/test_phones_hostile_network.py::",
    "tests/test_club_broker.py::test_headless_demo_tables_publish_through_the_device",
    "tests/test_plain_toml.py::test_a_config_of_plain_tables_and_values_is_read_without_tomllib",
    "tests/test_phones_browser.py::test_two_phones_play_a_mastermind_match_by_taps",
    "tests/test_twin_machine.py::",
    "tests/test_ui_kept.py::test_every_sample_screen_is_the_same_drawn_in_place_cold",
    "tests/test_club_night.py::",
    "tests/test_rules_legal_observe.py::test_a_truthful_table_pool_game",
    "tests/test_pods_game.py::test_a_whole_tournament_plays_with_four_pods_on_lumas_dummy_devices",
    "tests/test_referee_privacy.py::test_no_public_view_of_a_random_game_holds_a_hidden_number",
    "tests/test_ui_screens.py::test_every_key_screen_renders_to_png_at_every_size",
    "tests/test_side_channels.py::test_two_worlds_agreeing_in_public",
    "tests/test_phones_hostile_serving.py::",
)
"""Node-id prefixes of the longest tests, longest first (``tools/slowest-tests``)."""


def parts(count: int, workers: int) -> list[int]:
    """The sizes of worksteal's first hand-out of ``count`` tests to ``workers`` workers."""
    sizes = []
    for left_workers in range(workers, 0, -1):
        sizes.append((count - sum(sizes)) // left_workers)
    return sizes


def longest_first(items: list[pytest.Item], workers: int) -> list[pytest.Item]:
    """``items`` with the longest at the heads of the workers' first parts, round robin."""
    chosen: dict[str, pytest.Item] = {}
    for prefix in LONGEST:
        for item in items:
            if item.nodeid.startswith(prefix):
                chosen.setdefault(item.nodeid, item)
    if not chosen or workers < 2:
        return items
    long = list(chosen.values())
    rest = [item for item in items if item.nodeid not in chosen]
    ordered: list[pytest.Item] = []
    placed: set[str] = set()
    for part, size in enumerate(parts(len(items), workers)):
        heads = long[part::workers][:size]
        placed.update(item.nodeid for item in heads)
        fill = min(size - len(heads), len(rest))
        ordered += heads + rest[:fill]
        rest = rest[fill:]
    # Parts too small for their heads (a handful of tests chosen): the others after.
    return ordered + [item for item in long if item.nodeid not in placed] + rest


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # On an xdist worker (which runs with --dist no): every worker orders its collection
    # alike, as the scheduler requires. Under --dist load the long ones start early too.
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "0") or 0)
    if workers > 1:
        items[:] = longest_first(items, workers)
